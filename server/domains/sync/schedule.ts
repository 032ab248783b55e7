/**
 * The server's daily sync (SYNC_DAILY_AT): at that time of day (UTC) it starts `npm run sync` as a
 * child process, so the import's work never holds up this process's requests. Every instance may
 * start one; the sync's lease in the database lets one run and the others stop at once (exit 3).
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** The sync command's exit code when another sync holds the lease (cli/sync/command.ts). */
const LEASE_HELD = 3;
/** The sync's scheduling priority (nice): below the server's. */
export const SYNC_NICENESS = 10;
/** Lines of a failed run's output kept for the log. */
const TAIL_LINES = 20;

export interface DailySyncOptions {
  at: { hour: number; minute: number };
  /** The command: node and its arguments (the bundled sync, or the source through tsx). */
  command: { file: string; args: readonly string[] };
  log: { info(message: string): void; warn(message: string): void };
  clock?: () => Date;
}

/** The next moment after `now` at hour:minute UTC. */
export function nextRunAt(now: Date, at: { hour: number; minute: number }): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute),
  );
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export function startDailySync(options: DailySyncOptions): { stop(): void } {
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: ReturnType<typeof spawn> | null = null;
  let stopped = false;

  const run = () => {
    if (running) {
      options.log.warn('daily sync: the previous run is still going; this one is skipped');
      return;
    }
    options.log.info('daily sync: started');
    const child = spawn(options.command.file, [...options.command.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    running = child;
    // Below the server's priority: on a shared CPU its requests come first.
    if (child.pid) {
      try {
        setPriority(child.pid, SYNC_NICENESS);
      } catch {
        // Not permitted here: the sync runs at the server's priority.
      }
    }
    const tail: string[] = [];
    const keep = (chunk: Buffer) => {
      tail.push(...chunk.toString().split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (error) => {
      running = null;
      options.log.warn(`daily sync: could not start (${error.message})`);
    });
    child.once('exit', (code, signal) => {
      running = null;
      if (code === 0) options.log.info('daily sync: every dataset is current');
      else if (code === LEASE_HELD) options.log.info('daily sync: another instance is syncing');
      else options.log.warn(`daily sync: failed (${signal ?? `exit ${code}`}):\n${tail.join('\n')}`);
    });
  };

  const schedule = () => {
    if (stopped) return;
    const wait = nextRunAt(clock(), options.at).getTime() - clock().getTime();
    timer = setTimeout(() => {
      run();
      schedule();
    }, wait);
    timer.unref();
  };
  schedule();

  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A sync stopped at any moment is safe: the next one ends as an uninterrupted run would.
      running?.kill('SIGTERM');
    },
  };
}
