import { randomBytes } from 'node:crypto';
import {
  isValidIdCard,
  isValidPhone,
  MESSAGES,
  ROSTER_COLUMNS,
  type RosterOutcome,
  type RosterResult,
  type RosterRowResult,
  z,
} from '@zyk/shared';
import { parse } from 'csv-parse/sync';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { lockKey, type Tx, transaction } from '../../lib/transaction.ts';
import { allRoles } from '../auth/roles.ts';
import { createUser, type ProfileFields, updateProfile, usersForRoster } from '../auth/users.ts';
import { dictTree } from '../dict/service.ts';
import { DEFAULT_SCHOOL_ID, listSchools } from '../org/schools.ts';

/**
 * The teacher roster (CSV with a header: realName,userName,phone,idCard,stage,subject,school,role,password): the
 * seed's demo accounts, `pnpm admin import-roster` and the console's 名册导入 all go through here. Idempotent by
 * userName: a known user keeps their password and member id, and gets name, contacts, stage, subject and school
 * brought in line with the file (and the row's role added). Every row is checked against the database as it was
 * before the import (plan), then the accepted rows are written (commit): the same file on the same data gives the
 * same answer whether previewed or committed.
 */

type Db = PrismaClient | Tx;

/** Who imports: the whole district, or one school (a school administrator), and whether admin roles may be given. */
export interface RosterActor {
  /** Null: the district; otherwise rows may only name this school (empty school = this school). */
  schoolId: number | null;
  /** May give roles that reach into the console (scope other than none); otherwise only such roles as 教师. */
  mayGrantAdminRoles: boolean;
}

/** The CLI and the seed import as the district. */
export const DISTRICT_ROSTER_ACTOR: RosterActor = { schoolId: null, mayGrantAdminRoles: true };

/** More rows than this in one file are refused (each new account hashes a password). */
export const ROSTER_MAX_ROWS = 1000;

const REQUIRED = ROSTER_COLUMNS.filter((c) => c !== 'school');

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
  stage: z.string().trim().max(20, '学段名称过长'),
  subject: z.string().trim().max(20, '学科名称过长'),
  school: z.string().trim().max(50, '学校名称过长'),
  role: z.string().trim().min(1, '角色不能为空').max(20, '角色名称过长'),
  password: z
    .string()
    .min(8, '初始密码至少 8 位')
    .max(32, '初始密码不超过 32 位')
    .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), '初始密码须同时包含字母和数字'),
});

