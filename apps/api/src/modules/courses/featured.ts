import { FEATURED_KINDS, FEATURED_LIMITS, type FeaturedItem, type FeaturedKind, MESSAGES } from '@zyk/shared';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockKey, type Tx } from '../../lib/transaction.ts';
import { isPublished, PUBLISHED } from '../../lib/visibility.ts';
import { peopleOf } from '../auth/users.ts';
import { dictNames } from '../dict/service.ts';

/**
 * Courses and topics the console features in the boutique classroom (courses.featured_sort, topics.featured_sort;
 * null: not featured). The classroom home shows the featured ones first, in this order (service.ts `home`).
 */
type Db = PrismaClient | Tx;
const M = MESSAGES.console.curation;

interface Row {
  id: number;
  title: string;
  authorId: number;
  status: string;
  deletedAt: Date | null;
  publishedAt: Date | null;
}

const itemsOf = async (
  db: Db,
  prisma: PrismaClient,
  kind: FeaturedKind,
  rows: (Row & { stageId?: number | null; subjectId?: number | null; courseCount?: number })[],
): Promise<FeaturedItem[]> => {
  const [authors, names] = await Promise.all([
    peopleOf(
      db,
      rows.map((r) => r.authorId),
    ),
    dictNames(prisma),
  ]);
  return rows.map((r) => ({
    kind,
    id: r.id,
    title: r.title,
    authorName: authors.get(r.authorId)?.realName ?? '',
    detail:
      kind === 'course'
        ? [r.stageId, r.subjectId].flatMap((id) => (id ? [names.get(id) ?? ''] : [])).join(' ') || '未分学段学科'
        : `${r.courseCount ?? 0} 门课程`,
    published: isPublished(r),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  }));
};

const topicCourses = { _count: { select: { courses: { where: { course: { ...PUBLISHED } } } } } } as const;

const featuredRows = async (db: Db, kind: FeaturedKind, where: Prisma.CourseWhereInput & Prisma.TopicWhereInput) => {
  const orderBy = [{ featuredSort: 'asc' as const }, { id: 'asc' as const }];
  if (kind === 'course') return db.course.findMany({ where, orderBy });
  const topics = await db.topic.findMany({ where, orderBy, include: topicCourses });
  return topics.map((t) => ({ ...t, courseCount: t._count.courses }));
};

/** Both featured lists, in order (items no longer published included, marked). */
export const featuredLists = async (db: Db, prisma: PrismaClient) => {
  const notNull = { featuredSort: { not: null } };
  const [courses, topics] = await Promise.all([
    featuredRows(db, 'course', notNull),
    featuredRows(db, 'topic', notNull),
  ]);
  return {
    courses: await itemsOf(db, prisma, 'course', courses),
    topics: await itemsOf(db, prisma, 'topic', topics),
  };
};

/** Published, not yet featured, newest first; by title words when given. */
export const featureCandidates = async (prisma: PrismaClient, kind: FeaturedKind, keyword?: string) => {
  const where = {
    ...PUBLISHED,
    featuredSort: null,
    ...(keyword ? { title: { contains: keyword, mode: 'insensitive' as const } } : {}),
  };
  const orderBy = [{ publishedAt: 'desc' as const }, { id: 'desc' as const }];
  const rows =
    kind === 'course'
      ? await prisma.course.findMany({ where, orderBy, take: 20 })
      : (await prisma.topic.findMany({ where, orderBy, take: 20, include: topicCourses })).map((t) => ({
          ...t,
          courseCount: t._count.courses,
        }));
  return itemsOf(prisma, prisma, kind, rows);
};

const sortsOf = async (tx: Tx, kind: FeaturedKind) => {
  const select = { id: true, featuredSort: true, title: true } as const;
  const where = { featuredSort: { not: null } };
  const orderBy = [{ featuredSort: 'asc' as const }, { id: 'asc' as const }];
  return kind === 'course'
    ? tx.course.findMany({ where, select, orderBy })
    : tx.topic.findMany({ where, select, orderBy });
};

const setSort = (tx: Tx, kind: FeaturedKind, where: Prisma.CourseWhereInput, featuredSort: number | null) =>
  kind === 'course'
    ? tx.course.updateMany({ where, data: { featuredSort } })
    : tx.topic.updateMany({ where: where as Prisma.TopicWhereInput, data: { featuredSort } });

/** Features a published course or topic, last in its list; refused past the classroom home's room. */
export const addFeatured = async (tx: Tx, kind: FeaturedKind, id: number) => {
  const label = FEATURED_KINDS[kind];
  // The count is checked before the row is changed: one feature at a time per kind.
  await lockKey(tx, `courses:featured:${kind}`);
  const item =
    kind === 'course'
      ? await tx.course.findUnique({
          where: { id },
          select: { title: true, status: true, deletedAt: true, featuredSort: true },
        })
      : await tx.topic.findUnique({
          where: { id },
          select: { title: true, status: true, deletedAt: true, featuredSort: true },
        });
  if (!item || !isPublished(item)) throw new AppError('BAD_REQUEST', M.featuredNotPublished(label));
  if (item.featuredSort !== null) throw new AppError('CONFLICT', M.featuredAlready(label));
  const current = await sortsOf(tx, kind);
  if (current.length >= FEATURED_LIMITS[kind])
    throw new AppError('BAD_REQUEST', M.featuredFull(label, FEATURED_LIMITS[kind]));
  const sort = (current.at(-1)?.featuredSort ?? 0) + 1;
  const { count } = await setSort(tx, kind, { id, featuredSort: null, ...PUBLISHED }, sort);
  if (count !== 1) throw new AppError('CONFLICT', M.featuredAlready(label));
  return { title: item.title, sort };
};

/** Stops featuring it (whether or not it is still published). */
export const removeFeatured = async (tx: Tx, kind: FeaturedKind, id: number) => {
  const label = FEATURED_KINDS[kind];
  await lockKey(tx, `courses:featured:${kind}`);
  const current = await sortsOf(tx, kind);
  const item = current.find((c) => c.id === id);
  if (!item) throw new AppError('BAD_REQUEST', M.featuredNotFeatured(label));
  const { count } = await setSort(tx, kind, { id, featuredSort: { not: null } }, null);
  if (count !== 1) throw new AppError('BAD_REQUEST', M.featuredNotFeatured(label));
  return { title: item.title, sort: item.featuredSort };
};

/** `ids` is every featured item of the kind, once, in the new order. */
export const reorderFeatured = async (tx: Tx, kind: FeaturedKind, ids: number[]) => {
  await lockKey(tx, `courses:featured:${kind}`);
  const current = await sortsOf(tx, kind);
  const known = new Set(current.map((c) => c.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
    throw new AppError('BAD_REQUEST', M.featuredOrderMismatch);
  for (const [index, id] of ids.entries()) {
    const sort = index + 1;
    if (current.find((c) => c.id === id)?.featuredSort !== sort) await setSort(tx, kind, { id }, sort);
  }
  return {
    before: current.map((c) => ({ id: c.id, title: c.title })),
    after: ids.map((id) => ({ id, title: current.find((c) => c.id === id)?.title ?? '' })),
  };
};
