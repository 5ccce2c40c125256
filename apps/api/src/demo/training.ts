import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from '@zyk/shared';
import { SEED_DIR } from '../db/seed.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { courseProgressOf, markFirstLessonsStudied } from '../modules/courses/progress.ts';

const trainingSeed = z.object({
  projects: z.array(
    z.object({
      name: z.string(),
      intro: z.string().default(''),
      organizer: z.string().default(''),
      requiredHours: z.number().int().positive().nullable().default(null),
      courses: z.array(z.object({ title: z.string(), required: z.boolean() })).default([]),
    }),
  ),
  studyRecords: z
    .array(
      z.object({
        user: z.string(),
        course: z.string(),
        /** The part of the course's lessons studied, from its first: 1 is all; below 1 leaves at least one to do. */
        share: z.number().min(0).max(1),
      }),
    )
    .default([]),
});

/**
 * The training centre's demo (prisma/seed/projects.json): each demo project gets its introduction and organiser
 * (when it has none yet), its boutique-classroom courses (when none are attached yet and the demo courses exist),
 * and the demo members study records (a share of each course's lessons), so progress shows partly done. Runs on every start; it only adds what is
 * missing, so running it again changes nothing.
 */
export const seedDemoTraining = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  const data = trainingSeed.parse(JSON.parse(readFileSync(path.join(SEED_DIR, 'projects.json'), 'utf8')));
  const titles = [...new Set(data.projects.flatMap((p) => p.courses.map((c) => c.title)))];
  const courses = await prisma.course.findMany({
    where: { title: { in: titles }, status: 'PUBLISHED', deletedAt: null },
    orderBy: { id: 'asc' },
  });
  const courseId = (title: string) => courses.find((c) => c.title === title)?.id;
  let attached = 0;
  for (const p of data.projects) {
    const project = await prisma.project.findFirst({ where: { name: p.name }, include: { courses: true } });
    if (!project) continue;
    if (project.intro === '' && project.organizer === '') {
      await prisma.project.update({
        where: { id: project.id },
        data: { intro: p.intro, organizer: p.organizer, requiredHours: p.requiredHours },
      });
    }
    if (project.courses.length > 0) continue;
    const rows = p.courses.flatMap((c, sort) => {
      const id = courseId(c.title);
      return id === undefined ? [] : [{ projectId: project.id, courseId: id, sort, required: c.required }];
    });
    attached += (await prisma.projectCourse.createMany({ data: rows, skipDuplicates: true })).count;
  }
  let studied = 0;
  for (const r of data.studyRecords) {
    const user = await prisma.user.findUnique({ where: { userName: r.user } });
    const id = courseId(r.course);
    if (!user || id === undefined) continue;
    // Demo courses are built from whatever resources the district has, so their lesson counts vary.
    const lessons = (await courseProgressOf(prisma, user.id, [id])).get(id)?.lessonCount ?? 0;
    const count = r.share >= 1 ? lessons : Math.max(1, Math.min(lessons - 1, Math.round(lessons * r.share)));
    studied += await markFirstLessonsStudied(prisma, user.id, id, count);
  }
  if (attached + studied > 0) log(`seeded the training centre: ${attached} project courses, ${studied} study records`);
};
