/**
 * How the upload helper talks HTTP. One small interface so the helper can be driven by a fake server in unit
 * tests; two real implementations: XMLHttpRequest (reports upload progress, used in browsers) and fetch.
 * No DOM types beyond what both browsers and Node have.
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

/** The global timers, looked up at call time (so test fake timers installed later are used). */
export const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

export interface TransportRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: FormData | string;
  /**
   * Gives up when nothing happened for this long: no answer and, where the transport can see it, no upload
   * progress either (a large form upload on a slow line is not cut off while it is still moving).
   */
  timeoutMs: number;
  signal: AbortSignal;
  /** Bytes of the request body sent so far (only transports that can see it call this). */
  onUploadProgress?: (sent: number) => void;
}

/** An HTTP answer; `body` is the parsed JSON, or null when the body was not JSON. */
export interface TransportResponse {
  status: number;
  body: unknown;
}

export type TransportErrorKind = 'network' | 'timeout' | 'aborted';

/** No answer at all: the network failed, the time ran out, or the caller aborted. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string = kind,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

const parseJson = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** A transport over `fetch` (no upload progress: the timeout covers the whole request). */
export const fetchTransport =
  (
    fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
    timers: Timers = globalTimers,
  ): Transport =>
  async (request) => {
    if (request.signal.aborted) throw new TransportError('aborted');
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        credentials: 'same-origin',
        headers: { accept: 'application/json', ...request.headers },
        body: request.body ?? null,
        signal: controller.signal,
      });
      const text = await response.text();
      return { status: response.status, body: parseJson(text) };
    } catch (error) {
      if (error instanceof TransportError) throw error;
      if (timedOut) throw new TransportError('timeout');
      if (request.signal.aborted) throw new TransportError('aborted');
      throw new TransportError('network', error instanceof Error ? error.message : String(error));
    } finally {
      timers.clearTimeout(timer);
      request.signal.removeEventListener('abort', onAbort);
    }
  };

/** What we use of XMLHttpRequest (a structural type, so this module needs no DOM library). */
interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body?: unknown): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  readonly upload: { onprogress: ((event: { loaded: number }) => void) | null };
}

/**
 * A transport over XMLHttpRequest: reports upload progress, and its timeout restarts whenever bytes go out, so it
 * only fires when the request has been stuck for `timeoutMs`.
 */
export const xhrTransport =
  (createXhr: () => XhrLike, timers: Timers = globalTimers): Transport =>
  (request) =>
    new Promise<TransportResponse>((resolve, reject) => {
      if (request.signal.aborted) {
        reject(new TransportError('aborted'));
        return;
      }
      const xhr = createXhr();
      let settled = false;
      let timer: unknown;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        outcome();
      };
      const arm = () => {
        timers.clearTimeout(timer);
        timer = timers.setTimeout(() => {
          finish(() => reject(new TransportError('timeout')));
          xhr.abort();
        }, request.timeoutMs);
      };
      const onAbort = () => {
        finish(() => reject(new TransportError('aborted')));
        xhr.abort();
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      xhr.open(request.method, request.url);
      xhr.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.onload = () => finish(() => resolve({ status: xhr.status, body: parseJson(xhr.responseText) }));
      xhr.onerror = () => finish(() => reject(new TransportError('network')));
      xhr.onabort = () => finish(() => reject(new TransportError('aborted')));
      xhr.upload.onprogress = (event) => {
        arm();
        request.onUploadProgress?.(event.loaded);
      };
      arm();
      xhr.send(request.body ?? null);
    });

/** XMLHttpRequest where there is one (browsers), fetch otherwise. */
export const defaultTransport = (timers: Timers = globalTimers): Transport => {
  const Xhr = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
  return Xhr ? xhrTransport(() => new Xhr(), timers) : fetchTransport(undefined, timers);
};
