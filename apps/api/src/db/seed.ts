import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  isValidIdCard,
  isValidPhone,
  PERMISSION_CODES,
  type Permission,
  ROLE_SCOPES,
  type RoleScope,
  z,
} from '@zyk/shared';
import { parse } from 'csv-parse/sync';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../lib/password.ts';
import { ROOT_DIR } from '../lib/paths.ts';
import { transaction } from '../lib/transaction.ts';

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
      create: { roleId: role.id, name: studio.name, toUrl: studio.toUrl, sort: i + 1 },
      update: { toUrl: studio.toUrl, sort: i + 1 },
    });
  }
};

const ROSTER_COLUMNS = ['realName', 'userName', 'phone', 'idCard', 'stage', 'subject', 'role', 'password'] as const;

const rosterRow = z.object({
  realName: z.string().trim().min(1, '姓名不能为空').max(30, '姓名过长'),
  userName: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, '用户名须以字母开头，3-32 位字母、数字、下划线、点或连字符'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), '手机号格式不正确'),
  idCard: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isValidIdCard(v), '身份证号不正确（须为 18 位且校验位正确）'),
  stage: z.string().trim(),
  subject: z.string().trim(),
  role: z.string().trim().min(1, '角色不能为空'),
  password: z.string().min(8, '初始密码至少 8 位').max(64, '初始密码过长'),
});

/** A member id as the spec's personal-centre links expect: stable, opaque, never the database id. */
export const newMemberId = () =>
  `M${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Imports a teacher roster (CSV with a header: realName,userName,phone,idCard,stage,subject,role,password).
 * Idempotent by userName: a known user keeps their password and member id, and gets name, contacts, stage,
 * subject and role brought in line with the file. Every rejected row says why; accepted rows are applied one by one.
 */
export const importRoster = async (prisma: PrismaClient, csvText: string): Promise<ImportReport> => {
  const report = emptyReport();
  let records: Record<string, string>[];
  try {
    records = parse(csvText, {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new Error(`CSV 格式有误：${(error as Error).message}`);
  }
  const header = records[0] ? Object.keys(records[0]) : [];
  const missing = ROSTER_COLUMNS.filter((c) => !header.includes(c));
  if (records.length > 0 && missing.length) throw new Error(`CSV 缺少列：${missing.join('、')}`);

  const dicts = await prisma.dict.findMany();
  const stages = new Map(dicts.filter((d) => d.level === 1).map((d) => [d.dictName, d]));
  const roles = await prisma.role.findMany();
  const seen = new Set<string>();

  for (const [index, record] of records.entries()) {
    const line = index + 2; // header is line 1
    const reject = (reason: string) => report.rejected.push({ line, key: record.userName ?? '', reason });
    const parsed = rosterRow.safeParse(record);
    if (!parsed.success) {
      reject(parsed.error.issues.map((i) => i.message).join('；'));
      continue;
    }
    const row = parsed.data;
    if (seen.has(row.userName)) {
      reject('文件中用户名重复');
      continue;
    }
    seen.add(row.userName);
    const stage = row.stage ? stages.get(row.stage) : undefined;
    if (row.stage && !stage) {
      reject(`学段“${row.stage}”不存在`);
      continue;
    }
    const subject = row.subject
      ? dicts.find((d) => d.level === 2 && d.parentId === stage?.id && d.dictName === row.subject)
      : undefined;
    if (row.subject && !subject) {
      reject(`学科“${row.subject}”不属于学段“${row.stage || '（未填）'}”`);
      continue;
    }
    const role = roles.find((r) => r.code === row.role || r.name === row.role);
    if (!role) {
      reject(`角色“${row.role}”不存在`);
      continue;
    }
    const fields = {
      realName: row.realName,
      phone: row.phone || null,
      idCard: row.idCard || null,
      stageId: stage?.id ?? null,
      subjectId: subject?.id ?? null,
    };
    const clash = await prisma.user.findFirst({
      where: {
        userName: { not: row.userName },
        OR: [...(fields.phone ? [{ phone: fields.phone }] : []), ...(fields.idCard ? [{ idCard: fields.idCard }] : [])],
      },
      select: { userName: true },
    });
    if ((fields.phone || fields.idCard) && clash) {
      reject(`手机号或身份证号已被用户 ${clash.userName} 使用`);
      continue;
    }
    const existing = await prisma.user.findUnique({ where: { userName: row.userName }, include: { roles: true } });
    if (!existing) {
      await prisma.user.create({
        data: {
          ...fields,
          userName: row.userName,
          memberId: newMemberId(),
          passwordHash: await hashPassword(row.password),
          isAdmin: role.code === 'district_admin',
          roles: { create: { roleId: role.id, sort: 0 } },
        },
      });
      report.created++;
      continue;
    }
    const sameFields = (Object.keys(fields) as (keyof typeof fields)[]).every((k) => existing[k] === fields[k]);
    const hasRole = existing.roles.some((r) => r.roleId === role.id);
    if (sameFields && hasRole) {
      report.unchanged++;
      continue;
    }
    await prisma.user.update({
      where: { id: existing.id },
      data: {
        ...fields,
        ...(hasRole ? {} : { roles: { create: { roleId: role.id, sort: existing.roles.length } } }),
      },
    });
    report.updated++;
  }
  return report;
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

/** First start: dictionaries, roles and studios, and the demo accounts, only when the database has none. */
export const seedIfEmpty = async (prisma: PrismaClient, log: (msg: string) => void = () => {}) => {
  if ((await prisma.dict.count()) > 0) return false;
  const read = (name: string) => readFileSync(path.join(SEED_DIR, name), 'utf8');
  await importDictionaries(prisma, JSON.parse(read('dictionaries.json')));
  await importRoles(prisma, JSON.parse(read('roles.json')));
  await importAreas(prisma, JSON.parse(read('areas.json')));
  const report = await importRoster(prisma, read('demo-users.csv'));
  await seedProjects(prisma, JSON.parse(read('projects.json')));
  // One demo teacher has WeChat bound, so the binding screen has something to show and unbind.
  await prisma.user.update({
    where: { userName: 'wangcy' },
    data: { wechatOpenId: 'o6_demo_wangcy', wechatNickname: '春燕老师', wechatBoundAt: new Date() },
  });
  log(`seeded dictionaries, roles, areas, projects and ${report.created} demo users`);
  return true;
};
