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
  trackRunningHandlers(fastify);
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

/** The promises of route handlers still running, per server (trackRunningHandlers). */
const runningHandlers = new WeakMap<FastifyInstance, Set<PromiseLike<unknown>>>();

/**
 * Keeps the promise of every route handler until it settles. A client that goes away (a closed
 * browser tab, a load tester at its time limit) ends its request for Fastify, so `fastify.close()`
 * no longer waits for it, but its handler may still be reading the database: the shutdown waits for
 * these before it closes the database under them.
 */
function trackRunningHandlers(fastify: FastifyInstance): void {
  const running = new Set<PromiseLike<unknown>>();
  runningHandlers.set(fastify, running);
  fastify.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      // Only promises are kept, and the handler's own is returned: Fastify treats a handler that
      // returns nothing (it sends through `reply`) differently from one that returns a promise.
      if (result instanceof Promise) {
        running.add(result);
        const settled = () => running.delete(result);
        result.then(settled, settled);
      }
      return result;
    };
  });
}

/** Resolves once every handler that was running has settled. */
async function handlersSettled(fastify: FastifyInstance): Promise<void> {
  const running = runningHandlers.get(fastify);
  while (running && running.size > 0) await Promise.allSettled([...running]);
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
      await handlersSettled(fastify);
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
