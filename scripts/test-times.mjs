// `pnpm test:times [N]`: where the last `npm test` spent its time, per test file (wall seconds from the moment its
// worker started importing it until its last hook ended), slowest first; N rows, 20 by default.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'artifacts');

/** Every lane's file times of the last run (tests/support/file-times-reporter.ts), with each lane's wall time. */
export const readTimes = () => {
  if (!existsSync(ARTIFACTS)) return { lanes: [], files: [] };
  const lanes = readdirSync(ARTIFACTS)
    .filter((name) => /^vitest-times\..+\.json$/.test(name))
    .map((name) => ({ name: name.slice('vitest-times.'.length, -'.json'.length), ...readLane(name) }));
  return { lanes, files: lanes.flatMap((lane) => lane.files.map((file) => ({ ...file, lane: lane.name }))) };
};

const readLane = (name) => JSON.parse(readFileSync(path.join(ARTIFACTS, name), 'utf8'));

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

/** Prints the lanes' wall times, the sum of all files' times, and the `count` slowest files. */
export const printSlowest = ({ lanes, files }, count) => {
  if (files.length === 0) {
    console.log('No file times: run `npm test` first.');
    return;
  }
  const total = files.reduce((sum, f) => sum + f.wallMs, 0);
  console.log(
    `Test files: ${files.length}, ${Math.round(total / 1000)} s of file time in ` +
      lanes.map((lane) => `${lane.name} ${Math.round(lane.wallMs / 1000)} s`).join(', '),
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
