import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TITLES } from '@zyk/shared';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { familyOf } from '../files/file-types.ts';
import { derivativeObjectKey, newId } from '../storage/keys.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { builtinRenderPages } from './builtin-documents.ts';
import { MediaError } from './media-error.ts';
import type { OfficeConverter } from './office.ts';
import { renderPdfPages } from './pages.ts';
import { placeholderPng } from './placeholder.ts';
import { OUTPUT_CAP, runTool, type Tools } from './tools.ts';
import { probeMedia, type Transcoder } from './transcode.ts';

/**
 * What each derivative is made of, and how: Office → PDF and its first page (LibreOffice, pdftoppm), HLS renditions
 * and samples (ffmpeg), watermarked sample pages, thumbnails. One `make` per job of the queue (queue.ts), in a temp
 * folder, with a time limit and a cap on what it may write; every object is stored before the row says ready.
 */

export type Variant = 'preview' | 'thumbnail' | 'hls' | 'sample' | 'pages';

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

export interface FileRow {
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

/** The tools' runs that take minutes: LibreOffice's and ffmpeg's (AppOptions lets the tests replay identical runs). */
export interface MediaConverters {
  transcode: Transcoder;
  officeToPdf: OfficeConverter;
}

export type Outcome =
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
/** Width of sample page images: sharp on a phone, readable on a desktop. */
const PAGE_WIDTH = 1240;

/** Whether this machine has the tools a variant needs. */
export const canMake = (tools: Tools, variant: Variant) => {
  if (variant === 'preview') return !!tools.soffice || tools.builtinDocuments;
  if (variant === 'hls' || variant === 'sample') return !!tools.ffmpeg && !!tools.ffprobe;
  if (variant === 'pages') return !!tools.pdftoppm || tools.builtinDocuments;
  return true;
};

export const recordOutcome = async (prisma: PrismaClient, id: string, outcome: Outcome) => {
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
  await prisma.fileDerivative.update({ where: { id }, data: { ...data, updatedAt: new Date() } });
};

export class DerivativeMaker {
  /** Names the resource a file belongs to, for the watermark (the library registers it through the queue). */
  labelOf: (fileId: string) => Promise<string | null> = async () => null;

  constructor(
    private readonly prisma: PrismaClient,
    readonly storage: ObjectStorage,
    private readonly config: Config,
    readonly tools: Tools,
    private readonly converters: MediaConverters,
  ) {}

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

  /** Makes one derivative of a file, in a temp folder, with the configured time limit. */
  async make(
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
    if (!canMake(this.tools, 'hls')) return { status: 'unavailable', error: 'ffmpeg/ffprobe is not installed' };
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
    if (!canMake(this.tools, 'pages')) return { status: 'unavailable', error: 'no PDF renderer (pdftoppm) here' };
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
        source: this.tools.pdftoppm ? 'pdftoppm' : 'pdfjs',
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
    if (!canMake(this.tools, 'preview')) {
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
      const { pdf, result, source } = await this.converters.officeToPdf(this.tools, input, out, {
        timeoutMs: this.timeoutMs(),
        signal,
        workDir: dir,
      });
      const stored = await this.storeOutput(file, 'preview.pdf', pdf, 'application/pdf', source);
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
    await recordOutcome(this.prisma, row.id, outcome);
  }

  private async pdfFirstPage(file: FileRow, pdf: string, dir: string, signal: AbortSignal) {
    if (!this.tools.pdftoppm) {
      if (!this.tools.builtinDocuments) return null;
      const out = path.join(dir, 'thumb');
      try {
        await builtinRenderPages(
          pdf,
          out,
          { pages: 1, width: 480, format: 'png' },
          { timeoutMs: this.timeoutMs(), signal },
        );
      } catch (error) {
        // As with pdftoppm, a page that cannot be drawn leaves the placeholder; a stop is still a stop.
        if (error instanceof MediaError && error.kind === 'aborted') throw error;
        return null;
      }
      return this.storeOutput(file, 'thumbnail.png', path.join(out, 'p-1.png'), 'image/png', 'pdfjs');
    }
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
