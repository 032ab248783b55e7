import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { postgresPool, type Db } from '../db/database.ts';
import type { Services } from '../services.ts';
import { sendError } from './errors.ts';
import { isLocalRequest } from './loopback.ts';

// GET /metrics in the Prometheus text format (docs/decisions/038-mail-queue-and-metrics.md). Readable
// with `Authorization: Bearer $METRICS_TOKEN` when METRICS_TOKEN is set, otherwise only from this
// machine (a loopback client no proxy forwarded, as the outbox page): figures about traffic and
// failures are not for the public.

/** Request durations in seconds: pages and API calls take milliseconds, imports of media a second. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METRICS_DENIED = 'The metrics are readable from this machine, or with the metrics token.';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return isLocalRequest(request);
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') && sameSecret(header.slice('Bearer '.length), token);
}

/**
 * The metrics of one app: its own registry (several apps in one test process do not share figures),
 * the process's default metrics (memory, CPU, event loop), requests by route pattern and status, the
 * PostgreSQL pool, the mail queue and the newest imports.
 */
export function registerMetrics(
  fastify: FastifyInstance,
  { services, db, token }: { services: Services; db: Db; token: string | undefined },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  fastify.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL (one series per route, not per DOT number); pages are all served
    // by the server-rendering route.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = postgresPool(db);
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      'db_pool_connections_total',
      'PostgreSQL connections open (in use and idle).',
      () => pool.totalCount,
    );
    poolGauge('db_pool_connections_idle', 'PostgreSQL connections open and idle.', () => pool.idleCount);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a PostgreSQL connection.',
      () => pool.waitingCount,
    );
  }

  // The mail queue: its depth and failures from the database (all instances), this process's sends.
  const mailWaiting = new Gauge({
    name: 'mail_queue_waiting',
    help: 'Messages queued or being sent.',
    registers: [registry],
  });
  const mailFailed = new Gauge({
    name: 'mail_queue_failed',
    help: 'Messages given up on after their last attempt (kept in the queue table).',
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'mail_sent_total',
    help: 'Messages this process sent.',
    registers: [registry],
  });
  const mailAttemptsFailed = new Counter({
    name: 'mail_attempts_failed_total',
    help: 'Attempts to send that failed in this process (each is retried or ends failed).',
    registers: [registry],
  });
  /** The queue's figures as of now; its totals only grow, so the counters take the difference. */
  const seen = { sent: 0, attemptsFailed: 0 };
  async function readMailQueue() {
    const stats = await services.mailQueue.stats();
    mailWaiting.set(stats.waiting);
    mailFailed.set(stats.failed);
    mailSent.inc(stats.sent - seen.sent);
    mailAttemptsFailed.inc(stats.attemptsFailed - seen.attemptsFailed);
    Object.assign(seen, { sent: stats.sent, attemptsFailed: stats.attemptsFailed });
  }

  // The importer runs as its own process (cli/): its figures are those of the newest finished file
  // of each dataset, from the data_imports table.
  const importRows = new Gauge({
    name: 'import_last_rows',
    help: 'Rows of the newest imported file, by dataset.',
    labelNames: ['dataset'],
    registers: [registry],
  });
  const importTime = new Gauge({
    name: 'import_last_finished_seconds',
    help: 'When the newest file of a dataset finished importing (Unix time).',
    labelNames: ['dataset'],
    registers: [registry],
  });

  // The portal sync (cli/sync) runs as its own process too: when each dataset was last found current.
  const syncTime = new Gauge({
    name: 'fmcsa_sync_last_success_seconds',
    help: 'When the last successful sync of each FMCSA portal dataset finished (Unix time).',
    labelNames: ['dataset'],
    registers: [registry],
  });

  fastify.get('/metrics', { config: { rateLimit: false, anyHost: true } }, async (request, reply) => {
    if (!mayRead(request, token)) return sendError(reply, 'forbidden', METRICS_DENIED);
    await readMailQueue();
    importRows.reset();
    importTime.reset();
    for (const entry of await services.carrierData.lastImports()) {
      importRows.set({ dataset: entry.dataset }, entry.imported_rows);
      importTime.set({ dataset: entry.dataset }, Date.parse(entry.imported_at) / 1000);
    }
    syncTime.reset();
    for (const entry of await services.sync.lastSyncs()) {
      syncTime.set({ dataset: entry.datasetId }, Date.parse(entry.syncedAt) / 1000);
    }
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
