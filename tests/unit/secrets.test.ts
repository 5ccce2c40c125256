import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from '../../apps/api/src/lib/secrets.ts';

describe('secrets in DATA_DIR', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zyk-secrets-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the secrets folder private without closing DATA_DIR to the embedded database', async () => {
    // A first command (pnpm admin …) may make DATA_DIR before the first start creates DATA_DIR/pg.
    const dataDir = path.join(root, 'fresh', '.data');
    const secret = await loadOrCreateSecret(dataDir, 'key', () => 'made-once');
    expect(await loadOrCreateSecret(dataDir, 'key', () => 'made-twice')).toBe(secret);
    const mode = (p: string) => statSync(p).mode & 0o777;
    expect(mode(path.join(dataDir, 'secrets'))).toBe(0o700);
    expect(mode(path.join(dataDir, 'secrets', 'key'))).toBe(0o600);
    // Others may enter DATA_DIR (PostgreSQL runs as its own user when the api runs as root).
    expect(mode(dataDir) & 0o005).toBe(0o005);
  });
});
