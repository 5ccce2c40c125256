import { MESSAGES, pathOf, routes, UPLOAD, UPLOAD_RESULT } from '@zyk/shared';
import { DOCUMENT_EXTENSIONS, extensionOf, isMediaFile, MEDIA_EXTENSIONS, shortName } from './file-rules.ts';
import { type KeyValueStorage, type ResumeRecord, ResumeStore, resumeKeyOf } from './resume-store.ts';
import {
  defaultTransport,
  fetchTransport,
  globalTimers,
  type Timers,
  type Transport,
  TransportError,
} from './transport.ts';

/**
 * The upload helper, framework-free: a queue of files, each uploaded either through the
 * form upload (documents, images) or the chunked protocol (video and audio, by extension), one at a time by
 * default, with pause, resume, cancel, retries after asking the server where to resume, and resuming after a page
 * reload from the server's position. Transport, timers and storage are injected so it runs under unit tests.
 *
 * Item states: added → ready (queued, shown 排队等待中) → uploading → success | failure, and
 * paused / canceled from the user. A paused item goes back to ready when resumed; a failed one when retried.
 */

export type UploadStatus = 'added' | 'ready' | 'uploading' | 'paused' | 'canceled' | 'success' | 'failure';

export const STATUS_LABELS: Record<UploadStatus, string> = {
  added: '已添加',
  ready: '排队等待中',
  uploading: '上传中',
  paused: '已暂停',
  canceled: '已取消',
  success: '上传成功',
  failure: '上传失败',
};

export type UploadMethod = 'chunked' | 'form';

export interface UploadProgress {
  /** Bytes the server has (plus, while a request is going out, the bytes of it already sent). */
  loaded: number;
  total: number;
  /** Bits per second, measured every `bitrateIntervalMs` while uploading; 0 otherwise. */
  bitrate: number;
}

/** What a form upload answers (the server's stored file view); chunked uploads only give the file id. */
export interface UploadedFileInfo {
  id: string;
  name: string;
  size: number;
  type: string;
  kind?: string;
  mimeType?: string;
}

/** One file in the queue, as the screens see it (a fresh object after every change). */
export interface UploadItem {
  uuid: string;
  name: string;
  /** The name for display: over 9 characters it is the first 8 and '…'. */
  shortName: string;
  size: number;
  /** The browser's MIME type for the file ('' when it does not know). */
  type: string;
  /** Lower-case extension. */
  extension: string;
  method: UploadMethod;
  /** Where the file is sent: the form upload address, or the chunk address (uri) once the server gave it. */
  url: string;
  categoryId: string | null;
  categoryDesc: string | null;
  tag: string | null;
  notifyUrl: string | null;
  progress: UploadProgress;
  /** Retries since the last progress (at most `maxRetries`). */
  retries: number;
  /** Why the upload failed (status failure), in Chinese. */
  failMsg: string | null;
  /** A passing remark while uploading (网络异常，正在重试). */
  notice: string | null;
  status: UploadStatus;
  /** The stored file's id once uploaded (what publishing refers to). */
  fileId: string | null;
  /** The server's view of the stored file (form uploads). */
  file: UploadedFileInfo | null;
  /** Where the server said this upload continues from, when it picked up an earlier one (0 otherwise). */
  resumedFrom: number;
  /** The File itself, for previews (e.g. a cover image). */
  source: FileLike;
}

/** What the helper needs of a File. */
export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
  readonly lastModified?: number;
  slice(start?: number, end?: number): Blob;
}

export type UploaderEvent =
  | { type: 'change' }
  | { type: 'progress'; item: UploadItem }
  | { type: 'success'; item: UploadItem }
  | { type: 'failure'; item: UploadItem }
  /** A message for the user about a selection (too many files, too large, wrong type, unsupported browser). */
  | { type: 'message'; text: string; fileName: string | null };

export type UploaderListener = (event: UploaderEvent) => void;

/** Browser features the helper depends on: injected in tests. */
export interface UploadEnvironment {
  File?: unknown;
  FormData?: unknown;
  Blob?: unknown;
}

