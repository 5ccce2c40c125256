import {
  type Access,
  type BodyOf,
  type DataOf,
  envelope,
  MESSAGES,
  type ParamsOf,
  type Permission,
  type QueryOf,
  type RoleScope,
  type RouteDef,
  type z,
} from '@zyk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, envelopeOk } from './errors.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/** The logged-in user as the session plugin resolves it (null for visitors). */
export interface SessionUser {
  id: number;
  memberId: string;
  userName: string;
  isAdmin: boolean;
  sessionId: string;
}

/** How far an administrator reaches (the union of their roles' scopes); see auth/permissions.ts. */
export interface AdminScope {
  /** The whole district. */
  all: boolean;
  /** Their own school's people and content (school administrators). */
  schoolId: number | null;
  /** Content of their own stage (and subject, when set): 教研员. */
  stageId: number | null;
  subjectId: number | null;
}

/** The caller of an admin route: what they may do and where. */
export interface AdminContext {
  userId: number;
  userName: string;
  realName: string;
  permissions: ReadonlySet<Permission>;
  scope: AdminScope;
  roles: { code: string; name: string; scope: RoleScope }[];
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Resolved for admin routes only. */
    admin?: AdminContext | null;
  }
}

type UserOf<D extends RouteDef> = D['access'] extends 'public' ? SessionUser | null : SessionUser;

export interface HandlerContext<D extends RouteDef> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: QueryOf<D>;
  body: BodyOf<D>;
  /** The `:name` segments of the path. */
  params: ParamsOf<D>;
  /** The caller (with `session: 'handler'`, only once `authorize()` has answered). */
  user: UserOf<D>;
  /**
   * The route's access check, now: for `session: 'handler'` routes, which call it when their own I/O can overlap
   * the session lookup. Elsewhere it has already run and answers at once.
   */
  authorize: () => Promise<UserOf<D>>;
  /** On admin routes: the caller's permissions and scope (checked against the route's permission already). */
  admin: D['access'] extends 'admin' ? AdminContext : null;
}

/**
 * What the handler answers: the envelope's `data`. A raw route may instead send its own reply (a file stream, a
 * redirect, a status of its own) and return the reply, as Fastify's async handlers do.
 */
export type RouteHandler<D extends RouteDef> = (ctx: HandlerContext<D>) => Promise<DataOf<D>> | DataOf<D>;

/**
 * The one access check: the session behind the cookie, then the route's access level (401 / 403). An admin route
 * needs its permission (or, naming none, any admin permission), held through the caller's roles.
 */
const authorize = async (
  app: FastifyInstance,
  access: Access,
  request: FastifyRequest,
  reply: FastifyReply,
  permission?: Permission,
) => {
  await app.sessions.resolve(request, reply);
  if (access === 'public') return request.user;
  if (!request.user) throw new AppError('UNAUTHORIZED');
  if (access === 'admin') {
    const admin = await app.sessions.admin(request);
    if (!admin || (permission && !admin.permissions.has(permission)))
      throw new AppError('FORBIDDEN', MESSAGES.console.common.permissionDenied);
  }
  return request.user;
};

/** Before the body is read and validated: an anonymous caller of a protected route learns nothing of its schema. */
const guard = (app: FastifyInstance, access: Access, session: SessionTiming, permission?: Permission) => {
  if (session === 'first') {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await authorize(app, access, request, reply, permission);
    };
  }
  if (session === 'handler' && access !== 'public') {
    return async (request: FastifyRequest) => {
      if (!request.cookies[SESSION_COOKIE]) throw new AppError('UNAUTHORIZED');
    };
  }
  return undefined;
};

/** When the session is looked up; see RouteOptions.session. */
export type SessionTiming = 'first' | 'handler' | 'none';

export interface RouteOptions {
  /**
   * The handler builds exactly the declared response shape (tests parse it against the schema) and never changes
   * what it returned, so the answer is written with JSON.stringify instead of being re-validated by zod on every
   * request, and data returned again (a page kept by a cache) is stringified once. For the busiest public reads
   * (a page of cards); the schema still documents the route and validates in the tests.
   */
  trustedResponse?: boolean;
  /**
   * - `first` (default): the session is looked up and the access level checked before the request is validated.
   * - `handler`: before validation only a protected route's missing session cookie is refused (401, cheap); the
   *   handler calls `ctx.authorize()` itself, e.g. while its own first query runs.
   * - `none`: never looked up (the answer never touches the session cookie): for public routes authorised by
   *   other means, such as a signed URL.
   */
  session?: SessionTiming;
  /** A schema for the path parameters (validated like the query: 400 when refused). */
  params?: z.ZodType;
  /** The success envelope's msg, when it is not the usual 操作成功. */
  successMsg?: string;
}

