// `pnpm bench`: runs every tests/bench/*.bench.ts in turn; each writes bench/results/<name>.json.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, ROOT } from './lib.mjs';

const only = process.argv[2];
// Benchmarks that start the api as its own process use the built server: build it when stale.
build();
const files = readdirSync(path.join(ROOT, 'tests', 'bench')).filter(
  (f) => f.endsWith('.bench.ts') && (!only || f.includes(only)),
);
const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
for (const file of files) {
  console.log(`\n[bench] ${file}`);
  const result = spawnSync(tsx, [path.join(ROOT, 'tests', 'bench', file)], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
