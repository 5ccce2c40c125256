import type { FastifyBaseLogger } from 'fastify';
import type { JobHelpers } from 'graphile-worker';
import type { Config } from '../../config.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { transaction } from '../../lib/transaction.ts';
import { familyOf, isOfficeFamily } from '../files/file-types.ts';
import { storedFileById } from '../files/records.ts';
import { newId } from '../storage/keys.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { officeToPdf } from './office.ts';
import {
  canMake,
  DerivativeMaker,
  type DerivativeMeta,
  type MediaConverters,
  type Outcome,
  recordOutcome,
  type Variant,
} from './producers.ts';
import type { Tools } from './tools.ts';
import { MediaError, transcodeToHls } from './transcode.ts';

/** The job that makes one derivative; the queue (jobs/) runs it once per job, retrying with backoff. */
export const MEDIA_TASK = 'media:derive';

export interface MediaJob {
  fileId: string;
  variant: Variant;
  /** Background work (see BACKGROUND); what it queues after it is background work too. */
  background?: boolean;
}

/** How a derivative's making ended, with how long it took (metrics); `retried` went back to the queue. */
export type MediaObserver = (
  variant: Variant,
  outcome: 'ready' | 'failed' | 'unavailable' | 'retried',
  seconds: number,
) => void;

const MAX_ATTEMPTS = 5;
/** Lower runs first: a card's thumbnail before a transcode that takes minutes. */
const PRIORITY: Record<Variant, number> = { thumbnail: 0, preview: 1, pages: 2, sample: 3, hls: 4 };
/**
 * Work nobody is waiting for (the demo's files at seed time, everything queued again after a tool was installed)
 * runs after every job a person is waiting for, and on one named queue, so it takes at most one media worker
 * at a time: a teacher's upload waits for at most the one background conversion already running.
 */
const BACKGROUND = { priorityAfter: 10, queueName: 'media-background' } as const;

/** Whether a person is waiting for the derivative (their upload, a first view) or it is background work. */
export interface EnqueueOptions {
  /** Queue it anew whatever its state (a retry). */
  again?: boolean;
  background?: boolean;
}
/** How often a running transcode writes its progress. */
const PROGRESS_EVERY_MS = 2000;

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
 * The queue of what a stored file needs to be seen in a browser: which derivatives a kind of file gets (`plan`), one
 * row of file_derivatives and one job each (queued in one transaction), the job's run with its retries, progress and
 * outcome, and queuing again once a tool is installed. Making a derivative is producers.ts's: Office → PDF and its
 * first page as the thumbnail; video and audio → HLS renditions with a poster and a fallback; watermarked samples;
 * thumbnails. The row is ready only once every object it names is stored, so nothing half-written is ever served.
 */
export class PreviewQueue {
  private readonly maker: DerivativeMaker;

  constructor(
    private readonly prisma: PrismaClient,
    storage: ObjectStorage,
    config: Config,
    readonly tools: Tools,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: JobQueue,
    private readonly observe: MediaObserver = () => {},
    converters: Partial<MediaConverters> = {},
  ) {
    this.maker = new DerivativeMaker(prisma, storage, config, tools, {
      transcode: transcodeToHls,
      officeToPdf,
      ...converters,
    });
  }

  /** Names the resource a file belongs to, for the watermark (the library registers it). */
  setLabelSource(source: (fileId: string) => Promise<string | null>) {
    this.maker.labelOf = source;
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
  async enqueueFor(fileId: string, { background = false }: Pick<EnqueueOptions, 'background'> = {}) {
    const file = await storedFileById(this.prisma, fileId);
    if (!file) return;
    for (const variant of PreviewQueue.plan(file)) await this.enqueue(fileId, variant, { background });
  }

  /**
   * Queues one derivative unless it exists already; `again` queues it anew whatever its state (a retry). The row
   * and its job are written in one transaction, so a derivative never waits for a job that was not queued.
   */
  async enqueue(fileId: string, variant: Variant, { again = false, background = false }: EnqueueOptions = {}) {
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
        { fileId, variant, ...(background ? { background } : {}) },
        {
          jobKey: `media:${fileId}:${variant}`,
          maxAttempts: MAX_ATTEMPTS,
          priority: PRIORITY[variant] + (background ? BACKGROUND.priorityAfter : 0),
          ...(background ? { queueName: BACKGROUND.queueName } : {}),
        },
        tx,
      );
    });
  }

  /**
   * Someone is waiting for a derivative that is still queued, perhaps as background work (a first view of a demo
   * document): its job moves ahead of the background. graphile replaces the pending job of the same key; one
   * already running is left alone.
   */
  async promote(fileId: string, variant: Variant) {
    await this.jobs.add(
      MEDIA_TASK,
      { fileId, variant },
      { jobKey: `media:${fileId}:${variant}`, maxAttempts: MAX_ATTEMPTS, priority: PRIORITY[variant] },
    );
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
      await this.enqueue(row.fileId, variant, { again: true, background: true });
      queued++;
    }
    return queued;
  }

  /** Whether this machine has the tools a variant needs. */
  canMake(variant: Variant) {
    return canMake(this.tools, variant);
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
      await recordOutcome(this.prisma, row.id, { status: 'failed', error: 'file deleted' });
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
      outcome = await this.maker.make(job.variant, file, signal, this.progressWriter(row.id));
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
    await recordOutcome(this.prisma, row.id, outcome);
    // The objects a derivative made before (a retry after a failure, a re-run) go once the new ones are in place.
    if (previous && outcome.status === 'ready' && previous.storageKey !== outcome.storageKey) {
      const names = Object.keys((previous.meta as DerivativeMeta).files ?? {});
      const keys = names.map((name) => `${previous.storageKey}/${name}`);
      await this.maker.storage.deleteMany(keys).catch(() => {});
    }
    if (job.variant === 'preview' && outcome.status === 'ready') {
      await this.enqueue(file.id, 'pages', { background: job.background === true });
    }
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
}
