// `npm test`: everything CI checks, in order: install, build, lint, types, then unit, integration and e2e tests.
import { build, install, pnpm } from './lib.mjs';

const extra = process.argv.slice(2);
install();
build({ force: true });
pnpm(['exec', 'biome', 'ci', '.']);
pnpm(['-r', 'run', 'typecheck']);
pnpm(['exec', 'vitest', 'run', ...extra]);
