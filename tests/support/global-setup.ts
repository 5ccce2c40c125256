import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seedIfEmpty } from '../../apps/api/src/demo/accounts.ts';
import { MIGRATIONS_DIR } from '../../apps/api/src/lib/paths.ts';
import { createPrisma } from '../../apps/api/src/plugins/prisma.ts';
import { DEMO_DB, TEMPLATE_DB } from './db-names.ts';
import { freePort } from './net.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the cluster's `postgres` database, for creating per-file databases. */
    pgAdminUrl: string;
    /** A folder that lives as long as the run, for fixtures made once and shared by its files (tests/support/demo.ts). */
    testRunDir: string;
  }
}

/**
 * One real PostgreSQL per test run: DATABASE_URL's server when set, otherwise an embedded cluster in a temp dir.
 * A template database is migrated and seeded once; every test file clones it (tests/support/db.ts). The demo
 * district is made on first use and cloned the same way (tests/support/demo.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'zyk-run-'));
  let stop = async () => {};
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zyk-pg-'));
    chmodSync(dir, 0o755); // as root the server runs as the postgres user, which must reach the folder
    const started = await startEmbeddedPostgres({
      dir: path.join(dir, 'data'),
      port: await freePort(),
      database: 'postgres',
      persistent: false,
      // A cluster that lives as long as the run: no crash of the machine has to be survived, so nothing waits for
      // the disk (every test file clones a database, which otherwise writes and flushes all of it).
      settings: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    });
    adminUrl = started.url;
    stop = async () => {
      await started.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A demo left by an earlier run on the same server is of an older schema: made again when first needed.
  await admin.query(`DROP DATABASE IF EXISTS ${DEMO_DB} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await migrate(templateUrl.toString(), MIGRATIONS_DIR);
  const prisma = createPrisma(templateUrl.toString());
  await seedIfEmpty(prisma);
  await prisma.$disconnect();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('testRunDir', runDir);
  return async () => {
    await stop();
    rmSync(runDir, { recursive: true, force: true });
  };
}
