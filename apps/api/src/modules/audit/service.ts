import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import type { Tx } from '../../lib/transaction.ts';

type Db = PrismaClient | Tx;

/** One administrative action as the audit log keeps it. */
export interface AuditEntry {
  actorId: number | null;
  actorName: string;
  /** A stable code, e.g. `resource.approve` (the console shows its Chinese label). */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  /** One Chinese sentence a reader understands without the before/after. */
  summary: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  userAgent?: string | null;
}

/** JSON as Postgres keeps it: dates as ISO strings, bigints as strings, undefined dropped. */
const toJson = (value: unknown): Prisma.InputJsonValue | undefined =>
  value === undefined || value === null
    ? undefined
    : (JSON.parse(
        JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
      ) as Prisma.InputJsonValue);

/** Appends one row (the table refuses updates and deletes). */
export const recordAudit = (db: Db, entry: AuditEntry) =>
  db.auditLog.create({
    data: {
      actorId: entry.actorId,
      actorName: entry.actorName,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      summary: entry.summary,
      before: toJson(entry.before),
      after: toJson(entry.after),
      ip: entry.ip ?? null,
      userAgent: entry.userAgent?.slice(0, 300) ?? null,
    },
  });

export interface AuditFilter {
  actorId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Words in the summary or the actor's name. */
  keyword?: string;
  from?: Date;
  to?: Date;
  current: number;
  size: number;
}

/** A page of the log, newest first. */
export const auditPage = async (db: Db, filter: AuditFilter) => {
  const where: Prisma.AuditLogWhereInput = {
    ...(filter.actorId ? { actorId: filter.actorId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    ...(filter.keyword
      ? {
          OR: [
            { summary: { contains: filter.keyword, mode: 'insensitive' } },
            { actorName: { contains: filter.keyword, mode: 'insensitive' } },
          ],
        }
      : {}),
    ...(filter.from || filter.to ? { createdAt: { gte: filter.from, lt: filter.to } } : {}),
  };
  const [total, rows] = await Promise.all([
    db.auditLog.count({ where }),
    db.auditLog.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (filter.current - 1) * filter.size,
      take: filter.size,
    }),
  ]);
  return { total, rows };
};
