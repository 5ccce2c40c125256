import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PERMISSION_CODES, type Permission, ROLE_SCOPES, type RoleScope, z } from '@zyk/shared';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { ROOT_DIR } from '../lib/paths.ts';
import { transaction } from '../lib/transaction.ts';
import { importCatalogue } from '../modules/catalogue/import.ts';
import { forgetCatalogue } from '../modules/catalogue/tree.ts';
import { forgetDictCaches } from '../modules/dict/service.ts';

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

export const readSeed = (name: string) => readFileSync(path.join(SEED_DIR, name), 'utf8');

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
