import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TITLES } from '@zyk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHelpers } from 'graphile-worker';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { transaction } from '../../lib/transaction.ts';
import { familyOf, isOfficeFamily } from '../files/file-types.ts';
import { storedFileById } from '../files/records.ts';
import { derivativeObjectKey, newId } from '../storage/keys.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { type OfficeConverter, officeToPdf } from './office.ts';
import { renderPdfPages } from './pages.ts';
import { placeholderPng } from './placeholder.ts';
import { OUTPUT_CAP, runTool, type Tools } from './tools.ts';
import { MediaError, probeMedia, type Transcoder, transcodeToHls } from './transcode.ts';

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of an object a media job made, by its extension. */
export const mediaContentType = (name: string) =>
  CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export type Variant = 'preview' | 'thumbnail' | 'hls' | 'sample' | 'pages';

/** The job that makes one derivative; the queue (jobs/) runs it once per job, retrying with backoff. */
export const MEDIA_TASK = 'media:derive';

export interface MediaJob {
  fileId: string;
  variant: Variant;
}

interface FileRow {
  id: string;
  storageKey: string;
  size: bigint;
  extension: string;
  kind: string;
  originalName: string;
}

/** What a derivative holds beyond its one object: set by the jobs that make several objects under a prefix. */
export interface DerivativeMeta {
  /** Object names under storageKey (the prefix) and their sizes, for serving and for removal when made again. */
  files?: Record<string, number>;
  durationSeconds?: number;
  width?: number | null;
  height?: number | null;
  master?: string;
  poster?: string | null;
  fallback?: string;
  renditions?: { name: string; width: number | null; height: number | null; bandwidth: number }[];
  sampleSeconds?: number;
  pageCount?: number;
  images?: string[];
}

/** How a derivative's making ended, with how long it took (metrics); `retried` went back to the queue. */
export type MediaObserver = (
  variant: Variant,
  outcome: 'ready' | 'failed' | 'unavailable' | 'retried',
  seconds: number,
) => void;

/** The tools' runs that take minutes: LibreOffice's and ffmpeg's (AppOptions lets the tests replay identical runs). */
export interface MediaConverters {
  transcode: Transcoder;
  officeToPdf: OfficeConverter;
}

type Outcome =
  | {
      status: 'ready';
      storageKey: string | null;
      mimeType: string | null;
      size: number | null;
      source: string;
      meta?: DerivativeMeta;
    }
  | { status: 'unavailable' | 'failed'; error: string };

/** Transcoded output above this is refused: several renditions of a long lesson, well above any honest one. */
const MEDIA_OUTPUT_CAP = 8 * 1024 * 1024 * 1024;
const MAX_ATTEMPTS = 5;
/** Lower runs first: a card's thumbnail before a transcode that takes minutes. */
const PRIORITY: Record<Variant, number> = { thumbnail: 0, preview: 1, pages: 2, sample: 3, hls: 4 };
/** How often a running transcode writes its progress. */
const PROGRESS_EVERY_MS = 2000;
/** Width of sample page images: sharp on a phone, readable on a desktop. */
const PAGE_WIDTH = 1240;

/**
 * Whether the queue should run a failed job again: a stop (restart, deploy) always; a tool's error or time limit
 * once more (it may have been the machine); a corrupt file never; anything else (storage, database) until the
 * job's attempts run out.
 */
const worthRetrying = (error: unknown, attempt: number, lastAttempt: boolean) => {
  if (!(error instanceof MediaError)) return !lastAttempt;
  if (error.kind === 'aborted') return true;
  if (error.kind === 'failed' || error.kind === 'timeout') return attempt < 2 && !lastAttempt;
  return false;
};

const errorText = (error: unknown) =>
  (error instanceof MediaError ? error.reason : String((error as Error)?.message ?? error)).slice(0, 500);

