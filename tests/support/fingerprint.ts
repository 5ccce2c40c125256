import pg from 'pg';

/**
 * A digest of every row of every table: equal before and after a request means the request changed nothing.
 * Meant for the small per-file test databases. `ignore` leaves out tables a request may write on purpose (logs).
 */
export const databaseFingerprint = async (databaseUrl: string, options: { ignore?: string[] } = {}) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const parts: string[] = [];
    for (const { name } of tables) {
      if (options.ignore?.includes(name)) continue;
      const { rows } = await client.query<{ digest: string | null; n: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest, count(*) AS n FROM "${name}" t`,
      );
      parts.push(`${name}:${rows[0]?.n}:${rows[0]?.digest}`);
    }
    return parts.join('\n');
  } finally {
    await client.end();
  }
};
