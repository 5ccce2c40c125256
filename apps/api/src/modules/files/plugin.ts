import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { FileAccessRule } from '../../lib/file-access.ts';
import storagePlugin from '../storage/plugin.ts';
import { FileUrlSigner, type SignedUrlOptions } from './signing.ts';

/** A ready derived version of a stored file (a PDF preview, a thumbnail); null storageKey: the original's bytes. */
export interface FileVariant {
  id: string;
  storageKey: string | null;
  size: bigint;
  mimeType: string;
  /** The extension the variant is served under. */
  extension: string;
  updatedAt: Date;
}

/** Answers a file's variant by name, or null; registered by the module that produces variants (preview). */
export type FileVariantSource = (fileId: string, variant: string) => Promise<FileVariant | null>;

declare module 'fastify' {
  interface FastifyInstance {
    fileUrls: FileUrlSigner;
    fileVariantSources: FileVariantSource[];
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
    app.decorate('fileUrls', new FileUrlSigner(opts.fileUrlSecret, app.clock));
    app.decorate('fileVariantSources', [] as FileVariantSource[]);
  },
  { name: 'files', dependencies: ['prisma'] },
);

/** Lets a module above files serve the variants it produces through signed file URLs (`?v=`). */
export const registerFileVariantSource = (app: FastifyInstance, source: FileVariantSource) => {
  app.fileVariantSources.push(source);
};

/** The ready variant of a file, from whichever registered source knows it, or null. */
export const findFileVariant = async (app: FastifyInstance, fileId: string, variant: string) => {
  for (const source of app.fileVariantSources) {
    const found = await source(fileId, variant);
    if (found) return found;
  }
  return null;
};

/** A short-lived URL for a stored file's bytes; decide with canReadFile first (signing.ts). */
export const createSignedFileUrl = (app: FastifyInstance, fileId: string, options: SignedUrlOptions = {}) =>
  app.fileUrls.url(fileId, options);
