import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

/** A larger buffer than the 64 KiB default lets generation run ahead while the disk catches up. */
const STREAM_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Streams a CSV file batch by batch and waits for `drain` whenever the stream's buffer is full, so
 * writing millions of rows never holds more than a few megabytes.
 */
export class CsvFileWriter {
  private readonly stream: WriteStream;
  private failure: Error | null = null;

  /** `header` null: a file without header (the L&I text downloads). */
  constructor(path: string, header: string | null) {
    this.stream = createWriteStream(path, { highWaterMark: STREAM_BUFFER_BYTES });
    // Without a listener an open or write error would crash the process; it is rethrown on the next write.
    this.stream.on('error', (error) => {
      this.failure = error;
    });
    if (header !== null) this.stream.write(header + '\n');
  }

  /** Writes a batch of whole lines. */
  async write(lines: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (lines.length === 0) return;
    if (!this.stream.write(lines)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.stream.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
    if (this.failure) throw this.failure;
  }

  /** Gives up after a failure elsewhere: closes the file without waiting for pending writes. */
  destroy(): void {
    this.stream.destroy();
  }
}
