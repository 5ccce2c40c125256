import { REQUEST_TIMEOUT_MS } from './constants.ts';
import type { Envelope } from './envelope.ts';
import { toSearch } from './paths.ts';
import type { BodyInputOf, DataOf, QueryInputOf, RouteDef } from './routes/define.ts';

/** A request that never got an answer envelope (network down, timeout, non-JSON answer). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

type CallArgs<D> = (QueryInputOf<D> extends undefined ? { query?: undefined } : { query: QueryInputOf<D> }) &
  (BodyInputOf<D> extends undefined ? { body?: undefined } : { body: BodyInputOf<D> }) & {
    /** Headers of this call only, e.g. the `Idempotency-Key` of a payment. */
    headers?: Record<string, string>;
  };

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Extra headers on every call (tests use it for cookies). */
  headers?: () => Record<string, string>;
}

/**
 * The typed client every caller uses: same origin, credentials included, 10 s timeout.
 * It resolves with the envelope whatever its code (the caller decides what a non-zero code means) and
 * rejects only when no envelope came back.
 */
export const createApiClient = (options: ApiClientOptions = {}) => {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return async <D extends RouteDef>(route: D, args?: CallArgs<D>): Promise<Envelope<DataOf<D>>> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const body = (args as { body?: unknown } | undefined)?.body;
    try {
      const response = await doFetch(
        `${options.baseUrl ?? ''}${route.path}${toSearch((args as { query?: Record<string, unknown> })?.query)}`,
        {
          method: route.method,
          credentials: 'include',
          signal: controller.signal,
          headers: {
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...options.headers?.(),
            ...(args as { headers?: Record<string, string> } | undefined)?.headers,
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        },
      );
      const text = await response.text();
      try {
        return JSON.parse(text) as Envelope<DataOf<D>>;
      } catch {
        throw new RequestError(`服务器返回了无法识别的内容（HTTP ${response.status}）`, response.status);
      }
    } catch (error) {
      if (error instanceof RequestError) throw error;
      if (controller.signal.aborted) throw new RequestError('请求超时，请检查网络后重试');
      throw new RequestError('网络异常，请检查网络后重试');
    } finally {
      clearTimeout(timer);
    }
  };
};

export type ApiCall = ReturnType<typeof createApiClient>;
