import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from '../lib/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue: add jobs from anywhere; workers run where JOB_WORKER is on (jobs/tasks.ts). */
    jobs: JobQueue;
  }
}

/**
 * `app.jobs`, the queue every module adds its background work to. The workers start separately, once every
 * module has registered (`startWorkers` in jobs/tasks.ts), so that a job never meets a half-built app.
 */
export default fp(
  async (app: FastifyInstance, opts: { databaseUrl: string; poolSize: number }) => {
    // Its schema is migrated with the application's (db/migrate.ts), before any app is built.
    const jobs = new JobQueue(opts.databaseUrl, app.log, opts.poolSize, (task, outcome, seconds) =>
      app.metrics.jobSeconds.observe({ task, outcome }, seconds),
    );
    app.decorate('jobs', jobs);
    app.metrics.watchPool('jobs', jobs.pool);
    app.metrics.watchJobBacklog(() => jobs.backlog());
    // Workers stop before the rest of the app closes: a running job may still need the database and storage.
    app.addHook('preClose', async () => {
      await jobs.close();
    });
  },
  { name: 'jobs', dependencies: ['metrics'] },
);
