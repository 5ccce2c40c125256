import { type ClassroomKind, type ClassroomQueueItem, MESSAGES, makePageBean } from '@zyk/shared';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { AdminScope } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';
import { requireInScope, scopeReachesContent } from '../auth/permissions.ts';
import { peopleOf, schoolsOfUsers, userIdsOfSchool } from '../auth/users.ts';
import { dictNames } from '../dict/service.ts';
import { sendMessage } from '../messages/service.ts';
import { DEFAULT_SCHOOL_ID, schoolNames } from '../org/schools.ts';

const LABEL: Record<ClassroomKind, string> = { course: '课程', topic: '专题' };
/** The district: what the admin CLI decides as. */
const DISTRICT: AdminScope = { all: true, schoolId: null, stageId: null, subjectId: null };
/** A queue row lists at most this many of a course's lessons or a topic's courses. */
const PARTS_SHOWN = 30;

/**
 * Scope of classroom review. A course has a stage and subject: it is reached like a resource (its author's school,
 * or its stage/subject for a 教研员). A topic has no stage of its own: it gathers courses, so a 教研员 reaches a topic
 * when at least one of its courses lies in their stage/subject (they can judge that part and the whole is
 * published only once someone qualified has looked); a school scope reaches its members' topics; a topic with no
 * course in any reviewer's stage/subject is left to the district (scope all).
 */
const topicReached = (
  scope: AdminScope,
  authorSchoolId: number,
  courses: { stageId: number | null; subjectId: number | null }[],
) =>
  scopeReachesContent(scope, { authorSchoolId, stageId: null, subjectId: null }) ||
  courses.some((c) => scopeReachesContent(scope, { authorSchoolId: -1, stageId: c.stageId, subjectId: c.subjectId }));

/** Prisma filters for what a scope reaches, for courses and for topics (see above). */
const scopeFilters = async (db: PrismaClient | Tx, scope: AdminScope) => {
  if (scope.all) return { course: {}, topic: {} };
  const members = scope.schoolId === null ? [] : await userIdsOfSchool(db, scope.schoolId);
  const subject =
    scope.stageId === null
      ? null
      : { stageId: scope.stageId, ...(scope.subjectId === null ? {} : { subjectId: scope.subjectId }) };
  const course: Prisma.CourseWhereInput = {
    OR: [{ authorId: { in: members } }, ...(subject ? [subject] : [])],
  };
  const topic: Prisma.TopicWhereInput = {
    OR: [{ authorId: { in: members } }, ...(subject ? [{ courses: { some: { course: subject } } }] : [])],
  };
  return { course, topic };
};

/** Pending courses or topics the scope reaches, oldest submission first, with author, school and contents. */
export const classroomQueuePage = async (
  prisma: PrismaClient,
  scope: AdminScope,
  input: { kind: ClassroomKind; current: number; size: number; keyword?: string | undefined },
) => {
  const filters = await scopeFilters(prisma, scope);
  const title = input.keyword ? { title: { contains: input.keyword, mode: 'insensitive' as const } } : {};
  const page = {
    orderBy: [{ updatedAt: 'asc' as const }, { id: 'asc' as const }],
    skip: (input.current - 1) * input.size,
    take: input.size,
  };
  type Row = {
    id: number;
    title: string;
    description: string;
    authorId: number;
    stageId: number | null;
    subjectId: number | null;
    parts: string[];
    updatedAt: Date;
  };
  let rows: Row[];
  let total: number;
  if (input.kind === 'course') {
    const where: Prisma.CourseWhereInput = { status: 'PENDING', deletedAt: null, ...title, ...filters.course };
    const [found, count] = await Promise.all([
      prisma.course.findMany({
        where,
        ...page,
        include: { titles: { where: { parentId: { not: null } }, orderBy: { sort: 'asc' }, take: PARTS_SHOWN } },
      }),
      prisma.course.count({ where }),
    ]);
    rows = found.map((c) => ({ ...c, parts: c.titles.map((t) => t.title) }));
    total = count;
  } else {
    const where: Prisma.TopicWhereInput = { status: 'PENDING', deletedAt: null, ...title, ...filters.topic };
    const [found, count] = await Promise.all([
      prisma.topic.findMany({
        where,
        ...page,
        include: {
          courses: { orderBy: { sort: 'asc' }, take: PARTS_SHOWN, include: { course: { select: { title: true } } } },
        },
      }),
      prisma.topic.count({ where }),
    ]);
    rows = found.map((t) => ({ ...t, stageId: null, subjectId: null, parts: t.courses.map((c) => c.course.title) }));
    total = count;
  }
  const authorIds = rows.map((r) => r.authorId);
  const [names, people, schoolOf] = await Promise.all([
    dictNames(prisma),
    peopleOf(prisma, authorIds),
    schoolsOfUsers(prisma, authorIds),
  ]);
  const schools = await schoolNames(prisma, schoolOf.values());
  const objList: ClassroomQueueItem[] = rows.map((r) => ({
    id: r.id,
    kind: input.kind,
    title: r.title,
    description: r.description,
    authorName: people.get(r.authorId)?.realName ?? '',
    schoolName: schools.get(schoolOf.get(r.authorId) ?? DEFAULT_SCHOOL_ID) ?? null,
    stageName: r.stageId === null ? null : (names.get(r.stageId) ?? null),
    subjectName: r.subjectId === null ? null : (names.get(r.subjectId) ?? null),
    parts: r.parts,
    submittedAt: r.updatedAt.toISOString(),
  }));
  return { objList, pageBean: makePageBean(input.current, input.size, total) };
};

