import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { ERRORS, MESSAGES } from '@zyk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { addressMatcher } from '../lib/address-list.ts';
import { envelopeError } from '../lib/errors.ts';
import type { JobBacklogRow } from '../lib/job-queue.ts';
import { transactionGateOf } from '../lib/transaction.ts';
import { sendRouteNotFound } from './errors.ts';

/** What a pg pool tells of its connections (pg.Pool). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

export interface AppMetrics {
  /** This app's metrics; the process's own (CPU, memory, event loop) are added at each scrape. */
  registry: Registry;
  /** Bytes of uploaded files this process read, by kind: `document` (form upload) or `chunk` (video/audio). */
  uploadedBytes: Counter<'kind'>;
  /** Seconds each background job ran, by task and outcome (`succeeded`, `failed`). */
  jobSeconds: Histogram<'task' | 'outcome'>;
  /** Seconds each derivative took (conversion, transcode, thumbnail), by variant and outcome. */
  mediaSeconds: Histogram<'variant' | 'outcome'>;
  /** Reports a pg pool's connections, labelled `pool`, at each scrape. */
  watchPool(name: string, pool: PoolCounts): void;
  /** Reads the job queue's backlog at each scrape. */
  watchJobBacklog(read: () => Promise<JobBacklogRow[]>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const PREFIX = 'zyk_';
/** Up to a minute: uploads and downloads take that long; 0.5 s is the list/search alert's threshold. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** From a thumbnail (under a second) to a lesson's transcode (an hour or more). */
const MEDIA_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800, 7200];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** The label of a request no route matched (404s, and the web app's pages served by the fallback). */
const UNMATCHED = 'unmatched';

/**
 * CPU, memory, event loop and GC belong to the process, not to an app: one registry for them, made on the first
 * scrape. collectDefaultMetrics starts observers that are never stopped, so making them per app would keep every
 * app a test process ever built alive.
 */
let processRegistry: Registry | null = null;
const processMetrics = () => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

const createMetrics = (app: FastifyInstance): AppMetrics => {
  const registry = new Registry();
  const registers = [registry];
  const pools = new Map<string, PoolCounts>();
  const poolGauge = (name: string, help: string, value: (pool: PoolCounts) => number) =>
    new Gauge({
      name: `${PREFIX}db_pool_${name}`,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [label, pool] of pools) this.set({ pool: label }, value(pool));
      },
    });
  poolGauge('connections', 'Connections the pool holds (idle and in use).', (pool) => pool.totalCount);
  poolGauge('idle_connections', 'Connections open and free.', (pool) => pool.idleCount);
  poolGauge('in_use_connections', 'Connections lent out to queries.', (pool) => pool.totalCount - pool.idleCount);
  poolGauge('waiting_clients', 'Queries waiting for a connection.', (pool) => pool.waitingCount);
  poolGauge('max_connections', 'The most connections the pool may open.', (pool) => pool.options.max ?? 0);

  const gateGauge = (
    name: string,
    help: string,
    value: (gate: NonNullable<ReturnType<typeof transactionGateOf>>) => number,
  ) =>
    new Gauge({
      name: `${PREFIX}db_transactions_${name}`,
      help,
      registers,
      collect() {
        const gate = transactionGateOf(app.prisma);
        if (gate) this.set(value(gate));
      },
    });
  gateGauge('active', 'Transactions holding a connection (lib/transaction.ts gate).', (gate) => gate.active);
  gateGauge(
    'waiting',
    'Transactions queued for the gate (answered 503 after DB_TRANSACTION_WAIT_MS).',
    (gate) => gate.waiting,
  );
  gateGauge(
    'limit',
    'Transactions that may hold a connection at once (DB_TRANSACTION_CONNECTIONS).',
    (gate) => gate.limit,
  );

  // One query feeds both queue gauges: a scrape collects them together, and they share the read in flight.
  let readBacklog: (() => Promise<JobBacklogRow[]>) | null = null;
  let inFlight: Promise<JobBacklogRow[]> | null = null;
  const backlog = () => {
    if (!readBacklog) return Promise.resolve([]);
    inFlight ??= readBacklog()
      .catch((error) => {
        app.log.warn({ err: error }, 'metrics: job queue could not be read');
        return [];
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  new Gauge({
    name: `${PREFIX}job_queue_jobs`,
    help: 'Jobs in the queue by task and state (due, scheduled, running, failed); the same in every process.',
    labelNames: ['task', 'state'],
    registers,
    async collect() {
      const rows = await backlog();
      this.reset();
      for (const row of rows) {
        for (const state of ['due', 'scheduled', 'running', 'failed'] as const) {
          this.set({ task: row.task, state }, row[state]);
        }
      }
    },
  });
  new Gauge({
    name: `${PREFIX}job_queue_oldest_due_seconds`,
    help: 'How long the oldest due job of each task has waited for a worker.',
    labelNames: ['task'],
    registers,
    async collect() {
      const rows = await backlog();
      this.reset();
      for (const row of rows) this.set({ task: row.task }, row.oldestDueSeconds);
    },
  });

  return {
    registry,
    uploadedBytes: new Counter({
      name: `${PREFIX}upload_received_bytes_total`,
      help: 'Bytes of uploaded files read by this process, by kind (document, chunk).',
      labelNames: ['kind'],
      registers,
    }),
    jobSeconds: new Histogram({
      name: `${PREFIX}job_duration_seconds`,
      help: 'Seconds each background job ran in this process, by task and outcome.',
      labelNames: ['task', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    }),
    mediaSeconds: new Histogram({
      name: `${PREFIX}media_derive_duration_seconds`,
      help: 'Seconds each conversion, transcode or thumbnail took, by variant and outcome (ready, failed, unavailable, retried).',
      labelNames: ['variant', 'outcome'],
      buckets: MEDIA_BUCKETS,
      registers,
    }),
    watchPool: (name, pool) => {
      pools.set(name, pool);
    },
    watchJobBacklog: (read) => {
      readBacklog = read;
    },
  };
};

/**
 * Prometheus metrics at GET /metrics, an operations endpoint outside the API contract (not in the route table or the
 * OpenAPI document): requests per route pattern, the database pools and transaction gate, the job queue, uploads and
 * media jobs, and the process. Each app has its own registry (tests run several apps in one process).
 *
 * Who may read it: every address the request passed through (the client's, and with TRUST_PROXY each proxy's) must
 * be in METRICS_ALLOW (loopback by default), else the answer is the same 404 as for an unknown path; when
 * METRICS_TOKEN is set, the request must also carry it as a bearer token (401 otherwise).
 */
export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const metrics = createMetrics(app);
    app.decorate('metrics', metrics);
    metrics.watchPool('app', app.pg);

    const requestSeconds = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Seconds from request to answer, by route pattern, method and status class; its _count counts requests.',
      labelNames: ['route', 'method', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers: [metrics.registry],
    });
    // A callback hook with one observation: it runs on every request.
    app.addHook('onResponse', (request, reply, done) => {
      requestSeconds.observe(
        {
          route: request.routeOptions.url ?? UNMATCHED,
          method: request.method,
          status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? 'other',
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const allowedAddress = addressMatcher(opts.config.METRICS_ALLOW);
    const token = opts.config.METRICS_TOKEN ? digest(opts.config.METRICS_TOKEN) : null;
    // With TRUST_PROXY, `ips` is the whole chain (the socket's peer and each X-Forwarded-For entry): a client could
    // write a loopback address into the header, but the proxy still appends the client's real one.
    const addressesOf = (request: FastifyRequest) => request.ips ?? [request.ip];
    const hasToken = (request: FastifyRequest) => {
      if (!token) return true;
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      return presented !== undefined && timingSafeEqual(digest(presented), token);
    };

    // Scraped every few seconds: its successful answers are not worth a log line each.
    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (!addressesOf(request).every(allowedAddress)) {
        request.log.warn({ ips: addressesOf(request) }, 'metrics: address not allowed');
        return sendRouteNotFound(reply);
      }
      if (!hasToken(request)) {
        request.log.warn({ ip: request.ip }, 'metrics: missing or wrong token');
        return reply
          .status(ERRORS.UNAUTHORIZED.status)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(envelopeError(ERRORS.UNAUTHORIZED.code, MESSAGES.request.metricsTokenInvalid));
      }
      const [processText, appText] = await Promise.all([processMetrics().metrics(), metrics.registry.metrics()]);
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(`${processText}\n${appText}`);
    });
  },
  { name: 'metrics', dependencies: ['prisma'] },
);

/**
 * A server that answers GET /metrics only, through the app's own route (so under the same address and token rules),
 * for a process that serves nothing else (`pnpm worker`, whose jobs and transcodes are measured there); any other
 * request is the 404 of an unknown path.
 */
export const listenForMetricsOnly = async (app: FastifyInstance, port: number, host: string) => {
  const notFound = JSON.stringify(envelopeError(ERRORS.ROUTE_NOT_FOUND.code, ERRORS.ROUTE_NOT_FOUND.msg));
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/metrics') {
      res.writeHead(ERRORS.ROUTE_NOT_FOUND.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(notFound);
      return;
    }
    app
      .inject({ method: 'GET', url: '/metrics', headers: req.headers, remoteAddress: req.socket.remoteAddress })
      .then((answer) => {
        res.writeHead(answer.statusCode, answer.headers as http.OutgoingHttpHeaders);
        res.end(answer.rawPayload);
      })
      .catch((error) => {
        app.log.error({ err: error }, 'metrics: scrape failed');
        res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
};
