import type pg from 'pg';
import type { Manifest } from './manifest.ts';

/**
 * Jobs waiting in the queue (graphile_worker): a derivative row that is pending waits for its job, so a backup keeps
 * them. They are read from the library's tables and written back through its public `add_job`, whose signature
 * stays put while its private tables change between versions. Permanently failed jobs are left out.
 */
export const queuedJobs = async (client: pg.ClientBase): Promise<Manifest['jobs']> => {
  const { rows: found } = await client.query<{ table: string | null }>(
    `SELECT to_regclass('graphile_worker._private_jobs')::text AS table`,
  );
  if (!found[0]?.table) return [];
  const { rows } = await client.query<Manifest['jobs'][number]>(
    `SELECT t.identifier AS task, j.payload, q.queue_name AS queue, to_json(j.run_at) #>> '{}' AS "runAt",
            j.max_attempts AS "maxAttempts", j.key, j.priority,
            CASE WHEN j.flags IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_object_keys(j.flags)) END AS flags
     FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
     WHERE j.attempts < j.max_attempts
     ORDER BY j.id`,
  );
  return rows;
};

/** Queues the backup's jobs again (inside the restore's transaction, on a schema made by migrateJobQueue). */
export const requeueJobs = async (client: pg.ClientBase, jobs: Manifest['jobs']) => {
  for (const job of jobs) {
    await client.query('SELECT graphile_worker.add_job($1, $2::json, $3, $4::timestamptz, $5, $6, $7, $8::text[])', [
      job.task,
      JSON.stringify(job.payload ?? {}),
      job.queue,
      job.runAt,
      job.maxAttempts,
      job.key,
      job.priority,
      job.flags,
    ]);
  }
};
