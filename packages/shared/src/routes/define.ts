import type { Permission } from '../permissions.ts';
import type { z } from '../zod.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone, a logged-in user, or an administrator. */
export type Access = 'public' | 'user' | 'admin';

export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends string = string,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Fastify syntax: `:name` segments are path parameters (fill them with pathOf). */
  path: P;
  /** Extra paths answering the same call (the spec keeps a few odd spellings, e.g. `/es//wo/insert`). */
  aliases?: readonly string[];
  summary: string;
  tag: string;
  access: A;
  /** For `admin` routes: the permission the caller's roles must hold (none named: any admin permission). */
  permission?: Permission;
  query?: Q;
  body?: B;
  /** The `data` of a successful envelope. */
  response: R;
  /** Not wrapped in the envelope (health probes, files). */
  raw?: boolean;
  /** The request body is multipart/form-data carrying a file in this field (streamed, not described by `body`). */
  upload?: { field: string; description: string };
  /** A valid request, shown in the API reference and replayed by the contract conformance tests. */
  example?: {
    query?: Q extends z.ZodType ? z.input<Q> : never;
    body?: B extends z.ZodType ? z.input<B> : never;
  };
  /** Per-client limit for this route (the api's rate-limit plugin enforces it). */
  rateLimit?: { max: number; timeWindowMs: number };
}

/** Identity function that keeps the literal types of a route for the typed server and client. */
export const defineRoute = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  const P extends string = string,
  const A extends Access = Access,
>(
  def: RouteDef<Q, B, R, P, A>,
) => def;

type InferOr<T, Else> = T extends z.ZodType ? z.infer<T> : Else;
type InputOr<T, Else> = T extends z.ZodType ? z.input<T> : Else;

export type QueryOf<D> = D extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType> ? InferOr<Q, undefined> : never;
export type BodyOf<D> = D extends RouteDef<z.ZodType | undefined, infer B, z.ZodType> ? InferOr<B, undefined> : never;
export type QueryInputOf<D> =
  D extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType> ? InputOr<Q, undefined> : never;
export type BodyInputOf<D> =
  D extends RouteDef<z.ZodType | undefined, infer B, z.ZodType> ? InputOr<B, undefined> : never;
export type DataOf<D> = D extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.infer<R> : never;

/** The names of a path's `:name` segments. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** A route's path parameters as the server receives them. */
export type ParamsOf<D> = D extends { path: infer P extends string } ? { [K in PathParamNames<P>]: string } : never;
