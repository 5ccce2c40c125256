import type { FastifyInstance } from 'fastify';

const DEMO_COURSES = [
  {
    title: '初中数学核心概念精讲',
    subject: '数学',
    stage: '初中',
    author: 'lijg',
    categoryId: 1,
    chapters: ['数与式', '方程与不等式', '函数初步'],
  },
  {
    title: '小学语文阅读教学实践',
    subject: '语文',
    stage: '小学',
    author: 'zhangxm',
    categoryId: 1,
    chapters: ['古诗词教学', '整本书阅读'],
  },
  {
    title: '高中物理实验探究',
    subject: '物理',
    stage: '高中',
    author: 'wangcy',
    categoryId: 1,
    chapters: ['力学实验', '电学实验'],
  },
];

/** Published demo courses built from published resources of their subject, and a topic grouping them. */
export const seedDemoClassroom = async (app: FastifyInstance) => {
  const { prisma } = app;
  const courseIds: number[] = [];
  for (const c of DEMO_COURSES) {
    const author = await prisma.user.findUniqueOrThrow({ where: { userName: c.author } });
    const stage = await prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: c.stage } });
    const subject = await prisma.dict.findFirstOrThrow({
      where: { level: 2, parentId: stage.id, dictName: c.subject },
    });
    const resources = await prisma.resource.findMany({
      where: { status: 'PUBLISHED', subjectId: subject.id },
      orderBy: { viewCount: 'desc' },
      take: c.chapters.length * 3,
    });
    const course = await prisma.course.create({
      data: {
        title: c.title,
        description: `由${author.realName}老师主讲，围绕${c.stage}${c.subject}的重点内容，分章节循序渐进。`,
        categoryId: c.categoryId,
        stageId: stage.id,
        subjectId: subject.id,
        authorId: author.id,
        status: 'PUBLISHED',
        publishedAt: new Date(),
      },
    });
    for (const [ci, chapterTitle] of c.chapters.entries()) {
      const chapter = await prisma.courseTitle.create({
        data: { courseId: course.id, title: chapterTitle, sort: ci + 1 },
      });
      const lessons = resources.slice(ci * 3, ci * 3 + 3);
      await prisma.courseTitle.createMany({
        data: lessons.map((r, li) => ({
          courseId: course.id,
          parentId: chapter.id,
          title: `第${li + 1}课 ${r.title.replace(/^.*《(.+)》.*$/, '$1')}`,
          sort: li + 1,
          resourceId: r.id,
          categoryCode: r.type === 'MICRO_COURSE' ? 'lecture' : 'practice',
        })),
      });
    }
    courseIds.push(course.id);
  }
  const researcher = await prisma.user.findUniqueOrThrow({ where: { userName: 'chensy' } });
  await prisma.topic.create({
    data: {
      title: '新课标背景下的学科教学专题',
      description: '汇集区域内优秀教师的精品课程，聚焦新课标理念在课堂中的落实。',
      authorId: researcher.id,
      status: 'PUBLISHED',
      publishedAt: new Date(),
      courses: { create: courseIds.map((courseId, sort) => ({ courseId, sort })) },
    },
  });
};
