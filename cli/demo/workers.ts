/** Generates chunks on worker threads and yields them in chunk order. */
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker } from '../typescript-worker.ts';
import type { ChunkOutput, ChunkParams } from './chunk.ts';

/** Chunks queued per worker ahead of the writer: keeps every thread busy while memory stays bounded. */
const CHUNKS_AHEAD_PER_WORKER = 2;

export async function* chunksFromWorkers(
  params: ChunkParams,
  count: number,
  threads: number,
): AsyncGenerator<ChunkOutput<Uint8Array>> {
  const entry = new URL('./chunk-worker.ts', import.meta.url);
  const workers = Array.from({ length: Math.min(threads, count) }, () =>
    startTypeScriptWorker(entry, { workerData: params }),
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
