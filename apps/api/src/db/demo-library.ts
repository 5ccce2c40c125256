import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { transaction } from '../lib/transaction.ts';
import { dictNames } from '../modules/dict/service.ts';
import { writeSearchVector } from '../modules/library/search-index.ts';
import { storeDocument } from '../modules/uploads/document.ts';
import { generateResources } from './generate-resources.ts';

/** Real lesson documents the demo resources carry, stored through the same path as a teacher's upload. */
const DEMO_DOCUMENTS = [
  {
    author: 'lijg',
    stage: '初中',
    subject: '数学',
    title: '人教版九年级数学《一元二次方程的解法》教学设计',
    tags: ['一元二次方程', '配方法'],
    description: '通过配方法、公式法与因式分解法三种解法的比较，引导学生选择合适的方法解方程。附课堂练习与分层作业。',
    file: '一元二次方程的解法-教学设计.txt',
    body: [
      '【教学目标】',
      '1. 理解配方法的依据，会用配方法解一元二次方程；',
      '2. 掌握求根公式，会用公式法解一元二次方程；',
      '3. 能根据方程特点选择合适的解法。',
      '',
      '【教学重难点】重点：配方法与公式法；难点：配方的过程。',
      '',
      '【教学过程】',
      '一、复习引入：解方程 x² = 9，(x+1)² = 4。',
      '二、探究新知：怎样把 x² + 6x + 5 = 0 化成 (x+m)² = n 的形式？',
      '三、例题讲解：用配方法解 2x² - 4x - 1 = 0。',
      '四、归纳求根公式：x = [-b ± √(b² - 4ac)] / 2a（b² - 4ac ≥ 0）。',
      '五、课堂练习：分别用三种方法解 x² - 5x + 6 = 0，比较哪种最简便。',
      '六、小结与作业：基础题 1-5，提高题 6-8。',
    ],
  },
  {
    author: 'zhangxm',
    stage: '小学',
    subject: '语文',
    title: '部编版二年级语文《静夜思》课堂实录与教学反思',
    tags: ['古诗', '静夜思'],
    description: '以朗读为主线，借助插图与生活经验理解诗意，体会诗人思乡之情。',
    file: '静夜思-教学反思.txt',
    body: [
      '床前明月光，疑是地上霜。举头望明月，低头思故乡。',
      '',
      '【教学片段】',
      '师：同学们，你们离开过家吗？想家的时候会做什么？',
      '生：我会看看妈妈的照片。',
      '师：一千多年前，诗人李白也想家了，他是怎么做的呢？我们一起读一读。',
      '',
      '【教学反思】',
      '本课通过反复朗读、看图想象，学生较好地体会了“思”的情感。',
      '不足：对“疑”字的理解引导不够充分，下次可以让学生说说“好像”的意思。',
    ],
  },
  {
    author: 'wangcy',
    stage: '高中',
    subject: '物理',
    title: '高一物理《牛顿第一定律》探究实验学案',
    tags: ['牛顿第一定律', '实验探究'],
    description: '以斜面小车实验为载体，经历“实验—推理—结论”的科学探究过程。',
    file: '牛顿第一定律-学案.txt',
    body: [
      '【学习目标】知道伽利略的理想实验及其推理过程；理解牛顿第一定律的内容和意义。',
      '【实验器材】斜面、小车、毛巾、棉布、木板、刻度尺。',
      '【实验步骤】',
      '1. 让小车从斜面同一高度由静止滑下，分别在毛巾、棉布、木板表面运动；',
      '2. 记录小车在不同表面上滑行的距离；',
      '3. 分析：表面越光滑，小车受到的阻力越小，滑行越远。',
      '【推理】如果表面绝对光滑，小车将一直做匀速直线运动。',
      '【结论】一切物体在没有受到力的作用时，总保持静止状态或匀速直线运动状态。',
    ],
  },
  {
    author: 'chensy',
    stage: '初中',
    subject: '英语',
    title: '初中英语阅读教学中思维品质培养的实践研究（论文）',
    tags: ['阅读教学', '思维品质'],
    description: '结合区级课题研究，总结在阅读课中通过问题链培养学生思维品质的策略与案例。',
    file: '英语阅读思维品质-论文.txt',
    body: [
      '摘要：本文以初中英语阅读课为研究对象，探讨通过设计问题链培养学生逻辑性、批判性和创造性思维的途径。',
      '关键词：初中英语；阅读教学；思维品质；问题链',
      '一、问题的提出',
      '二、研究设计与实施',
      '三、课例分析：Unit 5 “Do you want to watch a game show?”',
      '四、研究结论与反思',
    ],
  },
];

/**
 * Demo library for a first start: a few resources with real stored documents, published, plus generated ones
 * for volume. Runs only when there are no resources at all.
 */
export const seedDemoLibrary = async (app: FastifyInstance, config: Config, log: (msg: string) => void) => {
  const { prisma } = app;
  if ((await prisma.resource.count()) > 0) return;
  const fileIds: string[] = [];
  for (const doc of DEMO_DOCUMENTS) {
    const user = await prisma.user.findUniqueOrThrow({ where: { userName: doc.author } });
    const stage = await prisma.dict.findFirstOrThrow({ where: { level: 1, dictName: doc.stage } });
    const subject = await prisma.dict.findFirstOrThrow({
      where: { level: 2, parentId: stage.id, dictName: doc.subject },
    });
    const stored = await storeDocument(
      app,
      config,
      { id: user.id, memberId: user.memberId, userName: user.userName, isAdmin: false, sessionId: '' },
      { filename: doc.file, file: Readable.from(Buffer.from(`${doc.body.join('\n')}\n`, 'utf8')) },
    );
    fileIds.push(stored.id);
    const fields = { title: doc.title, tags: doc.tags, description: doc.description };
    await transaction(prisma, async (tx) => {
      const indexed = {
        ...fields,
        type: doc.title.includes('论文') ? ('ACHIEVEMENT' as const) : ('DOCUMENT' as const),
        trainType: doc.title.includes('论文') ? 'paper' : null,
        stageId: stage.id,
        subjectId: subject.id,
      };
      const resource = await tx.resource.create({
        data: {
          ...indexed,
          authorId: user.id,
          status: 'PUBLISHED',
          publishedAt: new Date(),
          files: { create: { fileId: stored.id, sort: 0 } },
        },
      });
      await writeSearchVector(tx, resource.id, indexed, await dictNames(prisma));
    });
  }
  await generateResources(prisma, { count: 300, days: 180 });
  // Generated documents and achievements carry one of the demo files, so their downloads and previews work too.
  await prisma.$executeRaw`
    INSERT INTO resource_files (resource_id, file_id, sort)
    SELECT r.id, (${fileIds}::text[])[1 + (r.id % ${fileIds.length})], 0
    FROM resources r
    WHERE r.type <> 'MICRO_COURSE' AND NOT EXISTS (SELECT 1 FROM resource_files f WHERE f.resource_id = r.id)`;
  log(`seeded ${DEMO_DOCUMENTS.length} demo documents and 300 generated resources`);
};
