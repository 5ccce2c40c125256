import { pathOf, routes, UPLOAD } from '@zyk/shared';
import type { KeyValueStorage } from './resume-store.ts';
import type { Timers, Transport } from './transport.ts';

/** The upload helper's public shapes: item states, events, options and defaults (the queue is upload-helper.ts). */

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
