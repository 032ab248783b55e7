/** Worker thread: generates the chunks the main thread asks for and hands their lines back as UTF-8. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ChunkOutput, ChunkGenerator, type ChunkParams } from './chunk.ts';

const port = parentPort;
if (!port) throw new Error('chunk-worker.ts runs as a worker thread');
const generator = new ChunkGenerator(workerData as ChunkParams);
const encoder = new TextEncoder();

port.on('message', (chunk: number) => {
  const result = generator.generate(chunk);
  // Encoding here and transferring the bytes spares the main thread both a copy and the encoding.
  const output: ChunkOutput<Uint8Array> = {
    ...result,
    census: encoder.encode(result.census),
    inspections: encoder.encode(result.inspections),
    crashes: encoder.encode(result.crashes),
    violations: encoder.encode(result.violations),
    li: {
      carrier: encoder.encode(result.li.carrier),
      insur: encoder.encode(result.li.insur),
      actPendInsur: encoder.encode(result.li.actPendInsur),
      authHist: encoder.encode(result.li.authHist),
      revocation: encoder.encode(result.li.revocation),
    },
  };
  const buffers = [
    output.census,
    output.inspections,
    output.crashes,
    output.violations,
    ...Object.values(output.li),
  ].map((bytes) => bytes.buffer as ArrayBuffer);
  port.postMessage(output, buffers);
});
