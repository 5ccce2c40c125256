import { z } from '@zyk/shared';
import { readSeed, seedCatalogueIfEmpty, seedReferenceDataIfEmpty } from '../db/seed.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { importRoster } from '../modules/account/roster.ts';
import { importSchools } from '../modules/org/schools.ts';

const schoolsSchema = z.object({
  schools: z.array(
    z.object({
      code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/),
      name: z.string().trim().min(2).max(50),
      areaCode: z
        .string()
        .regex(/^\d{6}$/)
        .nullable(),
      sort: z.number().int().min(0),
    }),
  ),
});

interface ProjectSeed {
  name: string;
  level: string;
  status: string;
  startDate: string;
  endDate: string | null;
  intro?: string;
  organizer?: string;
  requiredHours?: number | null;
  members: [string, string][];
}

/** Demo projects with their members (by user name); only on first seed. */
const seedProjects = async (prisma: PrismaClient, input: { projects: ProjectSeed[] }) => {
  for (const p of input.projects) {
    const users = await prisma.user.findMany({ where: { userName: { in: p.members.map(([u]) => u) } } });
    await prisma.project.create({
      data: {
        name: p.name,
        level: p.level,
        status: p.status,
        startDate: new Date(p.startDate),
        endDate: p.endDate ? new Date(p.endDate) : null,
        intro: p.intro ?? '',
        organizer: p.organizer ?? '',
        requiredHours: p.requiredHours ?? null,
        members: {
          create: p.members.flatMap(([userName, memberRole]) => {
            const user = users.find((u) => u.userName === userName);
            return user ? [{ userId: user.id, memberRole }] : [];
          }),
        },
      },
    });
  }
};

/** The demo roster's user names (prisma/seed/demo-users.csv), without the administrator a minimal seed may own. */
const demoTeacherNames = () =>
  readSeed('demo-users.csv')
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[1]?.trim())
    .filter((userName): userName is string => Boolean(userName) && userName !== 'admin');

/**
 * The demo district: its schools, the demo accounts (roster in prisma/seed/demo-users.csv), projects, and one
 * teacher's WeChat binding and login history; only while none of the demo teachers exists, so a database first
 * seeded minimal can take the demo later. Answers how many accounts it created.
 */
export const seedDemoAccountsIfAbsent = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  if ((await prisma.user.count({ where: { userName: { in: demoTeacherNames() } } })) > 0) return 0;
  await importSchools(prisma, schoolsSchema.parse(JSON.parse(readSeed('schools.json'))).schools);
  const report = await importRoster(prisma, readSeed('demo-users.csv'));
  // The district's teachers joined over the past years, not today (the console's sign-up figures count by date).
  const names = demoTeacherNames();
  for (const [i, userName] of names.entries()) {
    const joined = new Date(Date.now() - (400 + 53 * i) * 86_400_000);
    await prisma.user.update({ where: { userName }, data: { createdAt: joined } });
  }
  await seedProjects(prisma, JSON.parse(readSeed('projects.json')));
  // One demo teacher has WeChat bound, so the binding screen has something to show and unbind.
  await prisma.user.update({
    where: { userName: 'wangcy' },
    data: { wechatOpenId: 'o6_demo_wangcy', wechatNickname: '春燕老师', wechatBoundAt: new Date() },
  });
  // ...and a few days of login history from two devices, one attempt with a wrong password among them.
  const wangcy = await prisma.user.findUniqueOrThrow({ where: { userName: 'wangcy' }, select: { id: true } });
  const windows =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  await prisma.loginEvent.createMany({
    data: [
      { userId: wangcy.id, success: true, ip: '10.12.3.45', userAgent: windows, createdAt: hoursAgo(50) },
      {
        userId: wangcy.id,
        success: false,
        reason: 'BAD_PASSWORD',
        ip: '223.104.6.18',
        userAgent: iphone,
        createdAt: hoursAgo(26),
      },
      { userId: wangcy.id, success: true, ip: '223.104.6.18', userAgent: iphone, createdAt: hoursAgo(25.9) },
    ],
  });
  log(`seeded the demo schools, projects and ${report.created} demo users`);
  return report.created;
};

/**
 * First start of a demo: reference data, the textbook catalogue and the demo accounts, each only when missing.
 * Answers whether it wrote anything.
 */
export const seedIfEmpty = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  const reference = await seedReferenceDataIfEmpty(prisma, log);
  const catalogue = await seedCatalogueIfEmpty(prisma, log);
  const accounts = await seedDemoAccountsIfAbsent(prisma, log);
  return reference || catalogue > 0 || accounts > 0;
};
