import type { ChapterRef, ResourceCard, ResourceDetail, ResourceType } from '@zyk/shared';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Reader } from '../../lib/hot-sql.ts';
import { publishedSql } from '../../lib/visibility.ts';
import { type PersonName, peopleOf } from '../auth/users.ts';
import { chapterRefsOf } from '../catalogue/tree.ts';
import { dictNames } from '../dict/service.ts';
import { fileTypesAndSizes, storedFilesInOrder } from '../files/records.ts';
import { mediaFactsOf } from '../preview/facts.ts';

/** The columns every resource card needs; `r` is resources. Author names come from auth (`toCards`). */
export const CARD_COLUMNS = Prisma.sql`
  r.id, r.type::text AS type, r.train_type, r.title, r.cover_file_id, r.stage_id, r.subject_id, r.price,
  r.view_count, r.play_count, r.download_count, r.star_count, r.collect_count, r.comment_count, r.published_at,
  r.author_id,
  (SELECT rf.file_id FROM resource_files rf WHERE rf.resource_id = r.id ORDER BY rf.sort LIMIT 1) AS first_file_id,
  (SELECT rc.node_id FROM resource_chapters rc WHERE rc.resource_id = r.id ORDER BY rc.sort LIMIT 1) AS first_chapter_id`;

/**
 * The cards of one page, in its order: `page` answers the page's `id`s (and what `order` sorts by, as `page.*`),
 * already sorted and cut to the page. A card costs a subquery (its first file) and its author's name, so cards
 * are built for the page's rows only, never for every candidate before sorting: a common search word or an
 * unfiltered list has thousands.
 */
export const pageCards = (page: Prisma.Sql, order: Prisma.Sql) => Prisma.sql`
  SELECT ${CARD_COLUMNS} FROM (${page}) page JOIN resources r ON r.id = page.id
  ORDER BY ${order}`;

/** Only what the public may see: published and not deleted (the partial list indexes use exactly this). */
export const PUBLIC = publishedSql('r');

export interface CardRow {
  id: number;
  type: string;
  train_type: string | null;
  title: string;
  cover_file_id: string | null;
  stage_id: number | null;
  subject_id: number | null;
  price: number;
  view_count: number;
  play_count: number;
  download_count: number;
  star_count: number;
  collect_count: number;
  comment_count: number;
  published_at: Date | null;
  author_id: number;
  first_file_id: string | null;
  first_chapter_id: number | null;
}

type FileFacts = ResourceCard['file'];

const toCard = (
  row: CardRow,
  names: Map<number, string>,
  authors: Map<number, PersonName>,
  files: Map<string, NonNullable<FileFacts>>,
  chapters: Map<number, ChapterRef>,
): ResourceCard => ({
  id: row.id,
  type: row.type as ResourceType,
  trainType: row.train_type,
  title: row.title,
  coverFileId: row.cover_file_id,
  thumbnailFileId: row.cover_file_id ?? row.first_file_id,
  stageId: row.stage_id,
  subjectId: row.subject_id,
  stageName: row.stage_id === null ? null : (names.get(row.stage_id) ?? null),
  subjectName: row.subject_id === null ? null : (names.get(row.subject_id) ?? null),
  authorName: authors.get(row.author_id)?.realName ?? '',
  authorMemberId: authors.get(row.author_id)?.memberId ?? '',
  price: row.price,
  viewCount: row.view_count,
  playCount: row.play_count,
  downloadCount: row.download_count,
  starCount: row.star_count,
  collectCount: row.collect_count,
  commentCount: row.comment_count,
  publishedAt: row.published_at?.toISOString() ?? null,
  file: (row.first_file_id && files.get(row.first_file_id)) || null,
  chapter: (row.first_chapter_id !== null && chapters.get(row.first_chapter_id)) || null,
});

/** A resource's files in their order, with the page count or duration once the media jobs know them: a details'
 * `files`, for readers and reviewers alike. */
export const detailFilesOf = async (prisma: PrismaClient, resourceId: number): Promise<ResourceDetail['files']> => {
  const rows = await prisma.resourceFile.findMany({
    where: { resourceId },
    orderBy: { sort: 'asc' },
    select: { fileId: true },
  });
  const ids = rows.map((r) => r.fileId);
  const [stored, facts] = await Promise.all([storedFilesInOrder(prisma, ids), mediaFactsOf(prisma, ids)]);
  return stored.map((f) => ({
    id: f.id,
    name: f.originalName,
    size: Number(f.size),
    kind: f.kind,
    extension: f.extension,
    mimeType: f.mimeType,
    pageCount: facts.get(f.id)?.pageCount ?? null,
    durationSeconds: facts.get(f.id)?.durationSeconds ?? null,
  }));
};

/** Type, size and (once the media jobs know them) page count or duration of each card's first file. */
const fileFactsOf = async (db: Reader, ids: string[]) => {
  const [stored, facts] = await Promise.all([fileTypesAndSizes(db, ids), mediaFactsOf(db, ids)]);
  return new Map(
    [...stored].map(([id, f]) => [
      id,
      {
        type: f.extension,
        size: f.size,
        pageCount: facts.get(id)?.pageCount ?? null,
        durationSeconds: facts.get(id)?.durationSeconds ?? null,
      },
    ]),
  );
};

/**
 * Maps card rows (with any extra columns) to cards, resolving stage, subject and author names once. `reader`: the
 * pg pool on the busy list and search pages (prepared lookups), Prisma elsewhere.
 */
export const toCards = async <R extends CardRow>(prisma: PrismaClient, rows: R[], reader: Reader = prisma) => {
  const firstFiles = [...new Set(rows.flatMap((r) => (r.first_file_id ? [r.first_file_id] : [])))];
  const firstChapters = rows.flatMap((r) => (r.first_chapter_id !== null ? [r.first_chapter_id] : []));
  const [names, authors, files, chapters] = await Promise.all([
    dictNames(prisma),
    peopleOf(
      reader,
      rows.map((r) => r.author_id),
    ),
    fileFactsOf(reader, firstFiles),
    chapterRefsOf(prisma, firstChapters),
  ]);
  return rows.map((row) => ({ row, card: toCard(row, names, authors, files, chapters) }));
};
