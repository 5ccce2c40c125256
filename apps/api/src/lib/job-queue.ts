import type { FastifyBaseLogger } from 'fastify';
import { type AddJobFunction, Logger, type LogLevel, type Runner, run, runOnce, type TaskList } from 'graphile-worker';
import pg from 'pg';

/**
 * The one background job queue: graphile-worker on the application's own PostgreSQL (schema `graphile_worker`).
 * A job is a row; a worker takes it with SKIP LOCKED, so across any number of processes each job runs once at a
 * time, failures retry with exponential backoff up to the job's max attempts, and the state is visible in SQL
 * (`graphile_worker.jobs`) and through `counts()`. Cron entries are scheduled once per minute across all processes
 * (graphile-worker records each fired slot in `known_crontabs`).
 */

/** graphile-worker's public SQL API; a key makes the job unique while pending (adding again replaces it). */
const ADD_JOB = `SELECT graphile_worker.add_job($1, $2::json, job_key => $3, run_at => $4::timestamptz,
  max_attempts => $5::int, priority => $6::int, queue_name => $7)`;

/** Something that runs SQL: a Prisma client or transaction. */
export interface SqlRunner {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface JobSpec {
  /** At most one pending job per key: adding again replaces its payload and run time (graphile's job_key). */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** Lower runs first. */
  priority?: number;
  /** Jobs of one named queue run one at a time, in order, across every worker (graphile's queue_name). */
  queueName?: string;
}

/** A group of tasks run by one pool of workers: media transcoding never holds up order closing and the like. */
export interface WorkerGroup {
  name: string;
  concurrency: number;
  tasks: TaskList;
  /** graphile-worker crontab lines for tasks of this group. */
  crontab?: string;
}

export interface JobCounts {
  task: string;
  /** Waiting to run now or later (including retries waiting for their backoff). */
  queued: number;
  running: number;
  /** Out of attempts: kept for inspection until an operator removes or retries them. */
  failed: number;
}

/** Jobs of one task by state, as the job queue reports them (`backlog` below; the metrics read it at each scrape). */
export interface JobBacklogRow {
  task: string;
  /** Due and waiting for a worker (retries whose backoff has passed included). */
  due: number;
  /** Waiting for a later run time (a scheduled job, a retry in its backoff). */
  scheduled: number;
  running: number;
  failed: number;
  /** How long the oldest due job has been waiting, in seconds; 0 when none is. */
  oldestDueSeconds: number;
}

/** Jobs of one task right now, for the metrics (read at each scrape). */
export type JobBacklog = JobBacklogRow;

/** How a job's run ended, with how long it took: the queue reports every run (metrics). */
export type JobObserver = (task: string, outcome: 'succeeded' | 'failed', seconds: number) => void;

const LEVELS: Record<LogLevel, 'error' | 'warn' | 'info' | 'debug'> = {
  error: 'error',
  warning: 'warn',
  info: 'info',
  debug: 'debug',
};

const loggerFor = (log: FastifyBaseLogger) =>
  new Logger((scope) => (level, message, meta) => {
    // graphile-worker reports each job's start and finish at info; that is debug noise here.
    const target = level === 'info' ? 'debug' : LEVELS[level];
    log[target]({ jobScope: scope, ...meta }, `jobs: ${message}`);
  });

export class JobQueue {
  /** The queue's own connections (the metrics report them beside the app's). */
  readonly pool: pg.Pool;
  private readonly runners: Runner[] = [];
  private readonly logger: Logger;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    poolSize = 4,
    private readonly observe: JobObserver = () => {},
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    // A connection that breaks (the server restarted) is replaced by the pool; graphile-worker asks for both handlers.
    this.pool.on('error', (error) => log.warn({ err: error }, 'jobs: idle connection lost'));
    this.pool.on('connect', (client) => {
      client.on('error', (error) => log.warn({ err: error }, 'jobs: connection lost'));
    });
    this.logger = loggerFor(log);
  }

  /**
   * Queues a job; any process with a worker for the task runs it. Pass `db` (a Prisma transaction) to queue it in
   * the same transaction as the rows it is about: both commit, or neither.
   */
  async add(task: string, payload: Record<string, unknown>, spec: JobSpec = {}, db?: SqlRunner) {
    const args = [
      task,
      JSON.stringify(payload),
      spec.jobKey ?? null,
      spec.runAt ?? null,
      spec.maxAttempts ?? null,
      spec.priority ?? null,
      spec.queueName ?? null,
    ] as const;
    if (db) {
      await db.$executeRawUnsafe(ADD_JOB, ...args);
    } else {
      await this.pool.query(ADD_JOB, [...args]);
    }
  }