export interface UploaderOptions {
  /** Files per selection; more and the whole selection is refused (default 1). */
  limit?: number;
  /** Said when a selection has more than `limit` files (default: the spec's 单次最多上传 10 个文件，请重新选择). */
  limitMessage?: string;
  /** Files the queue may hold at once, not counting canceled ones (default: no limit). */
  maxItems?: number;
  /** Accepted extensions (default: every document, video and audio extension the server takes). */
  accept?: readonly string[];
  /** Said for a file whose extension is not accepted. */
  rejectMessage?: string;
  /** Largest video/audio file (default 1 MiB; the screens set 1 GB). */
  maxVideoSize?: number;
  /** Largest other file (default 1 MiB; the screens set 50 MB). */
  maxAttachmentSize?: number;
  /** Chunk size: 1 MiB by default, at most 4 MiB (and at least the server's 1 MiB). */
  chunkSize?: number;
  /** Uploads at the same time (default 1). */
  concurrency?: number;
  /** Retries after a failure (default 10), each after `retryDelayMs` × the attempt number. */
  maxRetries?: number;
  retryDelayMs?: number;
  /** Time limit of the resume-position query (default 5 s). */
  resumeQueryTimeoutMs?: number;
  /** Time limit of an upload request without progress (default 30 s). */
  uploadTimeoutMs?: number;
  /** Progress events at most this often (default 100 ms). */
  progressIntervalMs?: number;
  /** Bitrate measured this often (default 500 ms). */
  bitrateIntervalMs?: number;
  /** Form upload address (default: the uploadDocument route's path). */
  documentUrl?: string;
  /** Chunked upload start address (default: the videoUploadInit route's path). */
  videoInitUrl?: string;
  categoryId?: string | null;
  categoryDesc?: string | null;
  tag?: string | null;
  notifyUrl?: string | null;
  /** Queue files as soon as they are added (default true); otherwise `start()` does. */
  autoStart?: boolean;
  transport?: Transport;
  /** Used (through a fetch transport) when no transport is given. */
  fetch?: typeof fetch;
  timers?: Timers;
  /** Where upload info is kept for resuming after a reload (default localStorage; null for none). */
  storage?: KeyValueStorage | null;
  environment?: UploadEnvironment;
  uuid?: () => string;
}

export const UPLOAD_HELPER_DEFAULTS = {
  limit: 1,
  maxItems: Number.POSITIVE_INFINITY,
  maxVideoSize: 1024 * 1024,
  maxAttachmentSize: 1024 * 1024,
  chunkSize: UPLOAD.chunkBytes,
  concurrency: 1,
  maxRetries: UPLOAD.maxRetries,
  retryDelayMs: UPLOAD.retryDelayMs,
  resumeQueryTimeoutMs: UPLOAD.resumeQueryTimeoutMs,
  uploadTimeoutMs: UPLOAD.uploadTimeoutMs,
  progressIntervalMs: 100,
  bitrateIntervalMs: 500,
  documentUrl: pathOf(routes.uploadDocument),
  videoInitUrl: pathOf(routes.videoUploadInit),
} as const;

/** The helper's own messages beyond the spec's catalogue. */
export const HELPER_MESSAGES = {
  duplicate: '该文件已在上传列表中',
  networkFailed: '网络异常，上传失败，请检查网络后重试',
  sessionLost: '登录已失效，请重新登录后再上传',
} as const;

/** Whether the browser has the file API, FormData and Blob slicing. */
export const supportsUpload = (env: UploadEnvironment = globalThis as UploadEnvironment) =>
  typeof env.File === 'function' &&
  typeof env.FormData === 'function' &&
  typeof env.Blob === 'function' &&
  typeof (env.Blob as { prototype?: { slice?: unknown } }).prototype?.slice === 'function';

// ------------------------------------------------------------------------------------------------ internals

/** Stops the upload; `forget` drops the saved upload info (the server no longer has the upload). */
class FatalError extends Error {
  constructor(
    message: string,
    readonly forget = false,
  ) {
    super(message);
  }
}

/** Worth another try: `notice` is said meanwhile, `finalMessage` if the retries run out. */
class RetryableError extends Error {
  constructor(
    readonly notice: string,
    readonly finalMessage: string,
  ) {
    super(finalMessage);
  }
}

class AbortedError extends Error {}

