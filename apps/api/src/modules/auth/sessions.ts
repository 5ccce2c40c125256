import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { nowMs } from '../../lib/clock.ts';
import type { AdminContext, SessionUser } from '../../lib/contract.ts';
import { hotRows } from '../../lib/hot-sql.ts';
import { SESSION_COOKIE } from '../../lib/session-cookie.ts';
import { adminContextOf } from './permissions.ts';

/** lastSeenAt is refreshed at most this often, so a busy page does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

interface SessionRow {
  expires_at: Date;
  last_seen_at: Date;
  user_id: number;
  member_id: string;
  user_name: string;
  is_admin: boolean;
  status: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Sessions {
  /** Resolves request.user from the cookie (once per request). */
  resolve: (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser | null>;
  /** Starts a new session (always a new id) and sets the cookie; any session the request carried is ended. */
  start: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
  /** Ends the request's session server-side and clears the cookie. */
  end: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The signed-in caller's admin permissions and scope (null: none), looked up once per request. */
  admin: (request: FastifyRequest) => Promise<AdminContext | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
  interface FastifyRequest {
    sessionResolved?: boolean;
  }
}

/**
 * Opaque random session ids in an HttpOnly, SameSite=Lax cookie, stored hashed in Postgres with idle and
 * absolute expiry. Any api instance can check any session.
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
    const absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;

    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' : config.COOKIE_SECURE === 'true',
    });

    const clear = (request: FastifyRequest, reply: FastifyReply) =>
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));

    const resolve: Sessions['resolve'] = async (request, reply) => {
      if (request.sessionResolved) return request.user;
      request.sessionResolved = true;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const id = hashToken(token);
      // Every signed-in request asks this (each chunk of an upload too): straight to the pg pool (lib/hot-sql.ts).
      const [session] = await hotRows<SessionRow>(
        app.pg,
        Prisma.sql`
          SELECT s.expires_at, s.last_seen_at, u.id AS user_id, u.member_id, u.user_name, u.is_admin, u.status
          FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = ${id}`,
      );
      const now = nowMs(app.clock);
      const valid =
        session &&
        session.status === 'ACTIVE' &&
        session.expires_at.getTime() > now &&
        session.last_seen_at.getTime() + idleMs > now;
      if (!valid) {
        if (session) await app.prisma.session.deleteMany({ where: { id } });
        clear(request, reply);
        return null;
      }
      if (now - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
        await app.prisma.session.updateMany({ where: { id }, data: { lastSeenAt: new Date(now) } });
      }
      request.user = {
        id: session.user_id,
        memberId: session.member_id,
        userName: session.user_name,
        isAdmin: session.is_admin,
        sessionId: id,
      };
      return request.user;
    };

    const start: Sessions['start'] = async (request, reply, userId) => {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await app.prisma.session.deleteMany({ where: { id: hashToken(previous) } });
      const token = randomBytes(32).toString('base64url');
      const now = nowMs(app.clock);
      await app.prisma.session.create({
        data: {
          id: hashToken(token),
          userId,
          lastSeenAt: new Date(now),
          expiresAt: new Date(now + absoluteMs),
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        },
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: Math.floor(absoluteMs / 1000) });
    };

    const end: Sessions['end'] = async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await app.prisma.session.deleteMany({ where: { id: hashToken(token) } });
      request.user = null;
      clear(request, reply);
    };

    const admin: Sessions['admin'] = async (request) => {
      if (request.admin !== undefined) return request.admin;
      request.admin = request.user ? await adminContextOf(app.prisma, request.user.id) : null;
      return request.admin;
    };

    app.decorate('sessions', { resolve, start, end, admin });
  },
  { name: 'session', dependencies: ['prisma'] },
);
