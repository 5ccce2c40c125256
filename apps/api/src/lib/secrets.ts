import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret made once and kept in `<dataDir>/secrets/<name>` (0600), so it survives restarts; several api
 * instances must share DATA_DIR or be configured with the secret. Concurrent first starts agree: the file is
 * created exclusively and whoever loses the race reads the winner's.
 */
export const loadOrCreateSecret = async (dataDir: string, name: string, create: () => string) => {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  // DATA_DIR itself keeps the usual mode: a recursive mkdir would make it 0700 too, and the embedded PostgreSQL
  // (run as its own user when the api runs as root) could then not reach DATA_DIR/pg.
  await fs.mkdir(dataDir, { recursive: true });
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await fs.writeFile(file, create(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = (await fs.readFile(file, 'utf8')).trim();
  if (!text) throw new Error(`${file} 为空：请删除后重启`);
  return text;
};
