import { MESSAGES } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/** The school every user belongs to unless they name another (existing users moved there). */
export const DEFAULT_SCHOOL_ID = 1;

/** Names of the given schools (id → name). */
export const schoolNames = async (db: Db, ids: Iterable<number>): Promise<Map<number, string>> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.school.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** Every school (retired ones too), by area and sort; the keyword matches name or code. */
export const listSchools = (db: Db, keyword?: string) =>
  db.school.findMany({
    where: keyword
      ? {
          OR: [
            { name: { contains: keyword, mode: 'insensitive' } },
            { code: { contains: keyword, mode: 'insensitive' } },
          ],
        }
      : {},
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  });

export const schoolById = (db: Db, id: number) => db.school.findUnique({ where: { id } });

export const schoolByCode = (db: Db, code: string) => db.school.findUnique({ where: { code } });

export interface SchoolFields {
  code: string;
  name: string;
  areaCode: string | null;
  sort: number;
}

/** A new school; a code already in use fails with a unique violation. */
export const createSchool = (db: Db, fields: SchoolFields) => db.school.create({ data: fields });

export const updateSchool = (db: Db, id: number, fields: SchoolFields) =>
  db.school.update({ where: { id }, data: fields });

/**
 * Retires or restores a school, atomically: false when it already was in that state. A retired school keeps its
 * members and takes no new ones.
 */
export const setSchoolRetired = async (db: Db, id: number, retired: boolean) => {
  const { count } = await db.school.updateMany({
    where: { id, retiredAt: retired ? null : { not: null } },
    data: { retiredAt: retired ? new Date() : null },
  });
  return count > 0;
};

/**
 * Upserts schools by code (the seed's schools.json): re-importing changes nothing; a renamed or moved school is
 * updated in place, keeping its id and members.
 */
export const importSchools = async (db: Db, schools: SchoolFields[]) => {
  for (const s of schools) {
    const known = await db.school.findUnique({ where: { code: s.code } });
    if (!known) await db.school.create({ data: s });
    else if (known.name !== s.name || known.areaCode !== s.areaCode || known.sort !== s.sort)
      await db.school.update({ where: { id: known.id }, data: s });
  }
};

/** A school code no other school holds (`exceptId`: the school being edited). */
export const requireSchoolCodeFree = async (db: Db, code: string, exceptId?: number) => {
  const holder = await schoolByCode(db, code);
  if (holder && holder.id !== exceptId)
    throw new AppError('BAD_REQUEST', MESSAGES.console.people.schoolCodeTaken(code));
};

/** For a write's `.catch`: a unique violation means another administrator took the code meanwhile. */
export const schoolCodeRace = (code: string) => (error: unknown) => {
  if (isUniqueViolation(error)) throw new AppError('BAD_REQUEST', MESSAGES.console.people.schoolCodeTaken(code));
  throw error;
};

/** The school, for an edit or a retirement: 404 when there is none; the default school is never retired. */
export const schoolToChange = async (db: Db, id: number, retiring = false) => {
  const school = await schoolById(db, id);
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.console.people.schoolNotFound);
  if (retiring && school.id === DEFAULT_SCHOOL_ID)
    throw new AppError('BAD_REQUEST', MESSAGES.console.people.defaultSchoolStays);
  return school;
};
