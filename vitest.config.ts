import { defineConfig } from 'vitest/config';
import MixedSequencer from './tests/support/sequencer.ts';

// Three projects, one command (`pnpm test`): unit (no I/O), integration (real Postgres, the app over HTTP),
// e2e (the built web in Debian Chromium). Two files run at a time, from all three projects in one queue: a test
// file waits on a database, a browser or a converter much of its time, and one at a time left one of the two CI
// cores idle half the run. One PostgreSQL serves the whole run (tests/support/global-setup.ts).
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    maxWorkers: 2,
    sequence: { sequencer: MixedSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          // Closing an app waits for the conversions its background worker has started.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
