import {
  MESSAGES,
  makePageBean,
  RESOURCE_TYPE_LABELS,
  type ResourceDetail,
  type ResourceType,
  type ReviewQueueItem,
  type ReviewResourceDetail,
} from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { AdminScope } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { registerFileAccessRule } from '../../lib/file-access.ts';
import type { Tx } from '../../lib/transaction.ts';
import { adminContextOf, requireInScope, scopeReachesContent } from '../auth/permissions.ts';
import { peopleOf, schoolsOfUsers, userIdsOfSchool } from '../auth/users.ts';
import { sendMessage } from '../messages/service.ts';
import { DEFAULT_SCHOOL_ID, schoolNames } from '../org/schools.ts';
import { CARD_COLUMNS, type CardRow, detailFilesOf, toCards } from './cards.ts';
import { chaptersOf } from './chapters.ts';
import { resourceDetailLink } from './links.ts';

type Db = PrismaClient | Tx;

/** 1: one review publishes. 2: the author's school approves first, then the district publishes. */
export type ReviewLevels = 1 | 2;

/** Who decides: an administrator's id and scope (the admin CLI decides as the district, with no user). */
export interface Reviewer {
  userId: number | null;
  scope: AdminScope;
}

/** The district as a reviewer: what the admin CLI acts as (it reaches everything and publishes directly). */
export const DISTRICT_REVIEWER: Reviewer = {
  userId: null,
  scope: { all: true, schoolId: null, stageId: null, subjectId: null },
};

interface ContentFacts {
  authorSchoolId: number;
  stageId: number | null;
  subjectId: number | null;
}

/**
 * What a reviewer may do to a pending resource at its level: publish it, give the school's first approval, or
 * nothing (outside their scope, or at a level that is not theirs).
 * - One level: anyone whose scope reaches it publishes.
 * - Two levels: a district administrator (scope all) publishes at either level (they may stand in for a school);
 *   at level 1 a school administrator of the author's school approves for the school; at level 2 a 教研员 of its
 *   stage (and subject) publishes. A school administrator never publishes, a 教研员 never approves for a school.
 */
export const reviewPowerOf = (
  scope: AdminScope,
  levels: ReviewLevels,
  facts: ContentFacts & { level: 1 | 2 },
): 'publish' | 'school' | null => {
  if (!scopeReachesContent(scope, facts)) return null;
  if (levels === 1 || scope.all) return 'publish';
  if (facts.level === 1) return scope.schoolId === facts.authorSchoolId ? 'school' : null;
  const bySubject =
    scope.stageId !== null &&
    scope.stageId === facts.stageId &&
    (scope.subjectId === null || scope.subjectId === facts.subjectId);
  return bySubject ? 'publish' : null;
};

/**
 * Whether a pending resource has its school's approval for the submission under review. An edit resubmits the
 * resource (a later updated_at), and the school approval keeps updated_at as it was, so an approval given to an
 * earlier version never counts for the new one.
 */
const schoolApproved = (r: { schoolReviewedAt: Date | null; updatedAt: Date }) =>
  r.schoolReviewedAt !== null && r.schoolReviewedAt >= r.updatedAt;
const SCHOOL_APPROVED_SQL = Prisma.sql`(r.school_reviewed_at IS NOT NULL AND r.school_reviewed_at >= r.updated_at)`;

/** The SQL condition (on `resources r`) for what a scope reaches: its school's members' work, its stage/subject. */
export const scopeCondition = async (db: Db, scope: AdminScope): Promise<Prisma.Sql> => {
  if (scope.all) return Prisma.sql`TRUE`;
  const parts: Prisma.Sql[] = [];
  if (scope.schoolId !== null) {
    const members = await userIdsOfSchool(db, scope.schoolId);
    if (members.length > 0) parts.push(Prisma.sql`r.author_id = ANY(${members}::int[])`);
  }
  if (scope.stageId !== null) {
    parts.push(
      scope.subjectId === null
        ? Prisma.sql`r.stage_id = ${scope.stageId}`
        : Prisma.sql`(r.stage_id = ${scope.stageId} AND r.subject_id = ${scope.subjectId})`,
    );
  }
  return parts.length > 0 ? Prisma.sql`(${Prisma.join(parts, ' OR ')})` : Prisma.sql`FALSE`;
};

