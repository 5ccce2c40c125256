import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { TEMPLATE_DB } from './db-names.ts';

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

/**
 * A fresh database cloned from the migrated, seeded template (or from another template, such as the demo
 * district's): each test file gets its own.
 */
export const createTestDatabase = (template = TEMPLATE_DB) => createDatabase('zyk_test', template);

/** An empty database (no migrations), for testing the migrator itself. */
export const createEmptyDatabase = () => createDatabase('zyk_empty', null);
