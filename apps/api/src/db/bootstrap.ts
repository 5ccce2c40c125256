import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

export interface Database {
  url: string;
  /** Stops the embedded server when this process started it; a no-op otherwise. */
  stop: () => Promise<void>;
  embedded: boolean;
}

const canConnect = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};

/**
 * DATABASE_URL when set; otherwise the embedded cluster under DATA_DIR/pg (reusing one already running there,
 * e.g. when the admin CLI runs beside the server). Then applies pending migrations.
 */
export const prepareDatabase = async (config: Config, log: (msg: string) => void = () => {}): Promise<Database> => {
  const db = await openDatabase(config, log);
  await migrate(db.url, MIGRATIONS_DIR, log);
  return db;
};

/** The database prepareDatabase would use, as it is: not migrated (a restore must find it empty). */
export const openDatabase = async (config: Config, log: (msg: string) => void = () => {}): Promise<Database> => {
  let db: Database;
  if (config.DATABASE_URL) {
    db = { url: config.DATABASE_URL, stop: async () => {}, embedded: false };
  } else {
    const database = 'ziyuanku';
    const runningUrl = `postgresql://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/${database}`;
    if (await canConnect(runningUrl)) {
      db = { url: runningUrl, stop: async () => {}, embedded: true };
    } else {
      log(`starting embedded PostgreSQL in ${path.join(config.DATA_DIR, 'pg')} on port ${config.EMBEDDED_PG_PORT}`);
      const started = await startEmbeddedPostgres({
        dir: path.join(config.DATA_DIR, 'pg'),
        port: config.EMBEDDED_PG_PORT,
        database,
      });
      db = { ...started, embedded: true };
    }
  }
  return db;
};
