import { createHash } from 'node:crypto';
import { MESSAGES, makePageBean } from '@zyk/shared';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { type Clock, nowMs } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { deviceOf } from './devices.ts';

/** Login history is shown for this long. */
export const HISTORY_DAYS = 30;

export type LoginFailure = keyof typeof MESSAGES.security.loginFailure;
const REASONS: Record<string, string> = MESSAGES.security.loginFailure;

/**
 * The id a session is listed under: a hash of its stored id (itself a hash of the cookie), so it names the session
 * to its owner but cannot be turned back into a cookie.
 */
export const publicSessionId = (sessionId: string) =>
  createHash('sha256').update(`session-ref:${sessionId}`).digest('hex').slice(0, 32);

/** Login history older than this is forgotten (at the account's next successful login). */
export const HISTORY_KEEP_DAYS = 180;

/** Records one login attempt on an existing account (the login history). */
export const recordLogin = async (
  prisma: PrismaClient,
  userId: number,
  attempt: { ip: string; userAgent?: string | undefined; failure?: LoginFailure },
) => {
  await prisma.loginEvent.create({
    data: {
      userId,
      success: !attempt.failure,
      reason: attempt.failure ?? null,
      ip: attempt.ip.slice(0, 64),
      userAgent: attempt.userAgent?.slice(0, 300) ?? null,
    },
  });
  if (!attempt.failure) {
    const before = new Date(Date.now() - HISTORY_KEEP_DAYS * 86_400_000);
    await prisma.loginEvent.deleteMany({ where: { userId, createdAt: { lt: before } } });
  }
};

/** The signed-in user's devices (sessions) and login history, as the security settings page shows them. */
export const createSecurityService = (prisma: PrismaClient, clock: Clock, idleMinutes: number) => {
  /** The user's sessions that are still valid (expired ones wait for the sweep or their next use). */
  const liveSessions = (userId: number) => {
    const now = nowMs(clock);
    return prisma.session.findMany({
      where: {
        userId,
        expiresAt: { gt: new Date(now) },
        lastSeenAt: { gt: new Date(now - idleMinutes * 60_000) },
      },
      orderBy: { lastSeenAt: 'desc' },
    });
  };

  return {
    list: async (userId: number, currentSessionId: string) => {
      const rows = await liveSessions(userId);
      const listed = rows.map((s) => ({
        id: publicSessionId(s.id),
        current: s.id === currentSessionId,
        device: deviceOf(s.userAgent),
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      }));
      return [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
    },

    /** Ends one of the user's own sessions, named by its listed id; another user's id is simply not found. */
    end: async (userId: number, currentSessionId: string, listedId: string) => {
      const own = await prisma.session.findMany({ where: { userId }, select: { id: true } });
      const target = own.find((s) => publicSessionId(s.id) === listedId);
      if (!target) throw new AppError('NOT_FOUND', MESSAGES.security.sessionNotFound);
      if (target.id === currentSessionId) throw new AppError('BAD_REQUEST', MESSAGES.security.sessionIsCurrent);
      await prisma.session.deleteMany({ where: { id: target.id, userId } });
    },

    endOthers: async (userId: number, currentSessionId: string) => {
      const { count } = await prisma.session.deleteMany({ where: { userId, id: { not: currentSessionId } } });
      return { ended: count };
    },

    history: async (userId: number, current: number, size: number) => {
      const where = { userId, createdAt: { gte: new Date(nowMs(clock) - HISTORY_DAYS * 86_400_000) } };
      const [total, rows] = await Promise.all([
        prisma.loginEvent.count({ where }),
        prisma.loginEvent.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (current - 1) * size,
          take: size,
        }),
      ]);
      return {
        objList: rows.map((e) => ({
          id: e.id,
          time: e.createdAt.toISOString(),
          ip: e.ip,
          device: deviceOf(e.userAgent),
          success: e.success,
          reason: e.reason ? (REASONS[e.reason] ?? e.reason) : null,
        })),
        pageBean: makePageBean(current, size, total),
      };
    },
  };
};
