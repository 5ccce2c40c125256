import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { listenForMetricsOnly } from './plugins/metrics.ts';

/**
 * `pnpm worker`: a process that only runs background jobs (transcoding, conversions, the commerce and upload
 * schedules) against the api's PostgreSQL and object store, so a district can move the heavy work off the web
 * instances (give those MEDIA_CONCURRENCY=0, or JOB_WORKER=false).
 */
const config = { ...loadConfig(), JOB_WORKER: true, SERVE_WEB: false };
if (!process.env.DATABASE_URL) {
  console.error('npm run worker 需要 DATABASE_URL：与 api 共用同一个 PostgreSQL（内嵌数据库只属于 api 进程）');
  process.exit(1);
}
const app = await buildApp({ config, databaseUrl: process.env.DATABASE_URL, webDir: null });

let metricsServer: Server | null = null;
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'worker shutting down');
  // Running jobs get a few seconds; what is cut short is retried by the next worker.
  const timer = setTimeout(() => process.exit(1), 15_000);
  try {
    metricsServer?.close();
    await app.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.ready();
if (config.WORKER_METRICS_PORT && !closing) {
  metricsServer = await listenForMetricsOnly(app, config.WORKER_METRICS_PORT, config.HOST);
}

/**
 * Liveness for the container's health check (docker-compose.yml): the file's time moves every 10 s while the event
 * loop turns and PostgreSQL answers, so a wedged worker, or one cut off from the database, is reported and restarted.
 */
const heartbeatFile = path.join(config.DATA_DIR, 'worker-heartbeat');
const beat = () =>
  app.pg
    .query('SELECT 1')
    .then(() => writeFile(heartbeatFile, `${new Date().toISOString()}\n`))
    .catch((error: Error) => app.log.warn({ err: error }, 'worker heartbeat failed'));
await mkdir(config.DATA_DIR, { recursive: true });
await beat();
setInterval(beat, 10_000).unref();

console.log(`[资源库] 后台任务进程已启动（媒体任务并发 ${config.MEDIA_CONCURRENCY}）`);
