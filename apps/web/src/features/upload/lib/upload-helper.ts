import { MESSAGES, UPLOAD, UPLOAD_RESULT } from '@zyk/shared';
import {
  AbortedError,
  type Answer,
  ChunkProtocol,
  FatalError,
  RetryableError,
  type VideoSession,
  withReason,
} from './chunk-protocol.ts';
import { DOCUMENT_EXTENSIONS, extensionOf, isMediaFile, MEDIA_EXTENSIONS, shortName } from './file-rules.ts';
import { ProgressMeter } from './progress-meter.ts';
import { type KeyValueStorage, type ResumeRecord, ResumeStore, resumeKeyOf } from './resume-store.ts';
import { defaultTransport, fetchTransport, globalTimers, type Timers } from './transport.ts';
import {
  type FileLike,
  HELPER_MESSAGES,
  supportsUpload,
  UPLOAD_HELPER_DEFAULTS,
  type UploadedFileInfo,
  type UploaderEvent,
  type UploaderListener,
  type UploaderOptions,
  type UploadItem,
  type UploadMethod,
  type UploadStatus,
} from './upload-types.ts';

/**
 * The upload helper, framework-free: a queue of files, each uploaded either through the
 * form upload (documents, images) or the chunked protocol (video and audio, by extension), one at a time by
 * default, with pause, resume, cancel, retries after asking the server where to resume, and resuming after a page
 * reload from the server's position. Transport, timers and storage are injected so it runs under unit tests.
 *
 * Item states: added → ready (queued, shown 排队等待中) → uploading → success | failure, and
 * paused / canceled from the user. A paused item goes back to ready when resumed; a failed one when retried.
 */

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
  controller: AbortController | null;
  meter: ProgressMeter | null;
}

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
  private readonly protocol: ChunkProtocol;
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
    const transport =
      options.transport ?? (options.fetch ? fetchTransport(options.fetch, this.timers) : defaultTransport(this.timers));
    this.protocol = new ChunkProtocol(transport, this.o);
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
          controller: null,
          meter: null,
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
      let answer: Answer;
      try {
        answer = await this.protocol.sendForm(entry.file, signal, (sent) => {
          entry.inFlight = sent;
        });
      } finally {
        entry.inFlight = 0;
      }
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
      throw this.protocol.refusal(answer);
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
          const position = await this.protocol.position(entry.file, saved, signal);
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
          const session = await this.protocol.init(entry.file, signal);
          this.adoptSession(entry, session);
          entry.confirmed = 0;
          this.saved.put({ key: entry.key, name: entry.file.name, size, ...session, received: 0 });
          this.emit({ type: 'change' });
        }
      } else {
        // A retry, a resume after pause, or another round after a failure: the server says where to go on.
        const position = await this.protocol.position(entry.file, entry.session, signal);
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
        entry.inFlight = 0;
        let answer: Answer;
        try {
          answer = await this.protocol.sendChunk(entry.file, session, { start, end }, signal, (sent) => {
            entry.inFlight = sent;
          });
        } finally {
          entry.inFlight = 0;
        }
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
            throw this.protocol.refusal(answer);
        }
      }
      // Every byte is in but the answer did not say done: the position query settles it.
      const position = await this.protocol.position(entry.file, session, signal);
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

  /** Progress events while the entry uploads (progress-meter.ts). */
  private startMeters(entry: Entry) {
    this.stopMeters(entry);
    entry.meter = new ProgressMeter(
      this.timers,
      () => this.loadedOf(entry),
      () => this.emitItem('progress', entry),
      { progressMs: this.o.progressIntervalMs, bitrateMs: this.o.bitrateIntervalMs },
    );
  }

  private stopMeters(entry: Entry) {
    entry.meter?.stop();
    entry.meter = null;
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
      progress: { loaded: this.loadedOf(entry), total: entry.file.size, bitrate: entry.meter?.bitrate ?? 0 },
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
