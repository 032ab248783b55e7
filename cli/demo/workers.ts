/** Generates chunks on worker threads and yields them in chunk order. */
import { Worker } from 'node:worker_threads';
import type { ChunkOutput, ChunkParams } from './chunk.ts';

/** Chunks queued per worker ahead of the writer: keeps every thread busy while memory stays bounded. */
const CHUNKS_AHEAD_PER_WORKER = 2;

/**
 * The worker runs these TypeScript sources, and worker threads do not inherit the tsx loader of the
 * main thread, so the worker registers tsx itself before importing its entry module.
 */
function bootstrapCode(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./chunk-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
}

export async function* chunksFromWorkers(
  params: ChunkParams,
  count: number,
  threads: number,
): AsyncGenerator<ChunkOutput<Uint8Array>> {
  const code = bootstrapCode();
  const workers = Array.from(
    { length: Math.min(threads, count) },
    () => new Worker(code, { eval: true, workerData: params }),
  );
  const finished = new Map<number, ChunkOutput<Uint8Array>>();
  const state: { failure: Error | null; wake: (() => void) | null } = { failure: null, wake: null };
  const notify = () => {
    state.wake?.();
    state.wake = null;
  };
  for (const worker of workers) {
    worker.on('message', (output: ChunkOutput<Uint8Array>) => {
      finished.set(output.chunk, output);
      notify();
    });
    worker.on('error', (error) => {
      state.failure = error;
      notify();
    });
    worker.on('exit', (code) => {
      state.failure ??= new Error(`a demo data worker exited early (code ${code})`);
      notify();
    });
  }

  let sent = 0;
  try {
    for (let next = 0; next < count; next++) {
      // Chunk c always goes to worker c mod n, so the output does not depend on thread timing.
      while (sent < count && sent - next < CHUNKS_AHEAD_PER_WORKER * workers.length) {
        (workers[sent % workers.length] as Worker).postMessage(sent);
        sent++;
      }
      let output = finished.get(next);
      while (!output) {
        if (state.failure) throw state.failure;
        await new Promise<void>((resolve) => {
          state.wake = resolve;
        });
        output = finished.get(next);
      }
      finished.delete(next);
      yield output;
    }
  } finally {
    for (const worker of workers) worker.removeAllListeners('exit');
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