export interface ReviewQueueFilters {
  current: number;
  size: number;
  type?: ResourceType | undefined;
  stageId?: number | undefined;
  subjectId?: number | undefined;
  keyword?: string | undefined;
  level?: 1 | 2 | undefined;
  sortWay: 'ASC' | 'DESC';
}

type QueueRow = CardRow & {
  updated_at: Date;
  school_reviewed_by: number | null;
  school_approved: boolean;
  file_count: number;
};

/** Pending resources the scope reaches, filtered and paged, oldest submission first unless asked otherwise. */
export const reviewQueuePage = async (
  prisma: PrismaClient,
  reviewer: Reviewer,
  levels: ReviewLevels,
  filters: ReviewQueueFilters,
) => {
  const where = [Prisma.sql`r.status = 'PENDING'`, Prisma.sql`r.deleted_at IS NULL`];
  where.push(await scopeCondition(prisma, reviewer.scope));
  if (filters.type) where.push(Prisma.sql`r.type = ${filters.type}::"ResourceType"`);
  if (filters.stageId) where.push(Prisma.sql`r.stage_id = ${filters.stageId}`);
  if (filters.subjectId) where.push(Prisma.sql`r.subject_id = ${filters.subjectId}`);
  if (filters.keyword) {
    const pattern = `%${filters.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(Prisma.sql`r.title ILIKE ${pattern}`);
  }
  if (levels === 2 && filters.level === 1) where.push(Prisma.sql`NOT ${SCHOOL_APPROVED_SQL}`);
  if (levels === 2 && filters.level === 2) where.push(SCHOOL_APPROVED_SQL);
  const condition = Prisma.join(where, ' AND ');
  const direction = filters.sortWay === 'DESC' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const [rows, count] = await Promise.all([
    prisma.$queryRaw<QueueRow[]>`
      SELECT ${CARD_COLUMNS}, r.updated_at, r.school_reviewed_by, ${SCHOOL_APPROVED_SQL} AS school_approved,
        (SELECT count(*)::int FROM resource_files rf WHERE rf.resource_id = r.id) AS file_count
      FROM resources r WHERE ${condition}
      ORDER BY r.updated_at ${direction}, r.id ${direction}
      LIMIT ${filters.size} OFFSET ${(filters.current - 1) * filters.size}`,
    prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM resources r WHERE ${condition}`,
  ]);
  const cards = await toCards(prisma, rows);
  const schoolOf = await schoolsOfUsers(
    prisma,
    rows.map((r) => r.author_id),
  );
  const [schools, reviewers] = await Promise.all([
    schoolNames(prisma, schoolOf.values()),
    peopleOf(
      prisma,
      rows.flatMap((r) => (r.school_reviewed_by === null ? [] : [r.school_reviewed_by])),
    ),
  ]);
  const objList: ReviewQueueItem[] = cards.map(({ row, card }) => {
    const authorSchoolId = schoolOf.get(row.author_id) ?? DEFAULT_SCHOOL_ID;
    const level = levels === 2 && row.school_approved ? 2 : 1;
    return {
      id: row.id,
      title: row.title,
      type: card.type,
      authorName: card.authorName,
      schoolName: schools.get(authorSchoolId) ?? null,
      stageName: card.stageName,
      subjectName: card.subjectName,
      submittedAt: row.updated_at.toISOString(),
      price: row.price,
      fileType: card.file?.type ?? null,
      fileSize: card.file?.size ?? null,
      fileCount: row.file_count,
      level,
      schoolReviewerName:
        level === 2 && row.school_reviewed_by !== null
          ? (reviewers.get(row.school_reviewed_by)?.realName ?? null)
          : null,
      actionable:
        reviewPowerOf(reviewer.scope, levels, {
          authorSchoolId,
          stageId: row.stage_id,
          subjectId: row.subject_id,
          level,
        }) !== null,
    };
  });
  return { objList, pageBean: makePageBean(filters.current, filters.size, Number(count[0]?.n ?? 0)) };
};