  /**
   * Starts the workers in the background: a database that is not reachable yet (a restart of PostgreSQL, a slow
   * container) delays them, it does not stop the app; they retry every few seconds until `close()`.
   */
  startInBackground(groups: WorkerGroup[], retryMs = 5000) {
    const attempt = async () => {
      if (this.closed) return;
      try {
        await this.start(groups);
      } catch (error) {
        await Promise.all(this.runners.splice(0).map((runner) => runner.stop().catch(() => {})));
        if (this.closed) return;
        this.log.warn({ err: error }, 'jobs: workers could not start; retrying');
        this.retryTimer = setTimeout(() => void attempt(), retryMs);
        this.retryTimer.unref();
      }
    };
    void attempt();
  }

  /** Starts a pool of workers for each group in this process (the embedded default, or `pnpm worker`). */
  async start(groups: WorkerGroup[]) {
    for (const group of groups) {
      const runner = await run({
        pgPool: this.pool,
        logger: this.logger,
        concurrency: group.concurrency,
        taskList: this.timed(group.tasks),
        crontab: group.crontab ?? '',
        noHandleSignals: true,
        pollInterval: 2000,
        // A job cut short by a stop (a deploy, a restart) is failed and retried by whoever runs next.
        gracefulShutdownAbortTimeout: 3000,
        // Completions and failures go through graphile-worker's batcher, which a stop flushes before it returns;
        // unbatched, they are written without being awaited and a stop right after a job could lose the write,
        // leaving the job locked (a lock is only broken after four hours).
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      });
      this.runners.push(runner);
      if (this.closed) await this.close();
    }
  }

  get running() {
    return this.runners.length > 0;
  }

  /**
   * Runs every job that is due for the given tasks, in this call, until none is left (the admin CLI and tests use
   * it). A job a worker elsewhere has already taken is not run twice: the call waits, up to `waitMs`, until no job
   * of these tasks is running or due, so that what the caller reads afterwards is settled.
   */
  async runDue(tasks: TaskList, { waitMs = 120_000 } = {}) {
    const names = Object.keys(tasks);
    const deadline = Date.now() + waitMs;
    while (!this.closed) {
      await runOnce({ pgPool: this.pool, logger: this.logger, taskList: this.timed(tasks), noHandleSignals: true });
      const { rows } = await this.pool.query<{ busy: string }>(
        `SELECT count(*) AS busy FROM graphile_worker.jobs WHERE task_identifier = ANY($1::text[])
           AND (locked_at IS NOT NULL OR (run_at <= now() AND attempts < max_attempts))`,
        [names],
      );
      if (Number(rows[0]?.busy ?? 0) === 0 || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The tasks, each run timed and reported to the observer. */
  private timed(tasks: TaskList): TaskList {
    const timedTasks: TaskList = {};
    for (const [name, task] of Object.entries(tasks)) {
      if (!task) continue;
      timedTasks[name] = async (payload, helpers) => {
        const started = performance.now();
        let outcome: 'succeeded' | 'failed' = 'failed';
        try {
          const result = await task(payload, helpers);
          outcome = 'succeeded';
          return result;
        } finally {
          this.observe(name, outcome, (performance.now() - started) / 1000);
        }
      };
    }
    return timedTasks;
  }

  /**
   * Jobs per task and state, and the age of the oldest due one: one aggregate over the jobs table, whose rows are
   * only the pending, running and failed jobs (done ones are deleted), one row per task (at most 100 tasks).
   */
  async backlog(): Promise<JobBacklog[]> {
    const { rows } = await this.pool.query<{
      task: string;
      due: string;
      scheduled: string;
      running: string;
      failed: string;
      oldest_due_seconds: number | null;
    }>(`
      SELECT task_identifier AS task,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now()) AS due,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at > now()) AS scheduled,
        count(*) FILTER (WHERE locked_at IS NOT NULL) AS running,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts) AS failed,
        extract(epoch FROM now() - min(run_at) FILTER (
          WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now()))::float8 AS oldest_due_seconds
      FROM graphile_worker.jobs GROUP BY task_identifier ORDER BY task_identifier LIMIT 100`);
    return rows.map((r) => ({
      task: r.task,
      due: Number(r.due),
      scheduled: Number(r.scheduled),
      running: Number(r.running),
      failed: Number(r.failed),
      oldestDueSeconds: r.oldest_due_seconds ?? 0,
    }));
  }

  /** Queue state per task, for the operator (and the admin console). */
  async counts(): Promise<JobCounts[]> {
    const { rows } = await this.pool.query<{ task: string; queued: string; running: string; failed: string }>(`
      SELECT task_identifier AS task,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts) AS queued,
        count(*) FILTER (WHERE locked_at IS NOT NULL) AS running,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts) AS failed
      FROM graphile_worker.jobs GROUP BY task_identifier ORDER BY task_identifier`);
    return rows.map((r) => ({
      task: r.task,
      queued: Number(r.queued),
      running: Number(r.running),
      failed: Number(r.failed),
    }));
  }

  /** Stops the workers (running jobs get a few seconds, then are aborted and retried later) and closes the pool. */
  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await Promise.all(this.runners.splice(0).map((runner) => runner.stop().catch(() => {})));
    if (!this.pool.ending && !this.pool.ended) await this.pool.end();
  }
}

export type { AddJobFunction, TaskList };
