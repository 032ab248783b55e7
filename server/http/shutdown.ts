import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError } from './errors.ts';

/**
 * Requests that reach the server once it has begun to close (on a connection opened before) are
 * refused with 503 and the connection is closed, so a proxy retries them on another instance.
 * Fastify's own closing answer (`return503OnClosing`) is turned off in app.ts: it does not carry
 * `{ detail, code }`.
 */
export function registerClosingGuard(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return sendError(reply, 'busy', 'The server is shutting down; try again.');
  });
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish, close the
 * database, exit 0. If requests are still running after `timeoutMs`, or on a second signal, exit 1
 * with a log line instead of hanging.
 */
export function closeOnSignals(fastify: FastifyInstance, db: Db, { timeoutMs }: { timeoutMs: number }): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      fastify.log.error({ signal }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    stopping = true;
    fastify.log.info({ signal, timeoutMs }, 'shutting down: refusing new connections, finishing requests');
    const deadline = setTimeout(() => {
      fastify.log.error({ timeoutMs }, 'requests still running when the shutdown time ran out: exiting');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    try {
      await fastify.close();
      await db.destroy();
    } catch (error) {
      fastify.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    fastify.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}
