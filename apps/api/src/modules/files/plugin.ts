import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { FileAccessRule } from '../../lib/file-access.ts';
import storagePlugin from '../storage/plugin.ts';
import { FileUrlSigner, type SignedUrlOptions } from './signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileUrls: FileUrlSigner;
  }
}

/**
 * Files as a service for every feature: `app.storage` and signed file URLs (`app.fileUrls`). The modules above it
 * (preview, uploads) are plugins of their own and depend on this one; it knows none of them.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config; fileUrlSecret: Buffer }) => {
    await app.register(storagePlugin, { config: opts.config });
    if (!app.hasDecorator('fileAccessRules')) app.decorate('fileAccessRules', [] as FileAccessRule[]);
    app.decorate('fileUrls', new FileUrlSigner(opts.fileUrlSecret));
  },
  { name: 'files', dependencies: ['prisma'] },
);

/** A short-lived URL for a stored file's bytes; decide with canReadFile first (signing.ts). */
export const createSignedFileUrl = (app: FastifyInstance, fileId: string, options: SignedUrlOptions = {}) =>
  app.fileUrls.url(fileId, options);
