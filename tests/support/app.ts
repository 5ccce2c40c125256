import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiClientOptions, createApiClient } from '@zyk/shared';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../../apps/api/src/app.ts';
import { createTestDatabase } from './db.ts';
import { DEMO_ENV, demoSnapshot } from './demo.ts';
import { cachingMediaConverters } from './media-cache.ts';
import { testConfig } from './test-config.ts';

export interface TestAppOptions {
  webDir?: string | null;
  env?: Record<string, string>;
  services?: Pick<AppOptions, 'sms' | 'paymentChannel' | 'clock'>;
  demo?: boolean;
  /** Conversions and transcodes of identical sources are taken from earlier runs (tests/support/media-cache.ts). */
  cacheMedia?: boolean;
}

/**
 * The real app on a real database, listening on a random loopback port, with a typed client that keeps the
 * session cookie like a browser would. With `demo`, the database and the stored files are a copy of the demo
 * district as `npm start` seeds it (made once per run, tests/support/demo.ts), the app starts without rate
 * limits or background worker unless `env` says otherwise, and the demo's documents and videos reuse earlier
 * conversions.
 */
export const startTestApp = async (options: TestAppOptions = {}) => {
  const demo = options.demo ? await demoSnapshot() : null;
  const db = await createTestDatabase(demo?.template);
  // Each app gets its own data folder (stored objects, secrets), never the repository's .data.
  const dataDir = options.env?.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'zyk-app-'));
  if (demo) cpSync(demo.dataDir, dataDir, { recursive: true });
  const config = testConfig(dataDir, { ...(demo && DEMO_ENV), ...options.env });
  const app = await buildApp({
    config,
    databaseUrl: db.url,
    webDir: options.webDir ?? null,
    ...((options.cacheMedia ?? options.demo) && { mediaConverters: cachingMediaConverters }),
    ...options.services,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const client = (opts: ApiClientOptions = {}) => {
    const jar = new Map<string, string>();
    const call = createApiClient({
      baseUrl: address,
      ...opts,
      headers: () => ({ ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) }),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        for (const header of response.headers.getSetCookie()) {
          const [pair] = header.split(';');
          const [name, ...rest] = (pair ?? '').split('=');
          if (name) jar.set(name.trim(), rest.join('='));
        }
        return response;
      },
    });
    return { call, jar };
  };
  return {
    app,
    config,
    url: address,
    databaseUrl: db.url,
    prisma: app.prisma,
    client,
    close: async () => {
      await app.close();
      await db.drop();
      if (!options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The app for the tests of one file or describe block: started before them (before the block's own `beforeAll`
 * hooks registered after this call, which may then use it) and always closed after them, even when a test or hook
 * failed. `keep` stores it for the tests; `startTimeout` is for apps that take long to start (the demo district).
 */
export const testAppFor = (keep: (app: TestApp) => void, options: TestAppOptions = {}, startTimeout?: number) => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    keep(app);
  }, startTimeout);
  afterAll(async () => {
    await app?.close();
  });
};
