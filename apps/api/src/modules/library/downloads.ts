import { MESSAGES } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { registerFileAccessRule } from '../../lib/file-access.ts';
import { isPublished } from '../../lib/visibility.ts';
import { createSignedFileUrl } from '../files/plugin.ts';
import { storedFileById } from '../files/records.ts';
import { canDownloadAs, canDownloadResource, isEntitled } from './access.ts';
import type { createInteractionService } from './interactions.ts';

interface ResourceOfFile {
  id: number;
  author_id: number;
  price: number;
  status: string;
  deleted_at: Date | null;
  is_cover: boolean;
}

/**
 * Files of resources: a cover of a published resource is public, and so are the thumbnails and samples of its files
 * (its cards show them, paid or not); a resource's files themselves follow canDownloadResource (the same rule as downloads, so
 * preview, playback and download agree).
 */
export const registerLibraryFileRule = (app: FastifyInstance) =>
  registerFileAccessRule(app, async ({ user, file, purpose }) => {
    const rows = await app.prisma.$queryRaw<ResourceOfFile[]>`
      SELECT r.id, r.author_id, r.price, r.status::text AS status, r.deleted_at, r.cover_file_id = ${file.id} AS is_cover
      FROM resources r
      WHERE r.cover_file_id = ${file.id}
         OR r.id IN (SELECT rf.resource_id FROM resource_files rf WHERE rf.file_id = ${file.id})`;
    for (const r of rows) {
      const facts = { authorId: r.author_id, price: r.price, status: r.status, deletedAt: r.deleted_at };
      const visible = isPublished(facts);
      if ((r.is_cover || purpose === 'thumbnail' || purpose === 'sample') && visible) return true;
      if (!r.is_cover && canDownloadResource(user, facts)) return true;
      // Only a paid resource's buyers need the orders looked up.
      if (
        !r.is_cover &&
        user &&
        r.price > 0 &&
        canDownloadResource(user, facts, await isEntitled(app.resourceEntitlements, user.id, r.id))
      ) {
        return true;
      }
    }
    return false;
  });

/** Samples are watermarked with the number of the resource a file belongs to (its details page shows it). */
export const registerLibraryWatermarkLabel = (app: FastifyInstance) =>
  app.previews.setLabelSource(async (fileId) => {
    const rows = await app.prisma.$queryRaw<{ id: number }[]>`
      SELECT resource_id AS id FROM resource_files WHERE file_id = ${fileId} ORDER BY resource_id LIMIT 1`;
    return rows[0] ? `资源编号 ${rows[0].id}` : null;
  });

/**
 * Authorizes, counts and records a download, and answers a short-lived attachment URL for the file. Visitors download
 * free, published resources (counted, not in anyone's history) unless the deployment asks for a login.
 */
export const createDownloadService = (
  app: FastifyInstance,
  interactions: ReturnType<typeof createInteractionService>,
  downloadRequiresLogin: boolean,
) => ({
  download: async (user: SessionUser | null, resourceId: number, fileId?: string) => {
    if (user === null && downloadRequiresLogin) throw new AppError('UNAUTHORIZED', MESSAGES.download.loginRequired);
    const resource = await app.prisma.resource.findUnique({
      where: { id: resourceId },
      include: { files: { orderBy: { sort: 'asc' } } },
    });
    if (!resource || resource.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.resource.notFoundOrDeleted);
    const purchased =
      user !== null && resource.price > 0 && (await isEntitled(app.resourceEntitlements, user.id, resource.id));
    if (!canDownloadAs(user, resource, purchased, downloadRequiresLogin)) {
      throw new AppError(
        'FORBIDDEN',
        isPublished(resource) && resource.price > 0 ? MESSAGES.download.paidResource : MESSAGES.download.unavailable,
      );
    }
    const chosen = fileId ?? resource.files[0]?.fileId;
    if (!chosen || !resource.files.some((f) => f.fileId === chosen)) {
      throw new AppError('NOT_FOUND', MESSAGES.download.fileNotInResource);
    }
    const file = (await storedFileById(app.prisma, chosen))!;
    await interactions.recordDownload(user?.id ?? null, resourceId);
    return {
      url: createSignedFileUrl(app, file.id, { disposition: 'attachment', ttlSeconds: 300 }),
      fileName: file.originalName,
    };
  },
});
