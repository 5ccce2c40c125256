import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { WorkerGroup } from '../lib/job-queue.ts';
import { purgeIdempotencyKeys } from '../modules/commerce/idempotency.ts';
import { closeExpiredOrders } from '../modules/commerce/orders.ts';
import { settleDueIncome } from '../modules/commerce/settlement.ts';
import { MEDIA_TASK } from '../modules/preview/queue.ts';
import { sweepRateLimitCounters } from '../modules/throttle/rate-limits.ts';

/**
 * Every background task of the product, in one place. Two groups of workers, so that a transcode taking minutes
 * never holds up the quick ones:
 *
 * | task                            | when                                  | what                                         |
 * | ------------------------------- | ------------------------------------- | -------------------------------------------- |
 * | media:derive                    | queued when an upload completes       | conversion, thumbnails, HLS, samples (preview) |
 * | commerce:close-expired-orders   | every minute                          | unpaid orders past their window close        |
 * | commerce:settle-income          | every minute                          | income past its settlement days              |
 * | commerce:purge-idempotency-keys | hourly                                | old idempotency keys go                      |
 * | uploads:sweep-expired           | every 15 minutes                      | abandoned chunked uploads and their bytes    |
 * | throttle:sweep-rate-limits      | every 5 minutes                       | request-limit counters whose window ended    |
 *
 * Cron entries fire once per slot across all processes; `?max=1` because the next slot retries anyway.
 */
export const backgroundWork = (app: FastifyInstance, config: Config): WorkerGroup[] => {
  const general: WorkerGroup = {
    name: 'general',
    concurrency: 2,
    tasks: {
      'commerce:close-expired-orders': async () => {
        await closeExpiredOrders(app.prisma, app.clock.now());
      },
      'commerce:settle-income': async () => {
        await settleDueIncome(app.prisma, config.SETTLEMENT_DAYS, app.clock.now());
      },
      'commerce:purge-idempotency-keys': async () => {
        await purgeIdempotencyKeys(app.prisma);
      },
      'uploads:sweep-expired': async () => {
        await app.chunkedUploads.sweep();
      },
      'throttle:sweep-rate-limits': async () => {
        await sweepRateLimitCounters(app.prisma);
      },
    },
    crontab: [
      '* * * * * commerce:close-expired-orders ?max=1',
      '* * * * * commerce:settle-income ?max=1',
      '17 * * * * commerce:purge-idempotency-keys ?max=1',
      '*/15 * * * * uploads:sweep-expired ?max=1',
      '*/5 * * * * throttle:sweep-rate-limits ?max=1',
    ].join('\n'),
  };
  const media: WorkerGroup = {
    name: 'media',
    concurrency: config.MEDIA_CONCURRENCY,
    tasks: { [MEDIA_TASK]: app.previews.task },
  };
  return [general, media].filter((group) => group.concurrency > 0);
};

/** Starts this process's workers once the app is ready (the api with JOB_WORKER on, or `pnpm worker`). */
export const startWorkers = (app: FastifyInstance, config: Config) => {
  if (!config.JOB_WORKER) return;
  app.addHook('onReady', async () => {
    await app.previews.requeueIncomplete().catch((error) => app.log.warn({ err: error }, 'media requeue failed'));
    app.jobs.startInBackground(backgroundWork(app, config));
  });
};
