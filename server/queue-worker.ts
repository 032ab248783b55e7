import type { FastifyBaseLogger } from 'fastify';

/**
 * The worker both durable queues run (mail, webhooks): a round claims what is due, a batch at a time,
 * and tries each; a wake runs a round now or right after the running one; a poll wakes it. A round
 * that fails (the database is down) is logged and tried again at the next wake or poll. Stopping waits
 * for the attempt in flight, and what this worker claimed but did not try goes back for the next one.
 */
export function createQueueWorker<Item extends { id: number }>(options: {
  /** The log lines' prefix: 'mail', 'webhook'. */
  name: string;
  pollMs: number;
  logger: FastifyBaseLogger;
  claimDue: () => Promise<Item[]>;
  release: (ids: number[]) => Promise<unknown>;
  attempt: (item: Item) => Promise<void>;
  /** Housekeeping after a round that emptied the queue. */
  afterRound?: () => Promise<void>;
}) {
  let running: Promise<void> | null = null;
  let wanted = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function round() {
    while (!stopped) {
      const batch = await options.claimDue();
      if (batch.length === 0) break;
      for (const [index, item] of batch.entries()) {
        if (stopped) {
          await options.release(batch.slice(index).map((rest) => rest.id));
          return;
        }
        await options.attempt(item);
      }
    }
    await options.afterRound?.();
  }

  /** Runs a round now, or right after the one running; resolves when no round is wanted any more. */
  function wake(): Promise<void> {
    wanted = true;
    running ??= (async () => {
      try {
        while (wanted && !stopped) {
          wanted = false;
          await round().catch((error: unknown) =>
            options.logger.warn(
              { err: error },
              `${options.name}: the queue could not be read, will try again`,
            ),
          );
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    wake,
    /** Starts polling, and tries what an earlier process left queued. */
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void wake(), options.pollMs);
      timer.unref();
      void wake();
    },
    /** Stops polling and waits for the attempt in flight, if any; nothing is tried afterwards. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
