import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { ObjectStorage } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
  }
}

export const localStorageDir = (config: Config) => config.STORAGE_DIR || path.join(config.DATA_DIR, 'objects');

/** The configured driver, ready to use (folders made / bucket created when missing). */
export const createStorage = async (config: Config): Promise<ObjectStorage> => {
  if (config.STORAGE_DRIVER === 's3') {
    const storage = new S3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      region: config.S3_REGION,
      pathStyle: config.S3_PATH_STYLE,
    });
    return storage;
  }
  const storage = new LocalStorage(localStorageDir(config));
  await storage.init();
  return storage;
};

/** The configured driver for a command-line tool, its S3 bucket created when missing (the server does so at start). */
export const openStorage = async (config: Config): Promise<ObjectStorage> => {
  const storage = await createStorage(config);
  if (storage instanceof S3Storage) await storage.init();
  return storage;
};

/** Decorates `app.storage` and adds the `storage` readiness check. */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const storage = await createStorage(opts.config);
    if (storage instanceof S3Storage) {
      // MinIO may still be starting: the readiness check reports it, uploads answer "storage unavailable".
      await storage.init().catch((error) => app.log.error({ err: error }, 'S3 bucket check failed'));
    }
    app.decorate('storage', storage);
    app.readinessChecks.set('storage', () => storage.check());
    app.addHook('onClose', async () => {
      await storage.close();
    });
  },
  { name: 'storage' },
);