interface VideoSession {
  uri: string;
  ccvid: string;
  uid: string;
  metauri: string;
  servicetype: string;
}

interface Answer {
  status: number;
  code: number | null;
  msg: string;
  result: number | null;
  received: number | null;
  fileId: string | null;
  data: unknown;
}

type Position = { kind: 'resume'; received: number } | { kind: 'done'; fileId: string } | { kind: 'gone'; msg: string };

interface Entry {
  uuid: string;
  file: FileLike;
  key: string;
  extension: string;
  method: UploadMethod;
  status: UploadStatus;
  url: string;
  retries: number;
  failMsg: string | null;
  notice: string | null;
  fileId: string | null;
  info: UploadedFileInfo | null;
  session: VideoSession | null;
  /** Bytes the server has confirmed. */
  confirmed: number;
  /** Bytes of the request going out now. */
  inFlight: number;
  resumedFrom: number;
  bitrate: number;
  controller: AbortController | null;
  meters: { progress: unknown; bitrate: unknown } | null;
  lastEmitted: number;
  lastBitrate: number;
  rateLoaded: number;
  rateAt: number;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown) => (typeof value === 'string' ? value : null);

/** Reads `{ code, msg, data }` and the chunk protocol's `{ result, received }` (top level or in data). */
const readAnswer = (status: number, body: unknown): Answer => {
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
const withReason = (base: string, msg: string) =>
  msg && msg !== base && msg !== '操作成功' ? `${base}：${msg}` : base;

const randomUuid = () =>
  typeof globalThis.crypto?.randomUUID === 'function'
    ? globalThis.crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const defaultStorage = (): KeyValueStorage | null => {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? null;
  } catch {
    return null; // access denied (sandboxed frames, disabled storage)
  }
};

export class Uploader {
  readonly supported: boolean;
  private readonly o: Required<
    Omit<
      UploaderOptions,
      | 'transport'
      | 'fetch'
      | 'timers'
      | 'storage'
      | 'environment'
      | 'uuid'
      | 'accept'
      | 'rejectMessage'
      | 'limitMessage'
    >
  > & { accept: ReadonlySet<string>; rejectMessage: string; limitMessage: string };
  private readonly transport: Transport;
  private readonly timers: Timers;
  private readonly saved: ResumeStore;
  private readonly uuid: () => string;
  private entries: Entry[] = [];
  private snapshot: readonly UploadItem[] = [];
  private readonly listeners = new Set<UploaderListener>();
  private destroyed = false;

  constructor(options: UploaderOptions = {}) {
    const d = UPLOAD_HELPER_DEFAULTS;
    const accept = options.accept ?? [...DOCUMENT_EXTENSIONS, ...MEDIA_EXTENSIONS];
    const acceptsDocuments = accept.some((ext) => !MEDIA_EXTENSIONS.includes(ext));
    this.o = {
      limit: Math.max(1, Math.floor(options.limit ?? d.limit)),
      maxItems: options.maxItems ?? d.maxItems,
      maxVideoSize: options.maxVideoSize ?? d.maxVideoSize,
      maxAttachmentSize: options.maxAttachmentSize ?? d.maxAttachmentSize,
      chunkSize: Math.min(UPLOAD.chunkMaxBytes, Math.max(UPLOAD.chunkMinBytes, options.chunkSize ?? d.chunkSize)),
      concurrency: Math.max(1, Math.floor(options.concurrency ?? d.concurrency)),
      maxRetries: Math.max(0, options.maxRetries ?? d.maxRetries),
      retryDelayMs: options.retryDelayMs ?? d.retryDelayMs,
      resumeQueryTimeoutMs: options.resumeQueryTimeoutMs ?? d.resumeQueryTimeoutMs,
      uploadTimeoutMs: options.uploadTimeoutMs ?? d.uploadTimeoutMs,
      progressIntervalMs: options.progressIntervalMs ?? d.progressIntervalMs,
      bitrateIntervalMs: options.bitrateIntervalMs ?? d.bitrateIntervalMs,
      documentUrl: options.documentUrl ?? d.documentUrl,
      videoInitUrl: options.videoInitUrl ?? d.videoInitUrl,
      categoryId: options.categoryId ?? null,
      categoryDesc: options.categoryDesc ?? null,
      tag: options.tag ?? null,
      notifyUrl: options.notifyUrl ?? null,
      autoStart: options.autoStart ?? true,
      accept: new Set(accept.map((ext) => ext.toLowerCase())),
      limitMessage: options.limitMessage ?? MESSAGES.upload.tooManyFiles,
      rejectMessage:
        options.rejectMessage ??
        (acceptsDocuments ? MESSAGES.upload.documentTypeNotAllowed : MESSAGES.upload.mediaTypeNotAllowed),
    };
    this.timers = options.timers ?? globalTimers;
    this.transport =
      options.transport ?? (options.fetch ? fetchTransport(options.fetch, this.timers) : defaultTransport(this.timers));
    this.saved = new ResumeStore(options.storage === undefined ? defaultStorage() : options.storage, () =>
      this.timers.now(),
    );
    this.uuid = options.uuid ?? randomUuid;
    this.supported = supportsUpload(options.environment);
  }

