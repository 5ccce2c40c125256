// `npm test`: everything CI checks, in order: install, build, lint, types, then unit, integration and e2e tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, install, pnpm, ROOT } from './lib.mjs';

const extra = process.argv.slice(2);
install();
build({ force: true });
pnpm(['exec', 'biome', 'ci', '.']);
pnpm(['-r', 'run', 'typecheck']);

const summary = path.join(ROOT, 'tests', 'artifacts', 'vitest-summary.json');
const vitest = spawnSync(
  path.join(ROOT, 'node_modules', '.bin', 'vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${summary}`, ...extra],
  { cwd: ROOT, stdio: 'inherit' },
);
// One plain closing line that any CI log reader understands.
if (existsSync(summary)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(summary, 'utf8'));
  console.log(`\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
process.exit(vitest.status ?? 1);
