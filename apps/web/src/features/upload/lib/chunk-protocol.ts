import { MESSAGES, UPLOAD_RESULT } from '@zyk/shared';
import type { Transport } from './transport.ts';
import { TransportError } from './transport.ts';
import { type FileLike, HELPER_MESSAGES } from './upload-types.ts';

/**
 * The wire of the two uploads: the form upload of a document, and the spec's chunked protocol for video and audio
 * (init → position query → chunks with Content-Range). Each call is one request; what to do with its answer (retry,
 * resume, give up) is the queue's (upload-helper.ts). Errors say how the queue should take them.
 */

/** Stops the upload; `forget` drops the saved upload info (the server no longer has the upload). */
export class FatalError extends Error {
  constructor(
    message: string,
    readonly forget = false,
  ) {
    super(message);
  }
}

/** Worth another try: `notice` is said meanwhile, `finalMessage` if the retries run out. */
export class RetryableError extends Error {
  constructor(
    readonly notice: string,
    readonly finalMessage: string,
  ) {
    super(finalMessage);
  }
}

export class AbortedError extends Error {}

export interface VideoSession {
  uri: string;
  ccvid: string;
  uid: string;
  metauri: string;
  servicetype: string;
}

export interface Answer {
  status: number;
  code: number | null;
  msg: string;
  result: number | null;
  received: number | null;
  fileId: string | null;
  data: unknown;
}

export type Position =
  | { kind: 'resume'; received: number }
  | { kind: 'done'; fileId: string }
  | { kind: 'gone'; msg: string };

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** Reads `{ code, msg, data }` and the chunk protocol's `{ result, received }` (top level or in data). */
export const readAnswer = (status: number, body: unknown): Answer => {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const data = (b.data && typeof b.data === 'object' ? b.data : null) as Record<string, unknown> | null;
  return {
    status,
    code: num(b.code),
    msg: str(b.msg) ?? '',
    result: num(b.result) ?? num(data?.result),
    received: num(b.received) ?? num(data?.received),
    fileId: str(data?.fileId),
    data: b.data ?? null,
  };
};

const withQuery = (url: string, params: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

/** '上传失败（错误码 -1）：上传任务不存在或已过期…' — the spec's message, with the server's reason when it has one. */
export const withReason = (base: string, msg: string) =>
  msg && msg !== base && msg !== '操作成功' ? `${base}：${msg}` : base;

/** Where and how long: the addresses and time limits the queue was given. */
export interface ProtocolOptions {
  documentUrl: string;
  videoInitUrl: string;
  uploadTimeoutMs: number;
  resumeQueryTimeoutMs: number;
}

export class ChunkProtocol {
  constructor(
    private readonly transport: Transport,
    private readonly o: ProtocolOptions,
  ) {}

  /** `POST documentUrl` with the file as the `file` part; `onSent` hears the bytes sent so far. */
  sendForm(file: FileLike, signal: AbortSignal, onSent: (sent: number) => void) {
    const form = new FormData();
    form.append('file', file as unknown as Blob, file.name);
    return this.request(
      {
        method: 'POST',
        url: this.o.documentUrl,
        body: form,
        timeoutMs: this.o.uploadTimeoutMs,
        signal,
        onUploadProgress: (sent) => onSent(Math.min(sent, file.size)),
      },
      MESSAGES.upload.networkRetrying,
    );
  }

  /** `POST init { filename, filesize }` → the upload info. */
  async init(file: FileLike, signal: AbortSignal): Promise<VideoSession> {
    const answer = await this.request(
      {
        method: 'POST',
        url: this.o.videoInitUrl,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filename: file.name, filesize: file.size }),
        timeoutMs: this.o.uploadTimeoutMs,
        signal,
      },
      MESSAGES.upload.networkRetrying,
    );
    const d = (answer.data ?? {}) as Record<string, unknown>;
    if (answer.code === 0 && str(d.uri) && str(d.ccvid) && str(d.metauri)) {
      return {
        uri: d.uri as string,
        ccvid: d.ccvid as string,
        uid: str(d.uid) ?? '',
        metauri: d.metauri as string,
        servicetype: str(d.servicetype) ?? '',
      };
    }
    throw this.refusal(answer);
  }

  /** `GET metauri?ccvid&uid&filename&filesize&servicetype` (5 s): where the server's copy ends. */
  async position(file: FileLike, session: VideoSession, signal: AbortSignal): Promise<Position> {
    let answer: Answer;
    try {
      answer = await this.request(
        {
          method: 'GET',
          url: withQuery(session.metauri, {
            ccvid: session.ccvid,
            uid: session.uid,
            filename: file.name,
            filesize: String(file.size),
            servicetype: session.servicetype,
          }),
          timeoutMs: this.o.resumeQueryTimeoutMs,
          signal,
        },
        MESSAGES.upload.resumePointFailed,
      );
    } catch (error) {
      if (error instanceof RetryableError)
        throw new RetryableError(MESSAGES.upload.networkRetrying, MESSAGES.upload.resumePointFailed);
      throw error;
    }
    if (answer.result === UPLOAD_RESULT.done && answer.fileId) return { kind: 'done', fileId: answer.fileId };
    if (answer.result === UPLOAD_RESULT.resume && answer.received !== null) {
      return { kind: 'resume', received: Math.max(0, Math.min(file.size, answer.received)) };
    }
    if (answer.result === UPLOAD_RESULT.failNoRetry) return { kind: 'gone', msg: answer.msg };
    if (answer.status === 401) throw new FatalError(answer.msg || HELPER_MESSAGES.sessionLost);
    throw new RetryableError(MESSAGES.upload.networkRetrying, MESSAGES.upload.resumePointFailed);
  }

  /** `POST uri` with `Content-Range: bytes start-end/total` and the bytes as the `file` part. */
  sendChunk(
    file: FileLike,
    session: VideoSession,
    range: { start: number; end: number },
    signal: AbortSignal,
    onSent: (sent: number) => void,
  ) {
    const form = new FormData();
    form.append('file', file.slice(range.start, range.end), 'blob');
    const length = range.end - range.start;
    return this.request(
      {
        method: 'POST',
        url: session.uri,
        headers: { 'content-range': `bytes ${range.start}-${range.end - 1}/${file.size}` },
        body: form,
        timeoutMs: this.o.uploadTimeoutMs,
        signal,
        onUploadProgress: (sent) => onSent(Math.min(sent, length)),
      },
      MESSAGES.upload.networkRetrying,
    );
  }

  /** A refusal with the server's message (too large, wrong type, not logged in…): no retry. */
  refusal(answer: Answer) {
    if (answer.status === 401) return new FatalError(answer.msg || HELPER_MESSAGES.sessionLost);
    return new FatalError(answer.msg || HELPER_MESSAGES.networkFailed);
  }

  /**
   * One request; a request that got no answer (network, timeout) and a 5xx answer without the protocol's result
   * become a RetryableError saying `notice`. Aborting becomes AbortedError.
   */
  private async request(req: Parameters<Transport>[0], notice: string): Promise<Answer> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.transport(req));
    } catch (error) {
      if (req.signal.aborted || (error instanceof TransportError && error.kind === 'aborted')) throw new AbortedError();
      throw new RetryableError(notice, HELPER_MESSAGES.networkFailed);
    }
    const answer = readAnswer(status, body);
    if (answer.result === null && (body === null || status >= 500 || status === 408)) {
      throw new RetryableError(notice, answer.msg || HELPER_MESSAGES.networkFailed);
    }
    return answer;
  }
}