/**
 * Approves (publishes) or rejects a pending course or topic inside `scope`. The status changes only from PENDING
 * (updateMany on it), so of two decisions at once exactly one takes effect; the other is a conflict. The author is
 * told in the same transaction.
 */
export const decideClassroom = async (
  tx: Tx,
  scope: AdminScope,
  kind: ClassroomKind,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) => {
  const label = LABEL[kind];
  const texts = kind === 'course' ? MESSAGES.course : MESSAGES.topic;
  const item =
    kind === 'course'
      ? await tx.course.findUnique({ where: { id } })
      : await tx.topic.findUnique({
          where: { id },
          include: { courses: { include: { course: { select: { stageId: true, subjectId: true } } } } },
        });
  if (!item || item.deletedAt) throw new AppError('NOT_FOUND', texts.reviewNotFound(id));
  if (!scope.all) {
    const authorSchoolId = (await schoolsOfUsers(tx, [item.authorId])).get(item.authorId) ?? DEFAULT_SCHOOL_ID;
    requireInScope(
      'courses' in item
        ? topicReached(
            scope,
            authorSchoolId,
            item.courses.map((c) => c.course),
          )
        : scopeReachesContent(scope, { authorSchoolId, stageId: item.stageId, subjectId: item.subjectId }),
    );
  }
  if (item.status !== 'PENDING') throw new AppError('CONFLICT', texts.reviewNotPending(id));
  const data = decision.approve
    ? { status: 'PUBLISHED' as const, reviewNote: null, publishedAt: item.publishedAt ?? new Date() }
    : { status: 'REJECTED' as const, reviewNote: decision.reason };
  const where = { id, status: 'PENDING' as const };
  const { count } =
    kind === 'course' ? await tx.course.updateMany({ where, data }) : await tx.topic.updateMany({ where, data });
  if (count !== 1) throw new AppError('CONFLICT', MESSAGES.console.review.alreadyHandled(item.title));
  await sendMessage(tx, {
    userId: item.authorId,
    type: 'review',
    title: `${label}审核${decision.approve ? '通过' : '未通过'}：${item.title}`,
    content: decision.approve
      ? `您的${label}“${item.title}”已发布。`
      : `您的${label}“${item.title}”未通过审核：${decision.reason}`,
    link: kind === 'course' ? `/pcourse/courseDetail?id=${id}` : `/pcourse/topicDetail?id=${id}`,
  });
  return {
    id,
    title: item.title,
    before: { status: 'PENDING' },
    after: decision.approve ? { status: 'PUBLISHED' } : { status: 'REJECTED', reviewNote: decision.reason },
  };
};

/** Administrator review of courses and topics as the admin CLI makes it (as the district); the author is told. */
export const createClassroomReview = (prisma: PrismaClient) => {
  const decide = async (kind: ClassroomKind, id: number, approve: boolean, note?: string) => {
    const done = await transaction(prisma, (tx) =>
      decideClassroom(tx, DISTRICT, kind, id, approve ? { approve: true } : { approve: false, reason: note ?? '' }),
    );
    return `${approve ? '已通过' : '已驳回'}${LABEL[kind]}：${done.title}`;
  };
  return {
    pending: async () => ({
      courses: await prisma.course.findMany({
        where: { status: 'PENDING', deletedAt: null },
        orderBy: { createdAt: 'asc' },
      }),
      topics: await prisma.topic.findMany({
        where: { status: 'PENDING', deletedAt: null },
        orderBy: { createdAt: 'asc' },
      }),
    }),
    approve: (kind: ClassroomKind, id: number) => decide(kind, id, true),
    reject: (kind: ClassroomKind, id: number, note: string) => decide(kind, id, false, note),
  };
};
