// `pnpm admin …`: runs the admin CLI from source (tsx) in a checkout, or the built one where the sources are not
// there (the production image and `scripts/runtime-layout.mjs` hold only the build and production dependencies).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/api/dist/admin.mjs');
const source = path.join(root, 'apps/api/src/cli/admin.ts');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const [cmd, args] = existsSync(tsx) && existsSync(source) ? [tsx, [source]] : [process.execPath, [built]];
const result = spawnSync(cmd, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
