import { MESSAGES, makePageBean, type ProjectDetail, type ProjectEntry } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { peopleOf, schoolsOfUsers } from '../auth/users.ts';
import { type CourseProgress, courseProgressOf } from '../courses/progress.ts';
import { schoolNames } from '../org/schools.ts';

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/** Whole percent, rounded down: 100 only once every lesson is studied; nothing to study is 0. */
export const percentOf = (studied: number, lessons: number) =>
  lessons === 0 ? 0 : Math.floor((studied * 100) / lessons);

/** Lessons and studied lessons over the attached courses the learner can open (published, not deleted). */
const totalsOf = (courseIds: number[], progress: Map<number, CourseProgress>) => {
  const visible = courseIds.flatMap((id) => {
    const p = progress.get(id);
    return p ? [p] : [];
  });
  const lessonCount = visible.reduce((sum, c) => sum + c.lessonCount, 0);
  const studiedCount = visible.reduce((sum, c) => sum + c.studiedCount, 0);
  return { courseCount: visible.length, lessonCount, studiedCount, progress: percentOf(studiedCount, lessonCount) };
};

/** The course page a learner continues on. */
export const courseHref = (courseId: number) => `/pcourse/courseDetail?id=${courseId}`;

export const createTrainingService = (prisma: PrismaClient) => ({
  /** The user's projects, newest first, with their progress over each project's courses. */
  projects: async (userId: number, q: { current: number; size: number; status?: string }) => {
    const where = { userId, ...(q.status ? { project: { status: q.status } } : {}) };
    const [totalCount, rows, all] = await Promise.all([
      prisma.projectMember.count({ where }),
      prisma.projectMember.findMany({
        where,
        include: { project: { include: { courses: { select: { courseId: true } } } } },
        orderBy: [{ project: { startDate: 'desc' } }, { id: 'desc' }],
        skip: (q.current - 1) * q.size,
        take: q.size,
      }),
      prisma.projectMember.findMany({ where: { userId }, select: { project: { select: { status: true } } } }),
    ]);
    const progress = await courseProgressOf(
      prisma,
      userId,
      rows.flatMap((m) => m.project.courses.map((c) => c.courseId)),
    );
    const counts = new Map<string, number>();
    for (const { project } of all) counts.set(project.status, (counts.get(project.status) ?? 0) + 1);
    return {
      objList: rows.map((m): ProjectEntry => {
        const totals = totalsOf(
          m.project.courses.map((c) => c.courseId),
          progress,
        );
        return {
          id: m.project.id,
          name: m.project.name,
          level: m.project.level,
          status: m.project.status,
          memberRole: m.memberRole,
          startDate: dateOnly(m.project.startDate),
          endDate: m.project.endDate ? dateOnly(m.project.endDate) : null,
          intro: m.project.intro,
          courseCount: totals.courseCount,
          progress: totals.progress,
        };
      }),
      pageBean: makePageBean(q.current, q.size, totalCount),
      statusCounts: [...counts].map(([status, count]) => ({ status, count })),
    };
  },

  /** One project as its members see it; 404 when there is none, 403 for anyone not a member. */
  detail: async (userId: number, id: number): Promise<ProjectDetail> => {
    const project = await prisma.project.findUnique({
      where: { id },
      include: {
        members: { orderBy: { id: 'asc' } },
        courses: { orderBy: [{ sort: 'asc' }, { courseId: 'asc' }] },
      },
    });
    if (!project) throw new AppError('NOT_FOUND', MESSAGES.training.projectNotFound);
    const me = project.members.find((m) => m.userId === userId);
    if (!me) throw new AppError('FORBIDDEN', MESSAGES.training.notProjectMember);
    const memberIds = project.members.map((m) => m.userId);
    const [progress, people, schoolOf] = await Promise.all([
      courseProgressOf(
        prisma,
        userId,
        project.courses.map((c) => c.courseId),
      ),
      peopleOf(prisma, memberIds),
      schoolsOfUsers(prisma, memberIds),
    ]);
    const schools = await schoolNames(prisma, schoolOf.values());
    const totals = totalsOf(
      project.courses.map((c) => c.courseId),
      progress,
    );
    // Hosts first, then members in the order they joined.
    const members = [...project.members].sort(
      (a, b) => Number(b.memberRole === '主持人') - Number(a.memberRole === '主持人'),
    );
    return {
      id: project.id,
      name: project.name,
      level: project.level,
      status: project.status,
      startDate: dateOnly(project.startDate),
      endDate: project.endDate ? dateOnly(project.endDate) : null,
      intro: project.intro,
      organizer: project.organizer,
      requiredHours: project.requiredHours,
      memberRole: me.memberRole,
      lessonCount: totals.lessonCount,
      studiedCount: totals.studiedCount,
      progress: totals.progress,
      members: members.map((m) => {
        const schoolId = schoolOf.get(m.userId);
        return {
          name: people.get(m.userId)?.realName ?? '',
          school: schoolId === undefined ? null : (schools.get(schoolId) ?? null),
          memberRole: m.memberRole,
        };
      }),
      courses: project.courses.flatMap((c) => {
        const p = progress.get(c.courseId);
        if (!p) return [];
        return [
          {
            id: p.id,
            title: p.title,
            coverFileId: p.coverFileId,
            required: c.required,
            lessonCount: p.lessonCount,
            studiedCount: p.studiedCount,
            progress: percentOf(p.studiedCount, p.lessonCount),
            href: courseHref(p.id),
          },
        ];
      }),
    };
  },
});
