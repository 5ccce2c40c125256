import { MESSAGES } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { canReadFile } from '../../lib/file-access.ts';
import { storedFileById } from './records.ts';

/** What other modules ask of stored files: the row behind an id, and whether a user may read it. */

export const idParam = z.object({ id: z.string().max(64) });
const ID = /^[a-z2-7]{26}$/;

/** The stored file behind an id, or null (an id of the wrong form is never looked up). */
export const findStoredFile = (app: FastifyInstance, id: string) =>
  ID.test(id) ? storedFileById(app.prisma, id) : Promise.resolve(null);

/** The stored file behind an id; 404 otherwise. */
export const storedFile = async (app: FastifyInstance, id: string) => {
  const file = await findStoredFile(app, id);
  if (!file) throw new AppError('NOT_FOUND', MESSAGES.file.notFound);
  return file;
};

/** The stored file behind an id, if this user (or visitor) may read it; 404/401/403 otherwise. */
export const readableFile = async (app: FastifyInstance, user: SessionUser | null, id: string) => {
  const file = await storedFile(app, id);
  if (!(await canReadFile(app, user, file))) throw new AppError(user ? 'FORBIDDEN' : 'UNAUTHORIZED');
  return file;
};

/** Thumbnail / preview derivatives are served under a name derived from the original's. */
export const derivedName = (original: string, ext: string) => `${original.replace(/\.[^.]*$/, '') || 'file'}.${ext}`;
