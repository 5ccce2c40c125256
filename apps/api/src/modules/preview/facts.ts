import { Prisma } from '../../generated/prisma/client.ts';
import { type Reader, readRows } from '../../lib/hot-sql.ts';
import type { DerivativeMeta } from './producers.ts';

export interface MediaFacts {
  /** Pages of a document (from its sample-pages job), once known. */
  pageCount: number | null;
  /** Seconds of a video or audio (from its transcode), once known. */
  durationSeconds: number | null;
}

/** What the media jobs learned about each file (page count, duration), for file lists and cards. */
export const mediaFactsOf = async (db: Reader, fileIds: string[]) => {
  const facts = new Map<string, MediaFacts>();
  if (fileIds.length === 0) return facts;
  const rows = await readRows<{ file_id: string; meta: unknown }>(
    db,
    Prisma.sql`SELECT file_id, meta FROM file_derivatives
      WHERE file_id = ANY(${fileIds}::text[]) AND variant IN ('hls', 'pages') AND status = 'ready'`,
  );
  for (const row of rows) {
    const meta = (row.meta ?? {}) as DerivativeMeta;
    const known = facts.get(row.file_id) ?? { pageCount: null, durationSeconds: null };
    facts.set(row.file_id, {
      pageCount: meta.pageCount ?? known.pageCount,
      durationSeconds: meta.durationSeconds ?? known.durationSeconds,
    });
  }
  return facts;
};
