import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { DerivativeMeta } from './queue.ts';

export interface MediaFacts {
  /** Pages of a document (from its sample-pages job), once known. */
  pageCount: number | null;
  /** Seconds of a video or audio (from its transcode), once known. */
  durationSeconds: number | null;
}

/** What the media jobs learned about each file (page count, duration), for file lists and cards. */
export const mediaFactsOf = async (prisma: PrismaClient, fileIds: string[]) => {
  const facts = new Map<string, MediaFacts>();
  if (fileIds.length === 0) return facts;
  const rows = await prisma.fileDerivative.findMany({
    where: { fileId: { in: fileIds }, variant: { in: ['hls', 'pages'] }, status: 'ready' },
    select: { fileId: true, meta: true },
  });
  for (const row of rows) {
    const meta = (row.meta ?? {}) as DerivativeMeta;
    const known = facts.get(row.fileId) ?? { pageCount: null, durationSeconds: null };
    facts.set(row.fileId, {
      pageCount: meta.pageCount ?? known.pageCount,
      durationSeconds: meta.durationSeconds ?? known.durationSeconds,
    });
  }
  return facts;
};
