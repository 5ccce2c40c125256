import { existsSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../apps/api/src/app.ts';
import { seedDemo } from '../../apps/api/src/demo/seed-modes.ts';
import { DEMO_DB, TEMPLATE_DB } from './db-names.ts';
import { testConfig } from './test-config.ts';

/** Settings the demo is made with; a file that clones it may start its app with others. */
export const DEMO_ENV = { RATE_LIMITS: 'false', JOB_WORKER: 'false' } as const;

/**
 * How long a hook that clones the demo may take: the first file of a run makes it (a minute or two; on a machine
 * without the generated-video cache, several).
 */
export const DEMO_HOOK_TIMEOUT = 600_000;

/** Serialises the making of the demo across the run's workers (any number, any project on the same cluster). */
const DEMO_LOCK = 'ziyuanku-tests:demo';

const dropDatabase = (admin: pg.Client, name: string) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/**
 * Seeds the demo district as `npm start` does (seedDemo, no background worker, so its media backlog stays queued as
 * a district sees it in the first minutes) into a clone of the template, under names that only become the final
 * ones when complete: a run interrupted half-way leaves nothing a later file would take for the demo.
 */
const makeDemo = async (admin: pg.Client, adminUrl: string, dataDir: string) => {
  const building = `${DEMO_DB}_building`;
  const buildingDir = `${dataDir}.building`;
  await dropDatabase(admin, building);
  rmSync(buildingDir, { recursive: true, force: true });
  await admin.query(`CREATE DATABASE ${building} TEMPLATE ${TEMPLATE_DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const config = testConfig(buildingDir, DEMO_ENV);
  const app = await buildApp({ config, databaseUrl: url.toString(), webDir: null });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await seedDemo(app, config);
  } finally {
    await app.close();
  }
  // A template may have no other session; the app's pool is closed, but a straggler must not fail the run.
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [building]);
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${DEMO_DB}`);
  await rename(buildingDir, dataDir);
};

/**
 * The demo district of this run: a template database and the data folder (stored files, secrets) that belong to
 * it. Made by the first file that asks, in about a minute; every later file clones both in seconds instead of
 * seeding the demo again (tests/support/app.ts, `demo: true`).
 */
export const demoSnapshot = async (): Promise<{ template: string; dataDir: string }> => {
  const adminUrl = inject('pgAdminUrl');
  const dataDir = path.join(inject('testRunDir'), 'demo-data');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [DEMO_LOCK]);
    const made = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DEMO_DB]);
    if (made.rowCount === 0 || !existsSync(dataDir)) {
      await dropDatabase(admin, DEMO_DB);
      rmSync(dataDir, { recursive: true, force: true });
      await makeDemo(admin, adminUrl, dataDir);
    }
  } finally {
    await admin.end(); // ends the session, and with it the advisory lock
  }
  return { template: DEMO_DB, dataDir };
};
