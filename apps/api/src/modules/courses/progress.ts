import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Tx, transaction } from '../../lib/transaction.ts';
import { publishedSql } from '../../lib/visibility.ts';

/** A course's study count: its distinct learners, its author not counted. Run after study records change. */
export const refreshStudyCount = (tx: Tx, courseId: number) =>
  tx.$executeRaw`
    UPDATE courses c SET study_count = (SELECT count(DISTINCT s.user_id) FROM study_records s
      WHERE s.course_id = c.id AND s.user_id <> c.author_id)
    WHERE c.id = ${courseId}`;

/** One course as another module shows it, with how far one user has got through it. */
export interface CourseProgress {
  id: number;
  title: string;
  coverFileId: string | null;
  /** Lessons: titles under a chapter that carry a resource (what the course page lets one play). */
  lessonCount: number;
  /** Of those lessons, how many the user has studied (a study record exists: the lesson was played). */
  studiedCount: number;
}

/**
 * For one user and a set of courses, in one query: each published, not deleted course among them with its lesson
 * count and how many of those lessons the user has study records for. Courses that are missing, deleted or not
 * published are left out; a course without lessons comes back with 0 of 0.
 */
export const courseProgressOf = async (
  prisma: PrismaClient,
  userId: number,
  courseIds: number[],
): Promise<Map<number, CourseProgress>> => {
  if (courseIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<
    { id: number; title: string; cover_file_id: string | null; lessons: number; studied: number }[]
  >`
    SELECT c.id, c.title, c.cover_file_id,
      count(t.id)::int AS lessons,
      count(s.title_id)::int AS studied
    FROM courses c
    LEFT JOIN course_titles t ON t.course_id = c.id AND t.parent_id IS NOT NULL AND t.resource_id IS NOT NULL
    LEFT JOIN study_records s ON s.title_id = t.id AND s.user_id = ${userId}
    WHERE c.id = ANY(${courseIds}::int[]) AND ${publishedSql('c')}
    GROUP BY c.id`;
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, title: r.title, coverFileId: r.cover_file_id, lessonCount: r.lessons, studiedCount: r.studied },
    ]),
  );
};

/**
 * Marks the first `count` lessons of a course (in chapter, then lesson order) studied and completed for a user, as if
 * they had played them, and refreshes the course's learner count. Lessons already studied stay as they are, so
 * running it again changes nothing. For demo data.
 */
export const markFirstLessonsStudied = (prisma: PrismaClient, userId: number, courseId: number, count: number) =>
  transaction(prisma, async (tx) => {
    const titles = await tx.courseTitle.findMany({ where: { courseId }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
    const lessons = titles
      .filter((t) => t.parentId === null)
      .flatMap((chapter) => titles.filter((t) => t.parentId === chapter.id && t.resourceId !== null))
      .slice(0, count);
    const { count: created } = await tx.studyRecord.createMany({
      data: lessons.map((l) => ({ userId, titleId: l.id, courseId, position: 0, completed: true })),
      skipDuplicates: true,
    });
    if (created > 0) await refreshStudyCount(tx, courseId);
    return created;
  });
