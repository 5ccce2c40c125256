import { COURSE_CATEGORIES, FEATURED_LIMITS, MESSAGES, makePageBean } from '@zyk/shared';
import type { FastifyInstance } from 'fastify';
import type { Prisma, PrismaClient, Topic } from '../../generated/prisma/client.ts';
import type { SessionUser } from '../../lib/contract.ts';
import { AppError } from '../../lib/errors.ts';
import { registerFileAccessRule } from '../../lib/file-access.ts';
import { transaction } from '../../lib/transaction.ts';
import { isOwnerOrAdmin, isVisibleTo, PUBLISHED, publishedOrAuthoredBy } from '../../lib/visibility.ts';
import { peopleOf } from '../auth/users.ts';
import { dictEntry, dictNames } from '../dict/service.ts';
import { createSignedFileUrl } from '../files/plugin.ts';
import { ownsAllFiles } from '../files/records.ts';
import { countUsableResources, publishedCardsOf, resourceCardOf, resourceTypesOf } from '../library/catalog.ts';
import { refreshStudyCount } from './progress.ts';

const categoryName = (id: number | null) => COURSE_CATEGORIES.find((c) => c.id === id)?.name ?? null;

export interface SaveCourseInput {
  id?: number;
  title: string;
  description: string;
  categoryId?: number | null;
  stageId?: number | null;
  subjectId?: number | null;
  coverFileId?: string | null;
  chapters: { title: string; lessons: { title: string; resourceId: number; categoryCode?: string | null }[] }[];
}

