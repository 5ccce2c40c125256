import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const TEMPLATE_DB = 'zyk_template';

const createDatabase = async (prefix: string, template: string | null) => {
  const adminUrl = inject('pgAdminUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

/** A fresh database cloned from the migrated, seeded template: each test file gets its own. */
export const createTestDatabase = () => createDatabase('zyk_test', TEMPLATE_DB);

/** An empty database (no migrations), for testing the migrator itself. */
export const createEmptyDatabase = () => createDatabase('zyk_empty', null);
