import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { familyOf, isOfficeFamily } from '../files/file-types.ts';
import { storedFileById } from '../files/records.ts';
import { derivativeObjectKey, newId } from '../storage/keys.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { placeholderPng } from './placeholder.ts';
import { runTool, type Tools } from './tools.ts';

export type Variant = 'preview' | 'thumbnail';

interface Job {
  id: string;
  fileId: string;
  variant: Variant;
}

interface FileRow {
  id: string;
  storageKey: string;
  size: bigint;
  extension: string;
  kind: string;
}

type Outcome =
  | { status: 'ready'; storageKey: string | null; mimeType: string | null; size: number | null; source: string }
  | { status: 'unavailable' | 'failed'; error: string };

/** Converted output above this is refused (a crafted document could expand without bound). */
const OUTPUT_CAP = 200 * 1024 * 1024;
const POLL_MS = 5_000;
const MAX_ATTEMPTS = 3;

/**
 * The background converter: Office → PDF for preview (LibreOffice), thumbnails (ffmpeg for video posters and
 * images, pdftoppm for first pages), placeholders otherwise. Jobs are rows of file_derivatives, claimed with
 * SKIP LOCKED so several api instances share the queue; each instance runs one job at a time, in a temp folder,
 * with a time limit, without network when the kernel allows, and with a cap on what it may write.
 */
export class PreviewQueue {
  private running = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private current: AbortController | null = null;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly storage: ObjectStorage,
    private readonly config: Config,
    readonly tools: Tools,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The derivatives a new file needs: Office files a preview PDF (its thumbnail comes with it), others a thumbnail. */
  async enqueueFor(fileId: string) {
    const file = await storedFileById(this.prisma, fileId);
    if (!file) return;
    await this.enqueue(fileId, isOfficeFamily(familyOf(file.extension) ?? '') ? 'preview' : 'thumbnail');
  }

  async enqueue(fileId: string, variant: Variant) {
    await this.prisma.fileDerivative.createMany({
      data: [{ id: newId(), fileId, variant }],
      skipDuplicates: true,
    });
    this.wake();
  }

  wake() {
    this.wakeUp?.();
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop() {
    this.running = false;
    this.current?.abort();
    this.wake();
    await this.loop;
  }

  /** Jobs that could not run for lack of a tool run again once the tool is there (after an install and restart). */
  async requeueUnavailable() {
    if (!this.tools.soffice) return 0;
    const { count } = await this.prisma.fileDerivative.updateMany({
      where: { status: 'unavailable', variant: 'preview' },
      data: { status: 'pending', attempts: 0, error: null },
    });
    return count;
  }

  private async run() {
    while (this.running) {
      let job: Job | null = null;
      try {
        job = await this.claim();
      } catch (error) {
        this.log.warn({ err: error }, 'preview queue: claim failed');
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          timer.unref();
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = null;
        continue;
      }
      await this.process(job);
    }
  }

  /** Process queued jobs now, in this call (the admin CLI and tests use it); answers how many ran. */
  async drain(limit = 100) {
    let n = 0;
    for (; n < limit; n++) {
      const job = await this.claim();
      if (!job) break;
      await this.process(job);
    }
    return n;
  }

  private async claim(): Promise<Job | null> {
    const lease = this.config.PREVIEW_TIMEOUT_SECONDS + 60;
    const rows = await this.prisma.$queryRaw<Job[]>`
      UPDATE file_derivatives SET status = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = now() + make_interval(secs => ${lease})
      WHERE id = (
        SELECT id FROM file_derivatives
        WHERE (status = 'pending' OR (status = 'running' AND locked_until < now())) AND attempts < ${MAX_ATTEMPTS}
        ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, file_id AS "fileId", variant`;
    return rows[0] ?? null;
  }

  private async process(job: Job) {
    const controller = new AbortController();
    this.current = controller;
    let outcome: Outcome;
    try {
      const file = await storedFileById(this.prisma, job.fileId);
      outcome = file ? await this.produce(job, file, controller.signal) : { status: 'failed', error: 'file deleted' };
    } catch (error) {
      this.log.warn({ err: error, job }, 'preview job failed');
      outcome = { status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) };
    } finally {
      this.current = null;
    }
    if (!this.running && controller.signal.aborted) {
      // Stopped mid-job (shutdown): give the job back.
      await this.prisma.fileDerivative
        .update({ where: { id: job.id }, data: { status: 'pending', attempts: { decrement: 1 } } })
        .catch(() => {});
      return;
    }
    await this.record(job, outcome);
  }

  private async record(job: Job, outcome: Outcome) {
    const data =
      outcome.status === 'ready'
        ? {
            status: 'ready',
            storageKey: outcome.storageKey,
            mimeType: outcome.mimeType,
            size: outcome.size === null ? null : BigInt(outcome.size),
            source: outcome.source,
            error: null,
          }
        : { status: outcome.status, error: outcome.error };
    await this.prisma.fileDerivative.update({
      where: { id: job.id },
      data: { ...data, lockedUntil: null, updatedAt: new Date() },
    });
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

  private async produce(job: Job, file: FileRow, signal: AbortSignal): Promise<Outcome> {
    if (job.variant === 'preview') return this.convertOffice(file, signal);
    return this.thumbnail(file, signal);
  }

  /** Office → PDF (cached as the preview), then the PDF's first page as the thumbnail. */
  private async convertOffice(file: FileRow, signal: AbortSignal): Promise<Outcome> {
    const soffice = this.tools.soffice;
    if (!soffice) {
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
      const result = await runTool(
        [
          ...this.tools.noNetwork,
          ...this.tools.fileSizeCap(OUTPUT_CAP),
          soffice,
          '--headless',
          '--invisible',
          '--nologo',
          '--nodefault',
          '--nofirststartwizard',
          '--nolockcheck',
          '--norestore',
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--convert-to',
          'pdf',
          '--outdir',
          out,
          input,
        ],
        { timeoutMs: this.timeoutMs(), cwd: dir, env: { HOME: dir, TMPDIR: dir }, signal },
      );
      const pdf = path.join(out, 'input.pdf');
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
    const job =
      existing ??
      (await this.prisma.fileDerivative.create({
        data: { id: newId(), fileId: file.id, variant: 'thumbnail', status: 'running' },
      }));
    await this.record({ id: job.id, fileId: file.id, variant: 'thumbnail' }, outcome);
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
