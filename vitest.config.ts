import { defineConfig } from 'vitest/config';

// Three projects, one command (`pnpm test`): unit (no I/O), integration (real Postgres, the app over HTTP),
// e2e (the built web in Debian Chromium). `npm test` runs e2e beside the other two (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two browser files at a time: a page spends most of its time waiting (network idle, animations, the
          // server), so a second file fills the gaps. After unit and integration when one vitest runs them all.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
