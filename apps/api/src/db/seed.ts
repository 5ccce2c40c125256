import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PERMISSION_CODES, type Permission, ROLE_SCOPES, type RoleScope, z } from '@zyk/shared';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { ROOT_DIR } from '../lib/paths.ts';
import { transaction } from '../lib/transaction.ts';
import { importRoster } from '../modules/account/roster.ts';
import { importCatalogue } from '../modules/catalogue/import.ts';
import { forgetCatalogue } from '../modules/catalogue/tree.ts';
import { forgetDictCaches } from '../modules/dict/service.ts';
import { importSchools } from '../modules/org/schools.ts';

/** The roster import lives with the accounts (it writes users); re-exported for the seed's callers. */
export { importRoster };

export const SEED_DIR = path.join(ROOT_DIR, 'prisma', 'seed');

const dictionarySchema = z.object({
  stages: z
    .array(
      z.object({
        code: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, '学段编码只能包含小写字母、数字、下划线和连字符'),
        name: z.string().trim().min(1).max(20),
        subjects: z.array(z.string().trim().min(1).max(20)).max(100),
      }),
    )
    .min(1)
    .max(50),
});
export type DictionaryFile = z.infer<typeof dictionarySchema>;

const rolesSchema = z.object({
  roles: z.array(
    z.object({
      code: z.string().min(1),
      roleTypeId: z.number().int().positive(),
      name: z.string().min(1),
      scope: z.enum(Object.keys(ROLE_SCOPES) as [RoleScope, ...RoleScope[]]).default('none'),
      permissions: z.array(z.enum(PERMISSION_CODES as [Permission, ...Permission[]])).default([]),
    }),
  ),
  studios: z.array(z.object({ role: z.string(), name: z.string().min(1), toUrl: z.string().min(1) })),
});

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

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: { line: number; key: string; reason: string }[];
}
const emptyReport = (): ImportReport => ({ created: 0, updated: 0, unchanged: 0, rejected: [] });

/**
 * Upserts stages and subjects by code (subject code = `<stage code>/<subject name>`): re-importing the same file
 * changes nothing; renaming or reordering updates in place, keeping ids that users and resources refer to.
 */
export const importDictionaries = async (prisma: PrismaClient, input: unknown): Promise<ImportReport> => {
  const data = dictionarySchema.parse(input);
  const report = emptyReport();
  // All or nothing: a file that fails half-way leaves the dictionaries as they were.
  await transaction(prisma, async (tx) => {
    const upsert = async (code: string, dictName: string, level: number, parentId: number, sort: number) => {
      const existing = await tx.dict.findUnique({ where: { code } });
      if (!existing) {
        report.created++;
        return tx.dict.create({ data: { code, dictName, level, parentId, sort } });
      }
      if (existing.dictName === dictName && existing.sort === sort && existing.parentId === parentId) {
        report.unchanged++;
        return existing;
      }
      report.updated++;
      return tx.dict.update({ where: { id: existing.id }, data: { dictName, sort, parentId, level } });
    };
    for (const [i, stage] of data.stages.entries()) {
      const row = await upsert(stage.code, stage.name, 1, 0, i + 1);
      for (const [j, subject] of stage.subjects.entries()) {
        await upsert(`${stage.code}/${subject}`, subject, 2, row.id, j + 1);
      }
    }
  });
  return report;
};

/** A studio's code is the last segment of its address (/auth/studio/<code>). */
const studioCodeOf = (toUrl: string) => toUrl.split(/[/?#]/).filter(Boolean).at(-1) ?? toUrl;

export const importRoles = async (prisma: PrismaClient, input: unknown) => {
  const data = rolesSchema.parse(input);
  // A new role gets the file's scope and permissions; a known role keeps what administrators have set since.
  for (const { permissions, ...role } of data.roles) {
    await prisma.role.upsert({
      where: { code: role.code },
      create: { ...role, permissions: { create: permissions.map((permission) => ({ permission })) } },
      update: { name: role.name, roleTypeId: role.roleTypeId },
    });
  }
  for (const [i, studio] of data.studios.entries()) {
    const role = await prisma.role.findUniqueOrThrow({ where: { code: studio.role } });
    await prisma.studio.upsert({
      where: { roleId_name: { roleId: role.id, name: studio.name } },
      create: {
        roleId: role.id,
        name: studio.name,
        toUrl: studio.toUrl,
        code: studioCodeOf(studio.toUrl),
        sort: i + 1,
      },
      update: { toUrl: studio.toUrl, sort: i + 1 },
    });
  }
};

interface AreaNode {
  code: string;
  name: string;
  children?: AreaNode[];
}

/** Upserts the administrative-division tree by code (idempotent). */
export const importAreas = async (prisma: PrismaClient, input: { areas: AreaNode[] }) => {
  const walk = async (nodes: AreaNode[], parentCode: string | null, level: number) => {
    for (const [i, node] of nodes.entries()) {
      const data = { name: node.name, parentCode, level, sort: i + 1 };
      await prisma.area.upsert({ where: { code: node.code }, create: { code: node.code, ...data }, update: data });
      await walk(node.children ?? [], node.code, level + 1);
    }
  };
  await walk(input.areas, null, 1);
};

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

const CATALOGUE_DIR = path.join(SEED_DIR, 'catalogue');

/**
 * The textbook catalogue shipped in prisma/seed/catalogue (one JSON file per edition), when the database has no
 * catalogue yet: a first start, or the first start after the upgrade that brought it. A district's own changes are
 * never overwritten: once there is a catalogue, this does nothing (`pnpm admin catalogue-import` adds more).
 */
export const seedCatalogueIfEmpty = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  if ((await prisma.catalogueNode.count()) > 0 || !existsSync(CATALOGUE_DIR)) return 0;
  const files = readdirSync(CATALOGUE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  let created = 0;
  for (const file of files) {
    created += (await importCatalogue(prisma, 'json', readFileSync(path.join(CATALOGUE_DIR, file), 'utf8'))).created;
  }
  forgetCatalogue();
  if (created) log(`imported the textbook catalogue: ${created} nodes from ${files.length} files`);
  return created;
};

const readSeed = (name: string) => readFileSync(path.join(SEED_DIR, name), 'utf8');

/**
 * Reference data every district needs, once, when the database has no dictionary yet: stages and subjects, roles
 * with their permissions and studios, and the administrative areas. Answers whether it wrote them.
 */
export const seedReferenceDataIfEmpty = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  if ((await prisma.dict.count()) > 0) return false;
  await importDictionaries(prisma, JSON.parse(readSeed('dictionaries.json')));
  await importRoles(prisma, JSON.parse(readSeed('roles.json')));
  await importAreas(prisma, JSON.parse(readSeed('areas.json')));
  // Later imports resolve stage and subject names through the dictionary cache: make it read what was just written.
  forgetDictCaches();
  log('seeded dictionaries, roles and areas');
  return true;
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
