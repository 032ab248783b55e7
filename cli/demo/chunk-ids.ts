/**
 * Unique, increasing IDs (INSPECTION_ID, CRASH_ID) for chunked generation: each chunk of carriers owns a
 * disjoint range, so chunks can be generated in any order, on any thread, and give the same IDs.
 */
import type { Rng } from './random.ts';

export class ChunkIds {
  private next = 0;
  private end = 0;

  /**
   * @param base the first ID of chunk 0
   * @param span IDs per chunk, far more than a chunk uses (IDs advance by 1-3, as real ones skip)
   */
  constructor(
    private readonly base: number,
    private readonly span: number,
  ) {}

  startChunk(chunk: number): void {
    this.next = this.base + chunk * this.span;
    this.end = this.next + this.span;
  }

  take(rng: Rng): number {
    this.next += rng.int(1, 3);
    if (this.next >= this.end) throw new Error(`chunk ID range of ${this.span} exhausted`);
    return this.next;
  }
}