export const createCourseService = (app: FastifyInstance) => {
  const prisma: PrismaClient = app.prisma;

  const cards = async (
    courses: (Prisma.CourseGetPayload<{ include: { _count: { select: { titles: true } } } }> & {
      authorName?: string;
    })[],
  ) => {
    const names = await dictNames(prisma);
    const authors = await peopleOf(
      prisma,
      courses.map((c) => c.authorId),
    );
    const lessonCounts = await prisma.courseTitle.groupBy({
      by: ['courseId'],
      where: { courseId: { in: courses.map((c) => c.id) }, resourceId: { not: null } },
      _count: { _all: true },
    });
    return courses.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      coverFileId: c.coverFileId,
      categoryId: c.categoryId,
      categoryName: categoryName(c.categoryId),
      stageId: c.stageId,
      subjectId: c.subjectId,
      stageName: c.stageId ? (names.get(c.stageId) ?? null) : null,
      subjectName: c.subjectId ? (names.get(c.subjectId) ?? null) : null,
      authorName: authors.get(c.authorId)?.realName ?? '',
      lessonCount: lessonCounts.find((l) => l.courseId === c.id)?._count._all ?? 0,
      studyCount: c.studyCount,
      status: c.status,
      publishedAt: c.publishedAt?.toISOString() ?? null,
    }));
  };
  const withCount = { _count: { select: { titles: true } } } as const;

  const visibleCourse = async (user: SessionUser | null, id: number) => {
    const course = await prisma.course.findUnique({ where: { id }, include: withCount });
    if (!course || !isVisibleTo(user, course)) throw new AppError('NOT_FOUND', MESSAGES.course.notFoundOrUnpublished);
    return course;
  };

  const chapters = async (courseId: number, user: SessionUser | null) => {
    const titles = await prisma.courseTitle.findMany({
      where: { courseId },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    });
    const resourceTypes = await resourceTypesOf(
      prisma,
      titles.flatMap((t) => (t.resourceId ? [t.resourceId] : [])),
    );
    const progress = user ? await prisma.studyRecord.findMany({ where: { userId: user.id, courseId } }) : [];
    return titles
      .filter((t) => t.parentId === null)
      .map((ch) => ({
        id: ch.id,
        title: ch.title,
        sort: ch.sort,
        lessons: titles
          .filter((t) => t.parentId === ch.id)
          .map((l) => {
            const p = progress.find((r) => r.titleId === l.id);
            return {
              id: l.id,
              title: l.title,
              sort: l.sort,
              categoryCode: l.categoryCode,
              resourceId: l.resourceId,
              resourceType: (l.resourceId && resourceTypes.get(l.resourceId)) || null,
              progress: p ? { position: p.position, completed: p.completed } : null,
            };
          }),
      }));
  };

  const detail = async (user: SessionUser | null, id: number) => {
    const course = await visibleCourse(user, id);
    const [card] = await cards([course]);
    const last = user
      ? await prisma.studyRecord.findFirst({ where: { userId: user.id, courseId: id }, orderBy: { updatedAt: 'desc' } })
      : null;
    return {
      ...card!,
      chapters: await chapters(id, user),
      isOwner: user?.id === course.authorId,
      reviewNote: isOwnerOrAdmin(user, course.authorId) ? course.reviewNote : null,
      resume: last ? { titleId: last.titleId, position: last.position } : null,
    };
  };

  const lessonOf = async (user: SessionUser | null, titleId: number) => {
    const title = await prisma.courseTitle.findUnique({ where: { id: titleId } });
    if (!title || title.parentId === null) throw new AppError('NOT_FOUND', MESSAGES.course.lessonNotFound);
    await visibleCourse(user, title.courseId);
    return title;
  };

  const checkStageSubject = async (stageId?: number | null, subjectId?: number | null) => {
    if (!subjectId) return;
    const subject = await dictEntry(prisma, subjectId);
    if (subject?.level !== 2 || (stageId && subject.parentId !== stageId)) {
      throw new AppError('BAD_REQUEST', MESSAGES.dict.subjectNotInStage);
    }
  };

  const checkOwnedImage = async (userId: number, fileId?: string | null) => {
    if (!fileId) return;
    if (!(await ownsAllFiles(prisma, userId, [fileId], 'image')))
      throw new AppError('BAD_REQUEST', MESSAGES.course.imageNotOwnImage);
  };

  // Covers and topic backgrounds of published items are public.
  registerFileAccessRule(app, async ({ file }) => {
    const [course, topic] = await Promise.all([
      prisma.course.findFirst({ where: { coverFileId: file.id, ...PUBLISHED } }),
      prisma.topic.findFirst({ where: { backgroundFileId: file.id, ...PUBLISHED } }),
    ]);
    return !!course || !!topic;
  });

  const topicCard = async (t: Topic & { _count: { courses: number } }) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    backgroundFileId: t.backgroundFileId,
    courseCount: t._count.courses,
    status: t.status,
    publishedAt: t.publishedAt?.toISOString() ?? null,
  });
  /** A topic's course count is what visitors can open: its published courses. */
  const topicCount = {
    _count: { select: { courses: { where: { course: { ...PUBLISHED } } } } },
  } as const;

  return {
    list: async (q: {
      current: number;
      size: number;
      categoryId?: number | null;
      stageId?: number | null;
      subjectId?: number | null;
      keyword?: string;
    }) => {
      const where: Prisma.CourseWhereInput = {
        ...PUBLISHED,
        ...(q.categoryId ? { categoryId: q.categoryId } : {}),
        ...(q.stageId ? { stageId: q.stageId } : {}),
        ...(q.subjectId ? { subjectId: q.subjectId } : {}),
        ...(q.keyword ? { title: { contains: q.keyword, mode: 'insensitive' as const } } : {}),
      };
      const [rows, total] = await Promise.all([
        prisma.course.findMany({
          where,
          include: withCount,
          orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
          skip: (q.current - 1) * q.size,
          take: q.size,
        }),
        prisma.course.count({ where }),
      ]);
      return { objList: await cards(rows), pageBean: makePageBean(q.current, q.size, total) };
    },

    /** The classroom home: featured courses and topics first, in the console's order (featured.ts), then the newest. */
    home: async () => {
      const featuredFirst = [
        { featuredSort: { sort: 'asc', nulls: 'last' } },
        { publishedAt: 'desc' },
        { id: 'desc' },
      ] as const satisfies Prisma.CourseOrderByWithRelationInput[] & Prisma.TopicOrderByWithRelationInput[];
      const [topics, courses] = await Promise.all([
        prisma.topic.findMany({
          where: { ...PUBLISHED },
          include: topicCount,
          orderBy: [...featuredFirst],
          take: FEATURED_LIMITS.topic,
        }),
        prisma.course.findMany({
          where: { ...PUBLISHED },
          include: withCount,
          orderBy: [...featuredFirst],
          take: FEATURED_LIMITS.course,
        }),
      ]);
      return {
        topics: topics.map((t) => ({
          id: t.id,
          title: t.title,
          description: t.description,
          courseCount: t._count.courses,
        })),
        courses: await cards(courses),
        categories: COURSE_CATEGORIES.map((c) => ({ id: c.id, name: c.name })),
      };
    },

    detail,
    chapters: async (user: SessionUser | null, courseId: number) => {
      await visibleCourse(user, courseId);
      return chapters(courseId, user);
    },

    titleInfo: async (user: SessionUser | null, titleId: number) => {
      const title = await lessonOf(user, titleId);
      const resource = title.resourceId ? await resourceCardOf(prisma, title.resourceId) : null;
      const p = user
        ? await prisma.studyRecord.findUnique({ where: { userId_titleId: { userId: user.id, titleId } } })
        : null;
      const type = resource?.type ?? null;
      return {
        id: title.id,
        courseId: title.courseId,
        title: title.title,
        sort: title.sort,
        categoryCode: title.categoryCode,
        resourceId: title.resourceId,
        resourceType: type,
        progress: p ? { position: p.position, completed: p.completed } : null,
        resource,
      };
    },

    /** Saves progress; a course's study count is the number of distinct learners, its author not counted. */
    study: async (user: SessionUser, titleId: number, position: number, completed: boolean) => {
      const title = await lessonOf(user, titleId);
      const saved = await transaction(prisma, async (tx) => {
        const record = await tx.studyRecord.upsert({
          where: { userId_titleId: { userId: user.id, titleId } },
          create: { userId: user.id, titleId, courseId: title.courseId, position, completed },
          // Once completed, a lesson stays completed when it is watched again.
          update: { position, completed: completed ? true : undefined, updatedAt: new Date() },
        });
        await refreshStudyCount(tx, title.courseId);
        return record;
      });
      return { position: saved.position, completed: saved.completed };
    },

    myResources: (user: SessionUser, q: { current: number; size: number; keyword?: string }) =>
      publishedCardsOf(prisma, user.id, q),

    /** Creates or rewrites a course and its ordered chapters and lessons; it goes (back) to review. */
    save: async (user: SessionUser, input: SaveCourseInput) => {
      const existing = input.id ? await prisma.course.findUnique({ where: { id: input.id } }) : null;
      if (input.id && (!existing || existing.deletedAt))
        throw new AppError('NOT_FOUND', MESSAGES.course.notFoundOrDeleted);
      if (existing && !isOwnerOrAdmin(user, existing.authorId))
        throw new AppError('FORBIDDEN', MESSAGES.course.onlyOwnEditable);
      const authorId = existing?.authorId ?? user.id;
      await checkStageSubject(input.stageId, input.subjectId);
      await checkOwnedImage(authorId, input.coverFileId);
      const resourceIds = [...new Set(input.chapters.flatMap((c) => c.lessons.map((l) => l.resourceId)))];
      const usable = await countUsableResources(prisma, resourceIds, authorId);
      if (usable !== resourceIds.length) throw new AppError('BAD_REQUEST', MESSAGES.course.lessonResourcesUnusable);
      const data = {
        title: input.title,
        description: input.description,
        categoryId: input.categoryId ?? null,
        stageId: input.stageId ?? null,
        subjectId: input.subjectId ?? null,
        coverFileId: input.coverFileId ?? null,
        status: 'PENDING' as const,
        reviewNote: null,
      };
      return transaction(prisma, async (tx) => {
        const course = existing
          ? await tx.course.update({ where: { id: existing.id }, data })
          : await tx.course.create({ data: { ...data, authorId } });
        // Lessons are rewritten; study records of lessons that no longer exist go with them.
        const old = await tx.courseTitle.findMany({ where: { courseId: course.id }, select: { id: true } });
        await tx.courseTitle.deleteMany({ where: { courseId: course.id } });
        await tx.studyRecord.deleteMany({ where: { titleId: { in: old.map((o) => o.id) } } });
        for (const [ci, chapter] of input.chapters.entries()) {
          const ch = await tx.courseTitle.create({ data: { courseId: course.id, title: chapter.title, sort: ci + 1 } });
          await tx.courseTitle.createMany({
            data: chapter.lessons.map((l, li) => ({
              courseId: course.id,
              parentId: ch.id,
              title: l.title,
              sort: li + 1,
              resourceId: l.resourceId,
              categoryCode: l.categoryCode ?? null,
            })),
          });
        }
        return { id: course.id, status: course.status };
      });
    },

    remove: async (user: SessionUser, id: number) => {
      const course = await prisma.course.findUnique({ where: { id } });
      if (!course || course.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.course.notFoundOrDeleted);
      if (!isOwnerOrAdmin(user, course.authorId)) throw new AppError('FORBIDDEN', MESSAGES.course.onlyOwnDeletable);
      await prisma.course.update({ where: { id }, data: { deletedAt: new Date() } });
    },

    mine: async (user: SessionUser, q: { current: number; size: number }) => {
      const where = { authorId: user.id, deletedAt: null };
      const [rows, total] = await Promise.all([
        prisma.course.findMany({
          where,
          include: withCount,
          orderBy: { createdAt: 'desc' },
          skip: (q.current - 1) * q.size,
          take: q.size,
        }),
        prisma.course.count({ where }),
      ]);
      const list = await cards(rows);
      return {
        objList: list.map((c, i) => ({ ...c, reviewNote: rows[i]!.reviewNote })),
        pageBean: makePageBean(q.current, q.size, total),
      };
    },

    topics: async (q: { current: number; size: number }) => {
      const where = { ...PUBLISHED };
      const [rows, total] = await Promise.all([
        prisma.topic.findMany({
          where,
          include: topicCount,
          orderBy: { publishedAt: 'desc' },
          skip: (q.current - 1) * q.size,
          take: q.size,
        }),
        prisma.topic.count({ where }),
      ]);
      return { objList: await Promise.all(rows.map(topicCard)), pageBean: makePageBean(q.current, q.size, total) };
    },

    topicInfo: async (user: SessionUser | null, id: number) => {
      const topic = await prisma.topic.findUnique({
        where: { id },
        include: { ...topicCount, courses: { orderBy: { sort: 'asc' } } },
      });
      if (!topic || !isVisibleTo(user, topic)) throw new AppError('NOT_FOUND', MESSAGES.topic.notFoundOrUnpublished);
      // The author (and an administrator) also sees courses still under review, so editing keeps them.
      const courses = await prisma.course.findMany({
        where: {
          id: { in: topic.courses.map((c) => c.courseId) },
          deletedAt: null,
          ...(isOwnerOrAdmin(user, topic.authorId) ? {} : { status: 'PUBLISHED' as const }),
        },
        include: withCount,
      });
      const ordered = topic.courses.flatMap((tc) => courses.filter((c) => c.id === tc.courseId));
      return {
        ...(await topicCard(topic)),
        courses: await cards(ordered),
        isOwner: user?.id === topic.authorId,
        reviewNote: isOwnerOrAdmin(user, topic.authorId) ? topic.reviewNote : null,
      };
    },

    background: async (user: SessionUser | null, id: number) => {
      const topic = await prisma.topic.findUnique({ where: { id } });
      if (!topic || !isVisibleTo(user, topic)) throw new AppError('NOT_FOUND', MESSAGES.topic.notFoundOrUnpublished);
      return {
        backgroundUrl: topic.backgroundFileId
          ? createSignedFileUrl(app, topic.backgroundFileId, { disposition: 'inline', ttlSeconds: 3600 })
          : null,
      };
    },

    saveTopic: async (
      user: SessionUser,
      input: { id?: number; title: string; description: string; backgroundFileId?: string | null; courseIds: number[] },
    ) => {
      const existing = input.id ? await prisma.topic.findUnique({ where: { id: input.id } }) : null;
      if (input.id && (!existing || existing.deletedAt))
        throw new AppError('NOT_FOUND', MESSAGES.topic.notFoundOrDeleted);
      if (existing && !isOwnerOrAdmin(user, existing.authorId))
        throw new AppError('FORBIDDEN', MESSAGES.topic.onlyOwnEditable);
      const authorId = existing?.authorId ?? user.id;
      await checkOwnedImage(authorId, input.backgroundFileId);
      const ids = [...new Set(input.courseIds)];
      const usable = await prisma.course.count({
        where: { id: { in: ids }, ...publishedOrAuthoredBy(authorId) },
      });
      if (usable !== ids.length) throw new AppError('BAD_REQUEST', MESSAGES.topic.coursesUnusable);
      const data = {
        title: input.title,
        description: input.description,
        backgroundFileId: input.backgroundFileId ?? null,
        status: 'PENDING' as const,
        reviewNote: null,
      };
      return transaction(prisma, async (tx) => {
        const topic = existing
          ? await tx.topic.update({ where: { id: existing.id }, data })
          : await tx.topic.create({ data: { ...data, authorId } });
        await tx.topicCourse.deleteMany({ where: { topicId: topic.id } });
        await tx.topicCourse.createMany({ data: ids.map((courseId, sort) => ({ topicId: topic.id, courseId, sort })) });
        return { id: topic.id, status: topic.status };
      });
    },

    myTopics: async (user: SessionUser, q: { current: number; size: number }) => {
      const where = { authorId: user.id, deletedAt: null };
      const [rows, total] = await Promise.all([
        prisma.topic.findMany({
          where,
          include: topicCount,
          orderBy: { createdAt: 'desc' },
          skip: (q.current - 1) * q.size,
          take: q.size,
        }),
        prisma.topic.count({ where }),
      ]);
      return {
        objList: await Promise.all(rows.map(async (t) => ({ ...(await topicCard(t)), reviewNote: t.reviewNote }))),
        pageBean: makePageBean(q.current, q.size, total),
      };
    },
  };
};
