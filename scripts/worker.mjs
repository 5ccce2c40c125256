// `pnpm worker`: the background job process (transcoding, conversions, schedules) from source (tsx), or from the
// build when there is no tsx (production image). It needs DATABASE_URL, the api's PostgreSQL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/api/dist/worker.mjs');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const [cmd, args] = existsSync(tsx)
  ? [tsx, [path.join(root, 'apps/api/src/worker.ts')]]
  : [process.execPath, ['--enable-source-maps', built]];
const child = spawn(cmd, [...args, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