  // ---------------------------------------------------------------------------------------------- reading

  /** The queue, oldest first; a new array (and new objects for what changed) after every change. */
  getItems = (): readonly UploadItem[] => this.snapshot;

  get(uuid: string): UploadItem | undefined {
    return this.snapshot.find((item) => item.uuid === uuid);
  }

  /** Listens to changes, progress and messages; returns the unsubscribe function. */
  subscribe = (listener: UploaderListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Chunked uploads left unfinished (say, by a page reload) that choosing the same file again continues. */
  pendingResumes(): ResumeRecord[] {
    const active = new Set(this.entries.map((e) => e.key));
    return this.saved.list().filter((r) => !active.has(r.key));
  }

  /** Drops a saved unfinished upload: choosing that file again starts from the beginning. */
  forgetResume(key: string) {
    this.saved.delete(key);
  }

  /** The largest file a selection may contain for this name (video/audio or other). */
  maxSizeFor(name: string) {
    return isMediaFile(name) ? this.o.maxVideoSize : this.o.maxAttachmentSize;
  }

  // ---------------------------------------------------------------------------------------------- actions

  /**
   * A selection of files (a file dialog or a drop). Too many files refuses the whole selection; otherwise each
   * file is checked (type, size, emptiness, already queued) and the good ones are queued. Every refusal is also
   * announced as a message event.
   */
  addFiles(files: ArrayLike<FileLike> | Iterable<FileLike>): {
    added: UploadItem[];
    rejected: { name: string | null; message: string }[];
  } {
    const list = Array.from(files as Iterable<FileLike>);
    const rejected: { name: string | null; message: string }[] = [];
    const refuse = (message: string, name: string | null = null) => {
      rejected.push({ name, message });
      this.emit({ type: 'message', text: message, fileName: name });
    };
    if (this.destroyed || list.length === 0) return { added: [], rejected };
    if (!this.supported) {
      refuse(MESSAGES.upload.unsupportedBrowser);
      return { added: [], rejected };
    }
    const live = this.entries.filter((e) => e.status !== 'canceled');
    if (list.length > this.o.limit || live.length + list.length > this.o.maxItems) {
      refuse(this.o.limitMessage);
      return { added: [], rejected };
    }

    const fresh: Entry[] = [];
    for (const file of list) {
      const extension = extensionOf(file.name);
      const media = isMediaFile(file.name);
      const key = resumeKeyOf(file);
      if (!this.o.accept.has(extension)) refuse(this.o.rejectMessage, file.name);
      else if (file.size <= 0) refuse(MESSAGES.upload.emptyFile, file.name);
      else if (media && file.size > this.o.maxVideoSize) refuse(MESSAGES.upload.videoTooLarge, file.name);
      else if (!media && file.size > this.o.maxAttachmentSize) refuse(MESSAGES.upload.attachmentTooLarge, file.name);
      else if ([...live, ...fresh].some((e) => e.key === key && e.status !== 'failure'))
        refuse(HELPER_MESSAGES.duplicate, file.name);
      else {
        fresh.push({
          uuid: this.uuid(),
          file,
          key,
          extension,
          method: media ? 'chunked' : 'form',
          status: 'added',
          url: media ? '' : this.o.documentUrl,
          retries: 0,
          failMsg: null,
          notice: null,
          fileId: null,
          info: null,
          session: null,
          confirmed: 0,
          inFlight: 0,
          resumedFrom: 0,
          bitrate: 0,
          controller: null,
          meters: null,
          lastEmitted: 0,
          lastBitrate: 0,
          rateLoaded: 0,
          rateAt: 0,
        });
      }
    }
    if (fresh.length > 0) {
      this.entries = [...this.entries, ...fresh];
      this.emit({ type: 'change' });
      if (this.o.autoStart) this.start();
    }
    const ids = new Set(fresh.map((e) => e.uuid));
    return { added: this.snapshot.filter((item) => ids.has(item.uuid)), rejected };
  }

  /** Queues the added files (automatic unless `autoStart` is false). */
  start() {
    let changed = false;
    for (const entry of this.entries) {
      if (entry.status === 'added') {
        entry.status = 'ready';
        changed = true;
      }
    }
    if (changed) this.emit({ type: 'change' });
    this.pump();
  }

  /** Stops an upload for now; the bytes the server has are kept. */
  pause(uuid: string) {
    const entry = this.find(uuid);
    if (!entry || !['added', 'ready', 'uploading'].includes(entry.status)) return false;
    this.halt(entry, 'paused');
    return true;
  }

  /** Puts a paused upload back in the queue; a chunked one continues where the server says. */
  resume(uuid: string) {
    const entry = this.find(uuid);
    if (entry?.status !== 'paused') return false;
    entry.status = 'ready';
    entry.retries = 0;
    entry.notice = null;
    this.emit({ type: 'change' });
    this.pump();
    return true;
  }

  /** Gives a failed upload another round of retries. */
  retry(uuid: string) {
    const entry = this.find(uuid);
    if (entry?.status !== 'failure') return false;
    entry.status = 'ready';
    entry.retries = 0;
    entry.failMsg = null;
    entry.notice = null;
    this.emit({ type: 'change' });
    this.pump();
    return true;
  }

  /** Gives an upload up: it stays in the list as canceled, and is not resumed after a reload. */
  cancel(uuid: string) {
    const entry = this.find(uuid);
    if (!entry || entry.status === 'success' || entry.status === 'canceled') return false;
    this.halt(entry, 'canceled');
    this.saved.delete(entry.key);
    return true;
  }

  /** Takes a file off the list (canceling it first if it is still going). */
  remove(uuid: string) {
    const entry = this.find(uuid);
    if (!entry) return false;
    if (entry.status !== 'success' && entry.status !== 'canceled') this.cancel(uuid);
    this.entries = this.entries.filter((e) => e !== entry);
    this.emit({ type: 'change' });
    return true;
  }

  /** Stops everything (the screen is going away). Saved upload info stays, so the uploads can be resumed later. */
  destroy() {
    if (this.destroyed) return;
    for (const entry of this.entries) {
      entry.controller?.abort();
      this.stopMeters(entry);
    }
    this.destroyed = true;
    this.listeners.clear();
  }

  // ---------------------------------------------------------------------------------------------- queue

  private find(uuid: string) {
    return this.entries.find((e) => e.uuid === uuid);
  }

  private halt(entry: Entry, status: 'paused' | 'canceled') {
    const controller = entry.controller;
    entry.controller = null;
    entry.status = status;
    entry.inFlight = 0;
    entry.notice = null;
    this.stopMeters(entry);
    controller?.abort();
    this.emit({ type: 'change' });
    this.pump();
  }

  private pump() {
    if (this.destroyed) return;
    let active = this.entries.filter((e) => e.status === 'uploading').length;
    for (const entry of this.entries) {
      if (active >= this.o.concurrency) break;
      if (entry.status !== 'ready') continue;
      active++;
      void this.run(entry);
    }
  }

  private async run(entry: Entry) {
    const controller = new AbortController();
    entry.controller = controller;
    entry.status = 'uploading';
    entry.failMsg = null;
    this.startMeters(entry);
    this.emit({ type: 'change' });
    const { signal } = controller;
    try {
      const done =
        entry.method === 'chunked' ? await this.uploadChunked(entry, signal) : await this.uploadForm(entry, signal);
      if (signal.aborted || this.destroyed) return;
      entry.fileId = done.fileId;
      entry.info = done.info;
      entry.confirmed = entry.file.size;
      entry.inFlight = 0;
      entry.notice = null;
      entry.status = 'success';
      this.stopMeters(entry);
      this.saved.delete(entry.key);
      this.emit({ type: 'change' });
      this.emitItem('success', entry);
    } catch (error) {
      if (signal.aborted || this.destroyed || error instanceof AbortedError) return;
      entry.status = 'failure';
      entry.inFlight = 0;
      entry.notice = null;
      entry.failMsg = error instanceof Error && error.message ? error.message : HELPER_MESSAGES.networkFailed;
      if (error instanceof FatalError && error.forget) {
        this.saved.delete(entry.key);
        entry.session = null;
      }
      this.stopMeters(entry);
      this.emit({ type: 'change' });
      this.emitItem('failure', entry);
    } finally {
      if (entry.controller === controller) entry.controller = null;
      this.pump();
    }
  }

  /**
   * Runs `attempt` until it succeeds, fails for good, or `maxRetries` retries are used up; before a retry it waits
   * `retryDelayMs` × the retry number (the chunked upload then asks the server where to resume).
   */
  private async withRetries<T>(entry: Entry, signal: AbortSignal, attempt: () => Promise<T>) {
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (signal.aborted) throw new AbortedError();
        if (!(error instanceof RetryableError)) throw error;
        entry.inFlight = 0;
        if (entry.retries >= this.o.maxRetries) throw new FatalError(error.finalMessage);
        entry.retries += 1;
        entry.notice = error.notice;
        this.emit({ type: 'change' });
        await this.sleep(this.o.retryDelayMs * entry.retries, signal);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------- form upload

  private uploadForm(entry: Entry, signal: AbortSignal) {
    return this.withRetries(entry, signal, async () => {
      entry.inFlight = 0;
      const form = new FormData();
      form.append('file', entry.file as unknown as Blob, entry.file.name);
      const answer = await this.request(
        {
          method: 'POST',
          url: this.o.documentUrl,
          body: form,
          timeoutMs: this.o.uploadTimeoutMs,
          signal,
          onUploadProgress: (sent) => {
            entry.inFlight = Math.min(sent, entry.file.size);
          },
        },
        MESSAGES.upload.networkRetrying,
      );
      entry.inFlight = 0;
      const data = answer.data as Partial<UploadedFileInfo> | null;
      if (answer.code === 0 && data && typeof data.id === 'string') {
        return {
          fileId: data.id,
          info: {
            id: data.id,
            name: data.name ?? entry.file.name,
            size: data.size ?? entry.file.size,
            type: data.type ?? entry.extension,
            ...(data.kind ? { kind: data.kind } : {}),
            ...(data.mimeType ? { mimeType: data.mimeType } : {}),
          },
        };
      }
      throw this.refusal(answer);
    });
  }

  // ---------------------------------------------------------------------------------------------- chunked upload

  private uploadChunked(entry: Entry, signal: AbortSignal) {
    const size = entry.file.size;
    return this.withRetries(entry, signal, async () => {
      if (!entry.session) {
        // A file chosen again after a reload: ask the server how far the earlier upload got.
        const saved = this.saved.get(entry.key);
        if (saved) {
          const position = await this.queryPosition(entry, saved, signal);
          if (position.kind === 'gone') {
            this.saved.delete(entry.key);
          } else {
            this.adoptSession(entry, saved);
            if (position.kind === 'done') return { fileId: position.fileId, info: null };
            entry.confirmed = position.received;
            entry.resumedFrom = position.received;
            this.emit({ type: 'change' });
          }
        }
        if (!entry.session) {
          const session = await this.initChunked(entry, signal);
          this.adoptSession(entry, session);
          entry.confirmed = 0;
          this.saved.put({ key: entry.key, name: entry.file.name, size, ...session, received: 0 });
          this.emit({ type: 'change' });
        }
      } else {
        // A retry, a resume after pause, or another round after a failure: the server says where to go on.
        const position = await this.queryPosition(entry, entry.session, signal);
        if (position.kind === 'gone')
          throw new FatalError(withReason(MESSAGES.upload.failedNoRetry, position.msg), true);
        if (position.kind === 'done') return { fileId: position.fileId, info: null };
        entry.confirmed = position.received;
      }

      const session = entry.session as VideoSession;
      let stalled = 0;
      while (entry.confirmed < size) {
        const start = entry.confirmed;
        const end = Math.min(start + this.o.chunkSize, size);
        const answer = await this.sendChunk(entry, session, start, end, signal);
        switch (answer.result) {
          case UPLOAD_RESULT.done:
            if (!answer.fileId)
              throw new RetryableError(MESSAGES.upload.networkRetrying, MESSAGES.upload.resumePointFailed);
            return { fileId: answer.fileId, info: null };
          case UPLOAD_RESULT.resume: {
            const received = Math.max(0, Math.min(size, answer.received ?? start));
            if (received > start) {
              stalled = 0;
              entry.retries = 0;
              if (entry.notice) {
                entry.notice = null;
                this.emit({ type: 'change' });
              }
            } else if (++stalled >= 3) {
              // The server keeps answering the same position: something is off, go through the retry path.
              throw new RetryableError(MESSAGES.upload.dataError, MESSAGES.upload.dataError);
            }
            entry.confirmed = received;
            this.saved.touch(entry.key, received);
            break;
          }
          case UPLOAD_RESULT.failNoRetry:
            throw new FatalError(withReason(MESSAGES.upload.failedNoRetry, answer.msg), true);
          case UPLOAD_RESULT.failRetry:
            throw new RetryableError(
              MESSAGES.upload.networkRetrying,
              withReason(MESSAGES.upload.failedRetry, answer.msg),
            );
          case UPLOAD_RESULT.failRetryIfProgress: {
            const reason = withReason(MESSAGES.upload.failedPartial, answer.msg);
            if ((answer.received ?? 0) > 0 || entry.confirmed > 0)
              throw new RetryableError(MESSAGES.upload.dataError, reason);
            throw new FatalError(reason);
          }
          default:
            throw this.refusal(answer);
        }
      }
      // Every byte is in but the answer did not say done: the position query settles it.
      const position = await this.queryPosition(entry, session, signal);
      if (position.kind === 'done') return { fileId: position.fileId, info: null };
      if (position.kind === 'gone') throw new FatalError(withReason(MESSAGES.upload.failedNoRetry, position.msg), true);
      entry.confirmed = position.received;
      throw new RetryableError(MESSAGES.upload.networkRetrying, MESSAGES.upload.resumePointFailed);
    });
  }

  private adoptSession(entry: Entry, session: VideoSession) {
    entry.session = session;
    entry.url = session.uri;
  }

  /** `POST init { filename, filesize }` → the upload info. */
  private async initChunked(entry: Entry, signal: AbortSignal): Promise<VideoSession> {
    const answer = await this.request(
      {
        method: 'POST',
        url: this.o.videoInitUrl,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filename: entry.file.name, filesize: entry.file.size }),
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
  private async queryPosition(entry: Entry, session: VideoSession, signal: AbortSignal): Promise<Position> {
    let answer: Answer;
    try {
      answer = await this.request(
        {
          method: 'GET',
          url: withQuery(session.metauri, {
            ccvid: session.ccvid,
            uid: session.uid,
            filename: entry.file.name,
            filesize: String(entry.file.size),
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
      return { kind: 'resume', received: Math.max(0, Math.min(entry.file.size, answer.received)) };
    }
    if (answer.result === UPLOAD_RESULT.failNoRetry) return { kind: 'gone', msg: answer.msg };
    if (answer.status === 401) throw new FatalError(answer.msg || HELPER_MESSAGES.sessionLost);
    throw new RetryableError(MESSAGES.upload.networkRetrying, MESSAGES.upload.resumePointFailed);
  }

  /** `POST uri` with `Content-Range: bytes start-end/total` and the bytes as the `file` part. */
  private async sendChunk(entry: Entry, session: VideoSession, start: number, end: number, signal: AbortSignal) {
    const form = new FormData();
    form.append('file', entry.file.slice(start, end), 'blob');
    const length = end - start;
    entry.inFlight = 0;
    try {
      return await this.request(
        {
          method: 'POST',
          url: session.uri,
          headers: { 'content-range': `bytes ${start}-${end - 1}/${entry.file.size}` },
          body: form,
          timeoutMs: this.o.uploadTimeoutMs,
          signal,
          onUploadProgress: (sent) => {
            entry.inFlight = Math.min(sent, length);
          },
        },
        MESSAGES.upload.networkRetrying,
      );
    } finally {
      entry.inFlight = 0;
    }
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

  /** A refusal with the server's message (too large, wrong type, not logged in…): no retry. */
  private refusal(answer: Answer) {
    if (answer.status === 401) return new FatalError(answer.msg || HELPER_MESSAGES.sessionLost);
    return new FatalError(answer.msg || HELPER_MESSAGES.networkFailed);
  }

  private sleep(ms: number, signal: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(new AbortedError());
        return;
      }
      const onAbort = () => {
        this.timers.clearTimeout(handle);
        reject(new AbortedError());
      };
      const handle = this.timers.setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  // ---------------------------------------------------------------------------------------------- progress

  private loadedOf(entry: Entry) {
    return Math.min(entry.file.size, entry.confirmed + entry.inFlight);
  }

  /**
   * Progress events every `progressIntervalMs` (when the bytes or the bitrate moved); the bitrate is measured every
   * `bitrateIntervalMs` over that window and goes out with the next progress event.
   */
  private startMeters(entry: Entry) {
    this.stopMeters(entry);
    const now = this.timers.now();
    entry.lastEmitted = this.loadedOf(entry);
    entry.rateLoaded = entry.lastEmitted;
    entry.rateAt = now;
    entry.bitrate = 0;
    entry.lastBitrate = 0;
    entry.meters = {
      progress: this.timers.setInterval(() => {
        const loaded = this.loadedOf(entry);
        if (loaded === entry.lastEmitted && entry.bitrate === entry.lastBitrate) return;
        entry.lastEmitted = loaded;
        entry.lastBitrate = entry.bitrate;
        this.emitItem('progress', entry);
      }, this.o.progressIntervalMs),
      bitrate: this.timers.setInterval(() => {
        const at = this.timers.now();
        const loaded = this.loadedOf(entry);
        const elapsed = at - entry.rateAt;
        if (elapsed <= 0) return;
        entry.bitrate = Math.max(0, Math.round(((loaded - entry.rateLoaded) * 8 * 1000) / elapsed));
        entry.rateLoaded = loaded;
        entry.rateAt = at;
      }, this.o.bitrateIntervalMs),
    };
  }

  private stopMeters(entry: Entry) {
    if (entry.meters) {
      this.timers.clearInterval(entry.meters.progress);
      this.timers.clearInterval(entry.meters.bitrate);
      entry.meters = null;
    }
    entry.bitrate = 0;
  }

  // ---------------------------------------------------------------------------------------------- events

  private toItem(entry: Entry): UploadItem {
    return {
      uuid: entry.uuid,
      name: entry.file.name,
      shortName: shortName(entry.file.name),
      size: entry.file.size,
      type: entry.file.type,
      extension: entry.extension,
      method: entry.method,
      url: entry.url,
      categoryId: this.o.categoryId,
      categoryDesc: this.o.categoryDesc,
      tag: this.o.tag,
      notifyUrl: this.o.notifyUrl,
      progress: { loaded: this.loadedOf(entry), total: entry.file.size, bitrate: entry.bitrate },
      retries: entry.retries,
      failMsg: entry.failMsg,
      notice: entry.notice,
      status: entry.status,
      fileId: entry.fileId,
      file: entry.info,
      resumedFrom: entry.resumedFrom,
      source: entry.file,
    };
  }

  private refresh() {
    this.snapshot = this.entries.map((e) => this.toItem(e));
  }

  /** A progress, success or failure event about one item (the snapshot is renewed first). */
  private emitItem(type: 'progress' | 'success' | 'failure', entry: Entry) {
    if (this.destroyed) return;
    this.refresh();
    const item = this.get(entry.uuid);
    if (item) this.dispatch({ type, item });
  }

  private emit(event: UploaderEvent) {
    if (this.destroyed) return;
    if (event.type === 'change') this.refresh();
    this.dispatch(event);
  }

  private dispatch(event: UploaderEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }
}