/** A member id as the spec's personal-centre links expect: stable, opaque, never the database id. */
export const newMemberId = () =>
  `M${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** What an accepted row will write. */
interface RowWork {
  userName: string;
  password: string;
  fields: ProfileFields;
  roleId: number;
  /** Absent for a new user. */
  existing?: { id: number; fields: ProfileFields; hasRole: boolean };
}

export interface RosterPlan {
  result: RosterResult;
  work: RowWork[];
}

/** One change the commit made, for the audit log (never the password). */
export interface RosterChange {
  kind: 'create' | 'update';
  userId: number;
  userName: string;
  before: (ProfileFields & { userName: string }) | null;
  after: ProfileFields & { userName: string; role: string };
}

const cell = (record: Record<string, string | undefined>, column: string) => (record[column] ?? '').trim();

const parseCsv = (csvText: string) => {
  let records: Record<string, string>[];
  try {
    records = parse(csvText, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new AppError('BAD_REQUEST', MESSAGES.console.people.rosterMalformed((error as Error).message));
  }
  return records;
};

/** The header of the file (csv-parse gives no records for a header-only file, so read the first line too). */
const headerOf = (csvText: string, records: Record<string, string>[]) => {
  if (records[0]) return Object.keys(records[0]);
  const first = csvText.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return first.split(',').map((h) => h.trim());
};

/**
 * Checks every row of the file against the database (through `db`: the commit passes its transaction) and says
 * what would happen to each. File-level problems (not a CSV, a column missing, too many rows) throw 400.
 */
export const planRoster = async (
  prisma: PrismaClient,
  csvText: string,
  actor: RosterActor,
  db: Db = prisma,
): Promise<RosterPlan> => {
  const records = parseCsv(csvText);
  const header = headerOf(csvText, records);
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length)
    throw new AppError('BAD_REQUEST', MESSAGES.console.people.rosterMissingColumns(missing.join('、')));
  if (records.length > ROSTER_MAX_ROWS)
    throw new AppError('BAD_REQUEST', MESSAGES.console.people.rosterTooManyRows(ROSTER_MAX_ROWS));
  // Without a school column the file does not manage schools: known users stay where they are.
  const schoolManaged = header.includes('school');

  const [tree, roles, schools] = await Promise.all([dictTree(prisma), allRoles(db), listSchools(db)]);
  const trimmed = records.map((r) => ({
    userName: cell(r, 'userName'),
    phone: cell(r, 'phone'),
    idCard: cell(r, 'idCard').toUpperCase(),
  }));
  const known = await usersForRoster(db, {
    userNames: trimmed.map((r) => r.userName).filter(Boolean),
    phones: trimmed.map((r) => r.phone).filter(Boolean),
    idCards: trimmed.map((r) => r.idCard).filter(Boolean),
  });
  const byUserName = new Map(known.map((u) => [u.userName, u]));
  const byPhone = new Map(known.filter((u) => u.phone).map((u) => [u.phone!, u]));
  const byIdCard = new Map(known.filter((u) => u.idCard).map((u) => [u.idCard!, u]));
  const findSchool = (text: string) => schools.find((s) => s.code === text) ?? schools.find((s) => s.name === text);
  const actorSchool = actor.schoolId === null ? undefined : schools.find((s) => s.id === actor.schoolId);

  const seenUserNames = new Set<string>();
  const claimedPhones = new Map<string, number>();
  const claimedIdCards = new Map<string, number>();
  const rows: RosterRowResult[] = [];
  const work: RowWork[] = [];

  for (const [index, record] of records.entries()) {
    const line = index + 2; // the header is line 1
    const values = {
      realName: cell(record, 'realName'),
      userName: cell(record, 'userName'),
      phone: cell(record, 'phone'),
      idCard: cell(record, 'idCard'),
      stage: cell(record, 'stage'),
      subject: cell(record, 'subject'),
      school: cell(record, 'school'),
      role: cell(record, 'role'),
    };
    const answer = (outcome: RosterOutcome, reason: string | null = null) =>
      rows.push({ line, values, outcome, reason });
    const parsed = rosterRow.safeParse({ ...values, password: record.password ?? '' });
    if (!parsed.success) {
      answer('rejected', parsed.error.issues.map((i) => i.message).join('；'));
      continue;
    }
    const row = parsed.data;
    if (seenUserNames.has(row.userName)) {
      answer('rejected', '文件中用户名重复');
      continue;
    }
    seenUserNames.add(row.userName);

    const stage = row.stage ? tree.stages.find((s) => s.name === row.stage) : undefined;
    if (row.stage && !stage) {
      answer('rejected', `学段“${row.stage}”不存在`);
      continue;
    }
    const subject = row.subject
      ? tree.subjects.find((s) => s.stageId === stage?.id && s.name === row.subject)
      : undefined;
    if (row.subject && !subject) {
      answer('rejected', `学科“${row.subject}”不属于学段“${row.stage || '（未填）'}”`);
      continue;
    }

    const role = roles.find((r) => r.code === row.role || r.name === row.role);
    if (!role) {
      answer('rejected', `角色“${row.role}”不存在`);
      continue;
    }
    if (role.scope !== 'none' && !actor.mayGrantAdminRoles) {
      answer('rejected', `不能通过名册授予“${role.name}”角色，只能导入教师`);
      continue;
    }

    const existing = byUserName.get(row.userName);
    if (existing && actor.schoolId !== null && existing.schoolId !== actor.schoolId) {
      answer('rejected', `用户 ${row.userName} 属于其他学校，不能修改`);
      continue;
    }
    const named = row.school ? findSchool(row.school) : undefined;
    if (row.school && !named) {
      answer('rejected', `学校“${row.school}”不存在`);
      continue;
    }
    if (named && actorSchool && named.id !== actorSchool.id) {
      answer('rejected', `只能导入本校（${actorSchool.name}）的教师`);
      continue;
    }
    const schoolId =
      named?.id ?? (schoolManaged || !existing ? (actor.schoolId ?? DEFAULT_SCHOOL_ID) : existing.schoolId);
    const school = schools.find((s) => s.id === schoolId);
    if (school?.retiredAt && existing?.schoolId !== schoolId) {
      answer('rejected', MESSAGES.console.people.schoolRetired(school.name));
      continue;
    }

    const holderOf = (holder: { userName: string } | undefined) =>
      holder && holder.userName !== row.userName ? holder.userName : null;
    const phoneHolder = row.phone ? holderOf(byPhone.get(row.phone)) : null;
    if (phoneHolder) {
      answer('rejected', MESSAGES.console.people.phoneTaken(phoneHolder));
      continue;
    }
    const idCardHolder = row.idCard ? holderOf(byIdCard.get(row.idCard)) : null;
    if (idCardHolder) {
      answer('rejected', MESSAGES.console.people.idCardTaken(idCardHolder));
      continue;
    }
    const phoneLine = row.phone ? claimedPhones.get(row.phone) : undefined;
    if (phoneLine) {
      answer('rejected', `手机号与第 ${phoneLine} 行重复`);
      continue;
    }
    const idCardLine = row.idCard ? claimedIdCards.get(row.idCard) : undefined;
    if (idCardLine) {
      answer('rejected', `身份证号与第 ${idCardLine} 行重复`);
      continue;
    }
    if (row.phone) claimedPhones.set(row.phone, line);
    if (row.idCard) claimedIdCards.set(row.idCard, line);

    const fields: ProfileFields = {
      realName: row.realName,
      phone: row.phone || null,
      idCard: row.idCard || null,
      stageId: stage?.id ?? null,
      subjectId: subject?.id ?? null,
      schoolId,
    };
    if (!existing) {
      answer('create');
      work.push({ userName: row.userName, password: row.password, fields, roleId: role.id });
      continue;
    }
    const before: ProfileFields = {
      realName: existing.realName,
      phone: existing.phone,
      idCard: existing.idCard,
      stageId: existing.stageId,
      subjectId: existing.subjectId,
      schoolId: existing.schoolId,
    };
    const hasRole = existing.roles.some((r) => r.roleId === role.id);
    const same = (Object.keys(fields) as (keyof ProfileFields)[]).every((k) => before[k] === fields[k]);
    if (same && hasRole) {
      answer('unchanged');
      continue;
    }
    answer('update');
    work.push({
      userName: row.userName,
      password: row.password,
      fields,
      roleId: role.id,
      existing: { id: existing.id, fields: before, hasRole },
    });
  }

  const count = (outcome: RosterOutcome) => rows.filter((r) => r.outcome === outcome).length;
  return {
    result: {
      rows,
      counts: {
        create: count('create'),
        update: count('update'),
        unchanged: count('unchanged'),
        rejected: count('rejected'),
      },
    },
    work,
  };
};

/** Password hashes of the accounts a plan would create (slow: done before the commit's transaction opens). */
export type RosterHashes = Map<string, { password: string; hash: string }>;

export const hashRosterPasswords = async (plan: RosterPlan): Promise<RosterHashes> => {
  const hashes: RosterHashes = new Map();
  for (const w of plan.work.filter((w) => !w.existing)) {
    hashes.set(w.userName, { password: w.password, hash: await hashPassword(w.password) });
  }
  return hashes;
};

/**
 * Plans the file again inside `tx` (imports are serialised, so two commits of one file at once create each user
 * once: the second finds them made) and writes the accepted rows.
 */
export const commitRoster = async (
  prisma: PrismaClient,
  tx: Tx,
  csvText: string,
  actor: RosterActor,
  hashes: RosterHashes = new Map(),
): Promise<{ result: RosterResult; changes: RosterChange[] }> => {
  await lockKey(tx, 'roster-import');
  const plan = await planRoster(prisma, csvText, actor, tx);
  const roleCodes = new Map((await allRoles(tx)).map((r) => [r.id, r.code]));
  const changes: RosterChange[] = [];
  for (const w of plan.work) {
    const after = { ...w.fields, userName: w.userName, role: roleCodes.get(w.roleId) ?? '' };
    if (!w.existing) {
      const known = hashes.get(w.userName);
      const passwordHash = known?.password === w.password ? known.hash : await hashPassword(w.password);
      const { id } = await createUser(tx, {
        ...w.fields,
        userName: w.userName,
        memberId: newMemberId(),
        passwordHash,
        roleId: w.roleId,
      });
      changes.push({ kind: 'create', userId: id, userName: w.userName, before: null, after });
      continue;
    }
    await updateProfile(tx, w.existing.id, w.fields, w.existing.hasRole ? undefined : w.roleId);
    changes.push({
      kind: 'update',
      userId: w.existing.id,
      userName: w.userName,
      before: { ...w.existing.fields, userName: w.userName },
      after,
    });
  }
  return { result: plan.result, changes };
};

/** What the CLI prints: counts and the rejected rows with their reasons. */
export interface RosterReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: { line: number; key: string; reason: string }[];
  rows: RosterRowResult[];
}

/**
 * Imports a roster in one go (the seed and `pnpm admin import-roster`); `dryRun` only says what would happen.
 */
export const importRoster = async (
  prisma: PrismaClient,
  csvText: string,
  options: { actor?: RosterActor; dryRun?: boolean } = {},
): Promise<RosterReport> => {
  const actor = options.actor ?? DISTRICT_ROSTER_ACTOR;
  let result: RosterResult;
  if (options.dryRun) {
    result = (await planRoster(prisma, csvText, actor)).result;
  } else {
    const hashes = await hashRosterPasswords(await planRoster(prisma, csvText, actor));
    result = (await transaction(prisma, (tx) => commitRoster(prisma, tx, csvText, actor, hashes))).result;
  }
  return {
    created: result.counts.create,
    updated: result.counts.update,
    unchanged: result.counts.unchanged,
    rejected: result.rows
      .filter((r) => r.outcome === 'rejected')
      .map((r) => ({ line: r.line, key: r.values.userName, reason: r.reason ?? '' })),
    rows: result.rows,
  };
};