/**
 * The answer bytes of data objects already written once (weakly held: they go with the object), with the envelope
 * head they were written under. Bytes rather than a string: Fastify then neither measures the string for
 * Content-Length nor encodes it again on every send.
 */
const written = new WeakMap<object, { head: string; bytes: Buffer }>();
const isEnvelope = (payload: unknown): payload is { code: number; success: boolean; msg: string; data: unknown } =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { code?: unknown }).code === 'number' &&
  typeof (payload as { success?: unknown }).success === 'boolean' &&
  typeof (payload as { msg?: unknown }).msg === 'string';
const serializeTrusted = (payload: unknown): string | Buffer => {
  if (!isEnvelope(payload)) return JSON.stringify(payload);
  const { data } = payload;
  const head = `{"code":${payload.code},"success":${payload.success},"msg":${JSON.stringify(payload.msg)},"data":`;
  if (typeof data !== 'object' || data === null) return `${head}${JSON.stringify(data) ?? 'null'}}`;
  const known = written.get(data);
  if (known?.head === head) return known.bytes;
  const bytes = Buffer.from(`${head}${JSON.stringify(data)}}`);
  written.set(data, { head, bytes });
  return bytes;
};
// Fastify's types want a string from a serializer, but it sends a Buffer as it is (reply.js onSendEnd), with the
// JSON content type the route already set.
const trustedSerializer = () => serializeTrusted as (payload: unknown) => string;

/**
 * Registers one entry of the shared route table: request validation and response serialization from its zod
 * schemas, the access guard, its rate limit, and the envelope around whatever the handler returns. Multipart
 * uploads (`def.upload`) have no body schema: the handler reads the stream (the module registers the parser).
 */
export const registerRoute = <D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  options: RouteOptions = {},
) => {
  const session = options.session ?? 'first';
  if (session === 'none' && def.access !== 'public')
    throw new Error(`${def.path}: only public routes skip the session`);
  const responseSchema = def.raw ? def.response : envelope(def.response);
  if (def.access === 'admin' && session !== 'first') throw new Error(`${def.path}: admin routes check access first`);
  const onRequest = guard(app, def.access, session, def.permission);
  const wrap = (data: unknown) => {
    if (def.raw) return data;
    const answer = envelopeOk(data);
    return options.successMsg ? { ...answer, msg: options.successMsg } : answer;
  };
  for (const url of [def.path, ...(def.aliases ?? [])]) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method: def.method,
      url,
      schema: {
        ...(options.params ? { params: options.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        response: { 200: responseSchema },
      },
      ...(options.trustedResponse ? { serializerCompiler: trustedSerializer } : {}),
      config: {
        ...(def.rateLimit && {
          rateLimit: {
            max: (request: FastifyRequest) => def.rateLimit!.max * app.addressAllowance(request.ip),
            timeWindow: def.rateLimit.timeWindowMs,
          },
        }),
        // Signed-URL bytes (downloads, media segments, PDF ranges) last as long as the transfer, not the server's work.
        inFlight: session !== 'none',
      },
      ...(onRequest ? { onRequest } : {}),
      handler: async (request, reply) => {
        const check = () => authorize(app, def.access, request, reply, def.permission) as Promise<UserOf<D>>;
        const data = await handler({
          request,
          reply,
          query: request.query as QueryOf<D>,
          body: request.body as BodyOf<D>,
          params: request.params as ParamsOf<D>,
          get user() {
            // A 'handler' route that reads the user before authorize() has a bug; refuse rather than answer as a visitor.
            if (session === 'handler' && !request.sessionResolved) throw new Error(`${def.path}: authorize() first`);
            return request.user as UserOf<D>;
          },
          authorize: session === 'none' ? async () => null as UserOf<D> : check,
          admin: (def.access === 'admin' ? request.admin : null) as HandlerContext<D>['admin'],
        });
        return wrap(data);
      },
    });
  }
};
