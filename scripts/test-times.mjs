// `pnpm test:times [N]`: where the last `npm test` spent its time, per test file (wall seconds from the moment its
// worker started importing it until its last hook ended), slowest first; N rows, 20 by default.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written by tests/support/file-times-reporter.ts when `npm test` runs vitest. */
export const TIMES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'tests',
  'artifacts',
  'vitest-times.json',
);

/** The file times of the last run and its wall time, or nothing when there was none. */
export const readTimes = () =>
  existsSync(TIMES_FILE) ? JSON.parse(readFileSync(TIMES_FILE, 'utf8')) : { wallMs: 0, files: [] };

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

/** Prints the run's wall time, the sum of all files' times, and the `count` slowest files. */
export const printSlowest = ({ wallMs, files }, count) => {
  if (files.length === 0) {
    console.log('No file times: run `npm test` first.');
    return;
  }
  const total = files.reduce((sum, f) => sum + f.wallMs, 0);
  console.log(
    `Test files: ${files.length} in ${Math.round(wallMs / 1000)} s of wall time ` +
      `(${Math.round(total / 1000)} s of file time; files run side by side)`,
  );
  console.log(`The ${Math.min(count, files.length)} slowest files (wall seconds, share of all file time):`);
  for (const file of [...files].sort((a, b) => b.wallMs - a.wallMs).slice(0, count)) {
    const share = `${((100 * file.wallMs) / total).toFixed(1)}%`.padStart(6);
    const state = file.state === 'passed' ? '' : `  (${file.state})`;
    console.log(
      `${seconds(file.wallMs)} s ${share}  ${file.project.padEnd(11)} ${file.file}  ${file.tests} tests${state}`,
    );
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printSlowest(readTimes(), Number(process.argv[2] ?? 20));
}
