import type { ParsedRow } from './types.ts';

/** Parsed rows one at a time, or null when more text is needed (or, once `final`, at the end). */
export interface RowSource {
  push(text: string): void;
  next(final: boolean): ParsedRow | null;
}

/**
 * Hands out the rows, parsing each when it is asked for and reading more text when the buffered text is
 * used up. A plain iterator rather than an async generator: a row from buffered text costs one resolved
 * promise instead of a generator round trip.
 */
export class RowIterator implements AsyncIterableIterator<ParsedRow> {
  private final = false;
  private closed = false;

  constructor(
    private readonly rows: RowSource,
    private readonly nextText: () => Promise<string | null>,
    private readonly close: () => void,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ParsedRow>> {
    if (!this.closed) {
      try {
        const row = this.rows.next(this.final);
        if (row !== null) return Promise.resolve({ value: row, done: false });
      } catch (error) {
        this.end();
        return Promise.reject(error);
      }
    }
    return this.read();
  }

  /** Called when a loop over the rows is left early. */
  async return(): Promise<IteratorResult<ParsedRow>> {
    this.end();
    return { value: undefined, done: true };
  }

  private end(): void {
    this.closed = true;
    this.close();
  }

  private async read(): Promise<IteratorResult<ParsedRow>> {
    try {
      while (!this.closed && !this.final) {
        const text = await this.nextText();
        if (text === null) this.final = true;
        else this.rows.push(text);
        const row = this.rows.next(this.final);
        if (row !== null) return { value: row, done: false };
      }
    } catch (error) {
      this.end();
      throw error;
    }
    this.end();
    return { value: undefined, done: true };
  }
}
