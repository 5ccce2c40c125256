import type { FastifyInstance } from 'fastify';
import type { SessionUser } from './contract.ts';

/** What an access rule gets to look at: the stored file's id and owner. */
export interface FileRef {
  id: string;
  ownerId: number;
}

/**
 * What is to be read: the file itself (content, preview, playback, download), or only its thumbnail, a small picture
 * derived from it that cards show to everyone who may see the item (a paid resource's cards too), or its sample
 * (a paid resource's watermarked first seconds or pages, shown to those who have not bought it).
 */
export type FileAccessPurpose = 'content' | 'thumbnail' | 'sample';

/**
 * A reason someone other than the owner may read a file (a published free resource, a purchase…). Rules answer
 * true to grant; they never deny. A rule granting the content grants the thumbnail too. Features register theirs at
 * start-up.
 */
export type FileAccessRule = (input: {
  app: FastifyInstance;
  user: SessionUser | null;
  file: FileRef;
  purpose: FileAccessPurpose;
}) => boolean | Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    fileAccessRules: FileAccessRule[];
  }
}

export const registerFileAccessRule = (app: FastifyInstance, rule: FileAccessRule) => {
  app.fileAccessRules.push(rule);
};

/** The one place deciding who may read a stored file: its owner, an administrator, or any registered rule. */
export const canReadFile = async (
  app: FastifyInstance,
  user: SessionUser | null,
  file: FileRef,
  purpose: FileAccessPurpose = 'content',
) => {
  if (user && (user.id === file.ownerId || user.isAdmin)) return true;
  for (const rule of app.fileAccessRules) {
    if (await rule({ app, user, file, purpose })) return true;
  }
  return false;
};