/**
 * Makes what a stored file needs to be seen in a browser: Office → PDF (LibreOffice) and its first page as the
 * thumbnail; video and audio → HLS renditions with a poster and an MP4/M4A fallback (ffmpeg); watermarked samples
 * for paid resources (the first seconds of a video, the first pages of a document); thumbnails otherwise. Each
 * derivative is a row of file_derivatives made by one job of the queue (jobs/), in a temp folder, with a time limit,
 * without network when the kernel allows, and with a cap on what it may write. The row is ready only once every
 * object it names is stored, so nothing half-written is ever served.
 */
export class PreviewQueue {
  /** Names the resource a file belongs to, for the watermark (the library registers it). */
  private labelOf: (fileId: string) => Promise<string | null> = async () => null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly storage: ObjectStorage,
    private readonly config: Config,
    readonly tools: Tools,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: JobQueue,
    private readonly observe: MediaObserver = () => {},
    converters: Partial<MediaConverters> = {},
  ) {
    this.converters = { transcode: transcodeToHls, officeToPdf, ...converters };
  }

  private readonly converters: MediaConverters;

  setLabelSource(source: (fileId: string) => Promise<string | null>) {
    this.labelOf = source;
  }

  /** The derivatives a file of this kind needs. */
  static plan(file: { kind: string; extension: string }): Variant[] {
    const family = familyOf(file.extension) ?? '';
    if (isOfficeFamily(family)) return ['preview']; // its thumbnail and sample pages follow the PDF
    if (family === 'pdf') return ['thumbnail', 'pages'];
    if (file.kind === 'video') return ['thumbnail', 'hls', 'sample'];
    if (file.kind === 'audio') return ['thumbnail', 'hls', 'sample'];
    return ['thumbnail'];
  }

  /** Queues what a new file needs (after an upload completes). */
  async enqueueFor(fileId: string) {
    const file = await storedFileById(this.prisma, fileId);
    if (!file) return;
    for (const variant of PreviewQueue.plan(file)) await this.enqueue(fileId, variant);
  }

  /**
   * Queues one derivative unless it exists already; `again` queues it anew whatever its state (a retry). The row
   * and its job are written in one transaction, so a derivative never waits for a job that was not queued.
   */
  async enqueue(fileId: string, variant: Variant, { again = false } = {}) {
    await transaction(this.prisma, async (tx) => {
      const { count } = await tx.fileDerivative.createMany({
        data: [{ id: newId(), fileId, variant }],
        skipDuplicates: true,
      });
      if (count === 0 && !again) return;
      if (count === 0) {
        await tx.fileDerivative.update({
          where: { fileId_variant: { fileId, variant } },
          data: { status: 'pending', attempts: 0, error: null, progress: null, updatedAt: new Date() },
        });
      }
      await this.jobs.add(
        MEDIA_TASK,
        { fileId, variant },
        { jobKey: `media:${fileId}:${variant}`, maxAttempts: MAX_ATTEMPTS, priority: PRIORITY[variant] },
        tx,
      );
    });
  }

  /**
   * Queues again what failed or could not run for lack of a tool, when the tool is now there (after an install
   * and restart; `pnpm admin process-media`). Answers how many were queued.
   */
  async requeueIncomplete({ failed = false } = {}) {
    const statuses = failed ? ['unavailable', 'failed'] : ['unavailable'];
    const rows = await this.prisma.fileDerivative.findMany({
      where: { status: { in: statuses } },
      select: { fileId: true, variant: true },
    });
    let queued = 0;
    for (const row of rows) {
      const variant = row.variant as Variant;
      if (!this.canMake(variant)) continue;
      await this.enqueue(row.fileId, variant, { again: true });
      queued++;
    }
    return queued;
  }

  /** Whether this machine has the tools a variant needs. */
  canMake(variant: Variant) {
    if (variant === 'preview') return !!this.tools.soffice;
    if (variant === 'hls' || variant === 'sample') return !!this.tools.ffmpeg && !!this.tools.ffprobe;
    if (variant === 'pages') return !!this.tools.pdftoppm;
    return true;
  }

  /** Runs the media jobs that are due, in this call (the admin CLI and tests use it). */
  async drain() {
    await this.jobs.runDue({ [MEDIA_TASK]: this.task });
  }

  /** The queue's handler for MEDIA_TASK. */
  readonly task = async (payload: unknown, helpers: JobHelpers) => {
    const job = payload as MediaJob;
    await this.run(job, helpers.abortSignal, helpers.job.attempts, helpers.job.attempts >= helpers.job.max_attempts);
  };

  /**
   * Makes one derivative. A corrupt file fails at once with its reason; any other error is retried by the queue
   * (the row goes back to pending) until the last attempt; a stop (restart, deploy) gives the job back.
   */
  async run(job: MediaJob, signal: AbortSignal, attempt: number, lastAttempt: boolean) {
    const row = await this.prisma.fileDerivative.findUnique({
      where: { fileId_variant: { fileId: job.fileId, variant: job.variant } },
    });
    if (!row || row.status === 'ready') return;
    const file = await storedFileById(this.prisma, job.fileId);
    if (!file) {
      await this.record(row.id, { status: 'failed', error: 'file deleted' });
      return;
    }
    await this.prisma.fileDerivative.update({
      where: { id: row.id },
      data: { status: 'running', attempts: { increment: 1 }, progress: null, updatedAt: new Date() },
    });
    let outcome: Outcome;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      outcome = await this.produce(job.variant, file, signal, this.progressWriter(row.id));
    } catch (error) {
      if (signal.aborted || worthRetrying(error, attempt, lastAttempt)) {
        this.observe(job.variant, 'retried', seconds());
        await this.prisma.fileDerivative.update({
          where: { id: row.id },
          data: { status: 'pending', progress: null, error: errorText(error), updatedAt: new Date() },
        });
        throw error;
      }
      this.log.warn({ err: error, job }, 'media job failed');
      const missingTool = error instanceof MediaError && error.kind === 'unavailable';
      outcome = { status: missingTool ? 'unavailable' : 'failed', error: errorText(error) };
    }
    this.observe(job.variant, outcome.status, seconds());
    const previous = (row.meta as DerivativeMeta | null)?.files && row.storageKey ? row : null;
    await this.record(row.id, outcome);
    // The objects a derivative made before (a retry after a failure, a re-run) go once the new ones are in place.
    if (previous && outcome.status === 'ready' && previous.storageKey !== outcome.storageKey) {
      const names = Object.keys((previous.meta as DerivativeMeta).files ?? {});
      const keys = names.map((name) => `${previous.storageKey}/${name}`);
      await this.storage.deleteMany(keys).catch(() => {});
    }
    if (job.variant === 'preview' && outcome.status === 'ready') await this.enqueue(file.id, 'pages');
  }

  /** Writes a running job's percent at most every few seconds. */
  private progressWriter(id: string) {
    let last = 0;
    return (percent: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      void this.prisma.fileDerivative
        .updateMany({ where: { id, status: 'running' }, data: { progress: Math.round(percent) } })
        .catch(() => {});
    };
  }

  private async record(id: string, outcome: Outcome) {
    const data =
      outcome.status === 'ready'
        ? {
            status: 'ready',
            storageKey: outcome.storageKey,
            mimeType: outcome.mimeType,
            size: outcome.size === null ? null : BigInt(outcome.size),
            source: outcome.source,
            meta: (outcome.meta ?? undefined) as object | undefined,
            error: null,
            progress: null,
          }
        : { status: outcome.status, error: outcome.error, progress: null };
    await this.prisma.fileDerivative.update({ where: { id }, data: { ...data, updatedAt: new Date() } });
  }

  private async withTempDir<T>(fn: (dir: string) => Promise<T>) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zyk-preview-'));
    try {
      return await fn(dir);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** The file's bytes as a path a tool can read: the object itself on local disk, else a copy in `dir`. */
  private async inputPath(file: FileRow, dir: string) {
    const local = this.storage.localPath(file.storageKey);
    if (local) return local;
    const target = path.join(dir, `input.${file.extension}`);
    await pipeline(await this.storage.get(file.storageKey), createWriteStream(target));
    return target;
  }

  private async storeOutput(file: FileRow, name: string, output: string, mimeType: string, source: string) {
    const stat = await fs.stat(output).catch(() => null);
    if (!stat || stat.size === 0) return null;
    if (stat.size > OUTPUT_CAP) throw new Error(`output too large (${stat.size} bytes)`);
    const key = derivativeObjectKey(file.id, name);
    await this.storage.put(key, createReadStream(output), { size: stat.size, contentType: mimeType });
    return { status: 'ready' as const, storageKey: key, mimeType, size: stat.size, source };
  }

  private async placeholder(file: FileRow): Promise<Outcome> {
    const png = placeholderPng(file.kind);
    const key = derivativeObjectKey(file.id, 'thumbnail.png');
    await this.storage.put(key, png, { contentType: 'image/png' });
    return { status: 'ready', storageKey: key, mimeType: 'image/png', size: png.length, source: 'placeholder' };
  }

  private timeoutMs() {
    return this.config.PREVIEW_TIMEOUT_SECONDS * 1000;
  }

  private async produce(
    variant: Variant,
    file: FileRow,
    signal: AbortSignal,
    onProgress: (percent: number) => void,
  ): Promise<Outcome> {
    switch (variant) {
      case 'preview':
        return this.convertOffice(file, signal);
      case 'hls':
        return this.transcode(file, signal, onProgress, false);
      case 'sample':
        return this.transcode(file, signal, onProgress, true);
      case 'pages':
        return this.samplePages(file, signal);
      default:
        return this.thumbnail(file, signal);
    }
  }

  /** The watermark burned into samples: the configured text or the site's name, and the resource's label. */
  private async watermarkFor(file: FileRow) {
    const label = await this.labelOf(file.id).catch(() => null);
    return [this.config.WATERMARK_TEXT || TITLES.library, label].filter(Boolean).join(' · ');
  }

  /** A video or audio as HLS: every rendition, or for the sample the first seconds, watermarked. */
  private async transcode(
    file: FileRow,
    signal: AbortSignal,
    onProgress: (percent: number) => void,
    sample: boolean,
  ): Promise<Outcome> {
    if (!this.canMake('hls')) return { status: 'unavailable', error: 'ffmpeg/ffprobe is not installed' };
    return this.withTempDir(async (dir) => {
      // A local object is read in place; from S3 through a presigned URL (ffmpeg reads it with ranges).
      const local = this.storage.localPath(file.storageKey);
      const input =
        local ??
        (await this.storage.presignedGet(file.storageKey, { ttlSeconds: 6 * 3600 })) ??
        (await this.inputPath(file, dir));
      const probe = await probeMedia(this.tools, input, { signal, timeoutMs: this.timeoutMs() });
      // A long lesson takes a while: the usual limit, or three times its length (a sample: its seconds).
      const seconds = sample
        ? Math.min(probe.durationSeconds, this.config.PREVIEW_SAMPLE_SECONDS)
        : probe.durationSeconds;
      const timeoutMs = Math.min(Math.max(this.timeoutMs() * 5, seconds * 3000), 6 * 3600 * 1000);
      const out = path.join(dir, 'out');
      await fs.mkdir(out);
      const result = await this.converters.transcode(this.tools, input, out, probe, {
        signal,
        timeoutMs,
        onProgress,
        ...(sample
          ? {
              maxSeconds: this.config.PREVIEW_SAMPLE_SECONDS,
              watermark: probe.hasVideo ? await this.watermarkFor(file) : undefined,
              renditions: 'lowest' as const,
            }
          : {}),
      });
      const stored = await this.storeFolder(file, sample ? 'sample' : 'hls', out);
      return {
        status: 'ready',
        storageKey: stored.prefix,
        mimeType: 'application/vnd.apple.mpegurl',
        size: stored.size,
        source: 'ffmpeg',
        meta: {
          files: stored.files,
          durationSeconds: result.durationSeconds,
          width: probe.width,
          height: probe.height,
          master: result.master,
          poster: result.poster,
          fallback: result.fallback,
          renditions: result.renditions.map((r) => ({
            name: r.name,
            width: r.width,
            height: r.height,
            bandwidth: r.bandwidth,
          })),
          ...(sample ? { sampleSeconds: this.config.PREVIEW_SAMPLE_SECONDS } : {}),
        },
      };
    });
  }

  /** A document's first pages as watermarked images, and its page count (a PDF, or the PDF an Office file became). */
  private async samplePages(file: FileRow, signal: AbortSignal): Promise<Outcome> {
    if (!this.canMake('pages')) return { status: 'unavailable', error: 'pdftoppm is not installed' };
    const family = familyOf(file.extension);
    let pdfKey = file.storageKey;
    if (family !== 'pdf') {
      const preview = await this.prisma.fileDerivative.findUnique({
        where: { fileId_variant: { fileId: file.id, variant: 'preview' } },
      });
      if (preview?.status !== 'ready' || !preview.storageKey) {
        return { status: 'unavailable', error: 'the document has no PDF preview' };
      }
      pdfKey = preview.storageKey;
    }
    return this.withTempDir(async (dir) => {
      const pdf = this.storage.localPath(pdfKey) ?? path.join(dir, 'input.pdf');
      if (!this.storage.localPath(pdfKey)) await pipeline(await this.storage.get(pdfKey), createWriteStream(pdf));
      const out = path.join(dir, 'out');
      await fs.mkdir(out);
      const result = await renderPdfPages(this.tools, pdf, out, {
        pages: this.config.PREVIEW_SAMPLE_PAGES,
        width: PAGE_WIDTH,
        watermark: await this.watermarkFor(file),
        signal,
        timeoutMs: this.timeoutMs(),
      });
      const stored = await this.storeFolder(file, 'pages', out);
      return {
        status: 'ready',
        storageKey: stored.prefix,
        mimeType: 'image/jpeg',
        size: stored.size,
        source: 'pdftoppm',
        meta: { files: stored.files, pageCount: result.pageCount, images: result.images },
      };
    });
  }

  /**
   * Stores every file of `dir` under a new prefix (a fresh one each run, so a re-run never overwrites what is being
   * served) and answers the prefix, the names and the total size.
   */
  private async storeFolder(file: FileRow, variant: Variant, dir: string) {
    const prefix = derivativeObjectKey(file.id, `${variant}-${newId().slice(0, 8)}`);
    const names = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
    let size = 0;
    const files: Record<string, number> = {};
    for (const name of names) {
      const stat = await fs.stat(path.join(dir, name));
      files[name] = stat.size;
      size += stat.size;
      if (size > MEDIA_OUTPUT_CAP) throw new Error(`output too large (${size} bytes)`);
      await this.storage.put(`${prefix}/${name}`, createReadStream(path.join(dir, name)), {
        size: stat.size,
        contentType: mediaContentType(name),
      });
    }
    return { prefix, files, size };
  }

  /** Office → PDF (cached as the preview), then the PDF's first page as the thumbnail. */
  private async convertOffice(file: FileRow, signal: AbortSignal): Promise<Outcome> {
    if (!this.tools.soffice) {
      await this.saveThumbnail(file, await this.placeholder(file));
      return { status: 'unavailable', error: 'LibreOffice is not installed' };
    }
    if (Number(file.size) > this.config.PREVIEW_MAX_BYTES) {
      await this.saveThumbnail(file, await this.placeholder(file));
      return { status: 'unavailable', error: 'file larger than PREVIEW_MAX_BYTES' };
    }
    return this.withTempDir(async (dir) => {
      const input = path.join(dir, `input.${file.extension}`);
      if (this.storage.localPath(file.storageKey)) await fs.copyFile(this.storage.localPath(file.storageKey)!, input);
      else await pipeline(await this.storage.get(file.storageKey), createWriteStream(input));
      const out = path.join(dir, 'out');
      await fs.mkdir(out);
      const { pdf, result } = await this.converters.officeToPdf(this.tools, input, out, {
        timeoutMs: this.timeoutMs(),
        signal,
        workDir: dir,
      });
      const stored = await this.storeOutput(file, 'preview.pdf', pdf, 'application/pdf', 'libreoffice');
      if (!stored) {
        await this.saveThumbnail(file, await this.placeholder(file));
        const why = result.timedOut ? 'conversion timed out' : `LibreOffice exited ${result.code}: ${result.stderr}`;
        return { status: 'failed', error: why.slice(0, 500) };
      }
      await this.saveThumbnail(
        file,
        (await this.pdfFirstPage(file, pdf, dir, signal)) ?? (await this.placeholder(file)),
      );
      return stored;
    });
  }

  /** Writes the thumbnail row that a preview job produces alongside its PDF. */
  private async saveThumbnail(file: FileRow, outcome: Outcome) {
    const existing = await this.prisma.fileDerivative.findUnique({
      where: { fileId_variant: { fileId: file.id, variant: 'thumbnail' } },
    });
    const row =
      existing ??
      (await this.prisma.fileDerivative.create({
        data: { id: newId(), fileId: file.id, variant: 'thumbnail', status: 'running' },
      }));
    await this.record(row.id, outcome);
  }

  private async pdfFirstPage(file: FileRow, pdf: string, dir: string, signal: AbortSignal) {
    if (!this.tools.pdftoppm) return null;
    const prefix = path.join(dir, 'thumb');
    await runTool(
      [
        ...this.tools.noNetwork,
        this.tools.pdftoppm,
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        '-scale-to',
        '480',
        '-singlefile',
        pdf,
        prefix,
      ],
      { timeoutMs: this.timeoutMs(), cwd: dir, env: { HOME: dir }, signal },
    );
    return this.storeOutput(file, 'thumbnail.png', `${prefix}.png`, 'image/png', 'pdftoppm');
  }

  private async ffmpegFrame(file: FileRow, dir: string, signal: AbortSignal, seek: string) {
    if (!this.tools.ffmpeg) return null;
    // Local objects are read in place; from S3 a video is read through a presigned URL (ffmpeg seeks with ranges)
    // rather than copied whole, so that run keeps network access.
    const local = this.storage.localPath(file.storageKey);
    const url =
      !local && file.kind === 'video' ? await this.storage.presignedGet(file.storageKey, { ttlSeconds: 900 }) : null;
    const input = url ?? (await this.inputPath(file, dir));
    const output = path.join(dir, `thumb-${seek}.jpg`);
    await runTool(
      [
        ...(url ? [] : this.tools.noNetwork),
        ...this.tools.fileSizeCap(OUTPUT_CAP),
        this.tools.ffmpeg,
        '-nostdin',
        '-v',
        'error',
        '-y',
        ...(file.kind === 'video' ? ['-ss', seek] : []),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        "scale='min(480,iw)':-2",
        '-q:v',
        '4',
        output,
      ],
      { timeoutMs: this.timeoutMs(), cwd: dir, env: { HOME: dir }, signal },
    );
    return this.storeOutput(file, 'thumbnail.jpg', output, 'image/jpeg', 'ffmpeg');
  }

  private async thumbnail(file: FileRow, signal: AbortSignal): Promise<Outcome> {
    const family = familyOf(file.extension);
    return this.withTempDir(async (dir) => {
      if (file.kind === 'video') {
        return (
          (await this.ffmpegFrame(file, dir, signal, '1')) ??
          (await this.ffmpegFrame(file, dir, signal, '0')) ??
          (await this.placeholder(file))
        );
      }
      if (file.kind === 'image') {
        return (
          (await this.ffmpegFrame(file, dir, signal, '0')) ?? {
            status: 'ready',
            storageKey: null,
            mimeType: null,
            size: null,
            source: 'original',
          }
        );
      }
      if (family === 'pdf') {
        const input = await this.inputPath(file, dir);
        return (await this.pdfFirstPage(file, input, dir, signal)) ?? (await this.placeholder(file));
      }
      return this.placeholder(file);
    });
  }
}
