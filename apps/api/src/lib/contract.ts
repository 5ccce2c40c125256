import { type Access, type BodyOf, type DataOf, envelope, type QueryOf, type RouteDef } from '@zyk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, envelopeOk } from './errors.ts';

/** The logged-in user as the session plugin resolves it (null for visitors). */
export interface SessionUser {
  id: number;
  memberId: string;
  userName: string;
  isAdmin: boolean;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export interface HandlerContext<D extends RouteDef> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: QueryOf<D>;
  body: BodyOf<D>;
  user: D['access'] extends 'public' ? SessionUser | null : SessionUser;
}

export type RouteHandler<D extends RouteDef> = (ctx: HandlerContext<D>) => Promise<DataOf<D>> | DataOf<D>;

const guard = (app: FastifyInstance, access: Access) => async (request: FastifyRequest, reply: FastifyReply) => {
  await app.sessions.resolve(request, reply);
  if (access === 'public') return;
  if (!request.user) throw new AppError('UNAUTHORIZED');
  if (access === 'admin' && !request.user.isAdmin) throw new AppError('FORBIDDEN');
};

export interface RouteOptions {
  /**
   * The handler builds exactly the declared response shape (tests parse it against the schema) and never changes
   * what it returned, so the answer is written with JSON.stringify instead of being re-validated by zod on every
   * request, and data returned again (a page kept by a cache) is stringified once. For the busiest public reads
   * (a page of cards); the schema still documents the route and validates in the tests.
   */
  trustedResponse?: boolean;
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
 * schemas, the access guard, its rate limit, and the envelope around whatever the handler returns.
 */
export const registerRoute = <D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  options: RouteOptions = {},
) => {
  const responseSchema = def.raw ? def.response : envelope(def.response);
  for (const url of [def.path, ...(def.aliases ?? [])]) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method: def.method,
      url,
      schema: {
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        response: { 200: responseSchema },
      },
      ...(options.trustedResponse ? { serializerCompiler: trustedSerializer } : {}),
      config: def.rateLimit ? { rateLimit: { max: def.rateLimit.max, timeWindow: def.rateLimit.timeWindowMs } } : {},
      // Before the body is read and validated: an anonymous caller of a protected route learns nothing of its schema.
      onRequest: guard(app, def.access),
      handler: async (request, reply) => {
        const data = await handler({
          request,
          reply,
          query: request.query as QueryOf<D>,
          body: request.body as BodyOf<D>,
          user: request.user as HandlerContext<D>['user'],
        });
        return def.raw ? data : envelopeOk(data);
      },
    });
  }
};