/** A resource with the facts review decisions need; 404 when it does not exist or was deleted. */
const reviewed = async (db: Db, id: number) => {
  const r = await db.resource.findUnique({ where: { id } });
  if (!r || r.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.console.review.resourceNotFound(id));
  const schools = await schoolsOfUsers(db, [r.authorId]);
  const facts: ContentFacts = {
    authorSchoolId: schools.get(r.authorId) ?? DEFAULT_SCHOOL_ID,
    stageId: r.stageId,
    subjectId: r.subjectId,
  };
  return { r, facts };
};

/** The resource as a reviewer sees it (any status, inside their scope), with what its preview and decision need. */
export const resourceForReview = async (
  prisma: PrismaClient,
  reviewer: Reviewer,
  levels: ReviewLevels,
  id: number,
): Promise<ReviewResourceDetail> => {
  const { r, facts } = await reviewed(prisma, id);
  requireInScope(scopeReachesContent(reviewer.scope, facts));
  const [row] = await prisma.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS} FROM resources r WHERE r.id = ${id}`;
  const [cards, files, schools, people, openReports, chapters] = await Promise.all([
    toCards(prisma, [row!]),
    detailFilesOf(prisma, id),
    schoolNames(prisma, [facts.authorSchoolId]),
    peopleOf(prisma, r.schoolReviewedBy === null ? [] : [r.schoolReviewedBy]),
    prisma.report.count({ where: { resourceId: id, status: 'OPEN' } }),
    chaptersOf(prisma, id),
  ]);
  const card = cards[0]!.card;
  const pending = r.status === 'PENDING';
  const level = levels === 2 && schoolApproved(r) ? 2 : 1;
  const detail: ResourceDetail = {
    ...card,
    description: r.description,
    tags: r.tags,
    status: r.status,
    reviewNote: r.reviewNote,
    chapters,
    files,
    // The reviewer is not a viewer: nothing of theirs (stars, history, purchases) belongs on a review.
    isOwner: false,
    starred: false,
    collected: false,
    playPosition: 0,
    canDownload: false,
    purchased: false,
  };
  const approvedBySchool = levels === 2 && schoolApproved(r);
  return {
    ...detail,
    authorName: card.authorName,
    schoolName: schools.get(facts.authorSchoolId) ?? null,
    submittedAt: r.updatedAt.toISOString(),
    level: pending ? level : null,
    schoolReviewerName:
      approvedBySchool && r.schoolReviewedBy !== null ? (people.get(r.schoolReviewedBy)?.realName ?? null) : null,
    schoolReviewedAt: approvedBySchool ? (r.schoolReviewedAt?.toISOString() ?? null) : null,
    actionable: pending && reviewPowerOf(reviewer.scope, levels, { ...facts, level }) !== null,
    openReports,
  };
};

/** What a decision changed, for the audit log and the answer. */
export interface ReviewOutcome {
  id: number;
  title: string;
  outcome: 'published' | 'school_approved';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Approves one pending resource as `reviewer` (see reviewPowerOf): publishes it, or records the school's first
 * approval (it stays pending, now at the district's level). The status changes only if it is still what was read
 * (updateMany on the expected state), so of two reviewers deciding at once exactly one succeeds; the other gets a
 * conflict. The author is told in the same transaction. The caller calls libraryChanged() once it has committed.
 */
export const approveResource = async (
  tx: Tx,
  reviewer: Reviewer,
  levels: ReviewLevels,
  id: number,
): Promise<ReviewOutcome> => {
  const texts = MESSAGES.console.review;
  const { r, facts } = await reviewed(tx, id);
  requireInScope(scopeReachesContent(reviewer.scope, facts));
  if (r.status !== 'PENDING') throw new AppError('CONFLICT', texts.notPending(r.title));
  const level = levels === 2 && schoolApproved(r) ? 2 : 1;
  const power = reviewPowerOf(reviewer.scope, levels, { ...facts, level });
  if (power === null)
    throw new AppError('CONFLICT', level === 1 ? texts.awaitsSchool(r.title) : texts.awaitsDistrict(r.title));
  const now = new Date();
  const label = RESOURCE_TYPE_LABELS[r.type];
  if (power === 'school') {
    const { count } = await tx.resource.updateMany({
      where: { id, status: 'PENDING', updatedAt: r.updatedAt, schoolReviewedAt: r.schoolReviewedAt },
      // updated_at stays: it dates the submission (see schoolApproved).
      data: { schoolReviewedBy: reviewer.userId, schoolReviewedAt: now, updatedAt: r.updatedAt },
    });
    if (count !== 1) throw new AppError('CONFLICT', texts.alreadyHandled(r.title));
    await sendMessage(tx, {
      userId: r.authorId,
      type: 'review',
      title: `学校初审通过：${r.title}`,
      content: `您上传的${label}“${r.title}”已通过学校初审，正等待区县审核，通过后即发布。`,
      link: '/personSpace/resource',
    });
    return {
      id,
      title: r.title,
      outcome: 'school_approved',
      before: { status: 'PENDING', level: 1 },
      after: { status: 'PENDING', level: 2 },
    };
  }
  const { count } = await tx.resource.updateMany({
    where: { id, status: 'PENDING' },
    data: { status: 'PUBLISHED', reviewNote: null, publishedAt: r.publishedAt ?? now },
  });
  if (count !== 1) throw new AppError('CONFLICT', texts.alreadyHandled(r.title));
  await sendMessage(tx, {
    userId: r.authorId,
    type: 'review',
    title: `审核通过：${r.title}`,
    content: `您上传的${label}“${r.title}”已通过审核并发布。`,
    link: resourceDetailLink(r),
  });
  return {
    id,
    title: r.title,
    outcome: 'published',
    before: { status: 'PENDING', ...(levels === 2 ? { level } : {}) },
    after: { status: 'PUBLISHED' },
  };
};

/**
 * Approves a batch (ids deduplicated). What someone else decided meanwhile, or what waits at a level that is not
 * this reviewer's, or was deleted, is skipped with the reason (its checks run before any write of it); an id
 * outside the scope refuses the whole batch. A single id is never skipped: its refusal is the answer. Nothing
 * approved is a conflict.
 */
export const approveResources = async (tx: Tx, reviewer: Reviewer, levels: ReviewLevels, ids: number[]) => {
  const unique = [...new Set(ids)];
  const approved: ReviewOutcome[] = [];
  const skipped: { id: number; title: string; reason: string }[] = [];
  for (const id of unique) {
    try {
      approved.push(await approveResource(tx, reviewer, levels, id));
    } catch (error) {
      if (unique.length === 1 || !(error instanceof AppError) || error.kind === 'FORBIDDEN') throw error;
      const resource = await tx.resource.findUnique({ where: { id }, select: { title: true } });
      skipped.push({ id, title: resource?.title ?? `资源 ${id}`, reason: error.message });
    }
  }
  if (approved.length === 0) throw new AppError('CONFLICT', MESSAGES.console.review.noneApproved);
  return { approved, skipped };
};

/** Rejects a pending resource the reviewer may decide on now; the school's approval, if any, is void with it. */
export const rejectResource = async (tx: Tx, reviewer: Reviewer, levels: ReviewLevels, id: number, reason: string) => {
  const texts = MESSAGES.console.review;
  const { r, facts } = await reviewed(tx, id);
  requireInScope(scopeReachesContent(reviewer.scope, facts));
  if (r.status !== 'PENDING') throw new AppError('CONFLICT', texts.notPending(r.title));
  const level = levels === 2 && schoolApproved(r) ? 2 : 1;
  if (reviewPowerOf(reviewer.scope, levels, { ...facts, level }) === null) {
    throw new AppError('CONFLICT', level === 1 ? texts.awaitsSchool(r.title) : texts.awaitsDistrict(r.title));
  }
  const { count } = await tx.resource.updateMany({
    where: { id, status: 'PENDING' },
    data: { status: 'REJECTED', reviewNote: reason, schoolReviewedBy: null, schoolReviewedAt: null },
  });
  if (count !== 1) throw new AppError('CONFLICT', texts.alreadyHandled(r.title));
  await sendMessage(tx, {
    userId: r.authorId,
    type: 'review',
    title: `审核未通过：${r.title}`,
    content: `您上传的${RESOURCE_TYPE_LABELS[r.type]}“${r.title}”未通过审核：${reason}。修改后可重新提交。`,
    link: '/personSpace/resource',
  });
  return { id, title: r.title, before: { status: 'PENDING' }, after: { status: 'REJECTED', reviewNote: reason } };
};

/**
 * Takes a published resource down and closes its open reports as acted upon; the author and each reporter are
 * told. Only from PUBLISHED (atomic), so two takedowns at once take it down once. `onReports`: the takedown
 * answers reports, and there must still be open ones.
 */
export const takeDownResource = async (
  tx: Tx,
  reviewer: Reviewer,
  id: number,
  reason: string,
  options: { onReports?: boolean } = {},
) => {
  const texts = MESSAGES.console.review;
  const { r, facts } = await reviewed(tx, id);
  requireInScope(scopeReachesContent(reviewer.scope, facts));
  if (r.status !== 'PUBLISHED') throw new AppError('CONFLICT', texts.notPublished(r.title));
  // Acting on reports that someone has meanwhile dismissed would take down what was just found fine.
  if (options.onReports && (await tx.report.count({ where: { resourceId: id, status: 'OPEN' } })) === 0) {
    throw new AppError('CONFLICT', texts.noOpenReports(id));
  }
  const { count } = await tx.resource.updateMany({
    where: { id, status: 'PUBLISHED' },
    data: { status: 'TAKEN_DOWN', reviewNote: reason },
  });
  if (count !== 1) throw new AppError('CONFLICT', texts.alreadyHandled(r.title));
  const reports = await tx.report.findMany({
    where: { resourceId: id, status: 'OPEN' },
    select: { id: true, userId: true },
  });
  if (reports.length > 0) {
    await tx.report.updateMany({
      where: { id: { in: reports.map((x) => x.id) }, status: 'OPEN' },
      data: { status: 'ACTIONED', resolution: reason, resolvedAt: new Date() },
    });
  }
  await sendMessage(tx, {
    userId: r.authorId,
    type: 'review',
    title: `资源已下架：${r.title}`,
    content: `您上传的“${r.title}”已被下架：${reason}。`,
    link: '/personSpace/resource',
  });
  for (const userId of new Set(reports.map((x) => x.userId))) {
    await sendMessage(tx, {
      userId,
      type: 'report',
      title: `举报已处理：${r.title}`,
      content: `感谢您的举报，该资源已下架（${reason}）。`,
    });
  }
  return {
    id,
    title: r.title,
    closedReports: reports.length,
    before: { status: 'PUBLISHED' },
    after: { status: 'TAKEN_DOWN', reviewNote: reason, closedReports: reports.length },
  };
};

interface ResourceOfFile {
  author_id: number;
  stage_id: number | null;
  subject_id: number | null;
}

/**
 * Reviewers read the files of resources in their scope whatever their status: a pending document's pages, a
 * pending video's playback (review.resources), and a reported paid resource in full (reports). Registered like the
 * library's own rule, so onlinePreview, thumbnails and signed links work for them unchanged.
 */
export const registerReviewerFileRule = (app: FastifyInstance) =>
  registerFileAccessRule(app, async ({ user, file }) => {
    if (!user) return false;
    const rows = await app.prisma.$queryRaw<ResourceOfFile[]>`
      SELECT r.author_id, r.stage_id, r.subject_id FROM resources r
      WHERE r.deleted_at IS NULL
        AND (r.cover_file_id = ${file.id}
          OR r.id IN (SELECT rf.resource_id FROM resource_files rf WHERE rf.file_id = ${file.id}))`;
    if (rows.length === 0) return false;
    const admin = await adminContextOf(app.prisma, user.id);
    if (!admin || !(admin.permissions.has('review.resources') || admin.permissions.has('reports'))) return false;
    const schools = await schoolsOfUsers(
      app.prisma,
      rows.map((r) => r.author_id),
    );
    return rows.some((r) =>
      scopeReachesContent(admin.scope, {
        authorSchoolId: schools.get(r.author_id) ?? DEFAULT_SCHOOL_ID,
        stageId: r.stage_id,
        subjectId: r.subject_id,
      }),
    );
  });
