/**
 * Incremental RFC 4180 reader: quoted fields, "" escapes, commas and line breaks inside quotes, CRLF or LF.
 * It notes where each field ends in the buffered text instead of building strings, so a 147-column census
 * row costs one pass over its characters plus a slice for each field a mapper actually reads. Between
 * quotes the pass only compares each character with a comma.
 */
import type { FieldSource } from './types.ts';

const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;
/** No real record comes near this: a quoted field running past it started with a stray quote. */
export const MAX_RECORD_CHARS = 1 << 20;

const PLAIN = 0;
/** A quoted field: its value lies between `valueStarts` and `valueEnds`. */
const QUOTED = 1;
/** A quoted field with "" escapes or text after its closing quote: its value is in `values`. */
const DECODED = 2;

/** The current record. Valid until the next call of `CsvParser.next`. */
export class CsvRow implements FieldSource {
  text = '';
  count = 0;
  /** A quoted field of this record never closed (the file ended, or the quote was a stray one). */
  unterminated = false;
  /** Where the first field starts in `text`. */
  first = 0;
  /** Where each field ends in `text`: the comma after it, or the line end. Field i starts after field i-1. */
  ends = new Int32Array(256);
  private kinds = new Uint8Array(256);
  /** Indexes of this record's quoted fields, to clear their kind when the next record is read. */
  private quoted = new Int32Array(256);
  private quotedCount = 0;
  private valueStarts = new Int32Array(256);
  private valueEnds = new Int32Array(256);
  private readonly values: string[] = [];

  get(index: number): string {
    if (index < 0 || index >= this.count) return '';
    const kind = this.kinds[index];
    if (kind === PLAIN) {
      return this.text.slice(
        index === 0 ? this.first : (this.ends[index - 1] as number) + 1,
        this.ends[index],
      );
    }
    return kind === QUOTED
      ? this.text.slice(this.valueStarts[index], this.valueEnds[index])
      : (this.values[index] as string);
  }

  recordText(): string {
    return this.count === 0 ? '' : this.text.slice(this.first, this.ends[this.count - 1]);
  }

  isEmpty(index: number): boolean {
    if (index < 0 || index >= this.count) return true;
    const kind = this.kinds[index];
    if (kind === PLAIN) {
      return this.ends[index] === (index === 0 ? this.first : (this.ends[index - 1] as number) + 1);
    }
    return kind === QUOTED ? this.valueStarts[index] === this.valueEnds[index] : this.values[index] === '';
  }

  reset(text: string, first: number): void {
    for (let i = 0; i < this.quotedCount; i += 1) this.kinds[this.quoted[i] as number] = PLAIN;
    this.quotedCount = 0;
    this.text = text;
    this.first = first;
    this.count = 0;
    this.unterminated = false;
  }

  /** Marks field `index` as quoted, its value between `start` and `end` of the text. */
  setQuoted(index: number, start: number, end: number): void {
    this.kinds[index] = QUOTED;
    this.valueStarts[index] = start;
    this.valueEnds[index] = end;
    this.quoted[this.quotedCount++] = index;
  }

  setDecoded(index: number, value: string): void {
    this.kinds[index] = DECODED;
    this.values[index] = value;
    this.quoted[this.quotedCount++] = index;
  }

  /** Makes room for `fields` fields. */
  reserve(fields: number): void {
    if (fields <= this.ends.length) return;
    const size = Math.max(fields, this.ends.length * 2);
    const grow = <T extends Int32Array | Uint8Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.ends = grow(this.ends, new Int32Array(size));
    this.kinds = grow(this.kinds, new Uint8Array(size));
    this.valueStarts = grow(this.valueStarts, new Int32Array(size));
    this.valueEnds = grow(this.valueEnds, new Int32Array(size));
    this.quoted = grow(this.quoted, new Int32Array(size));
  }
}

export class CsvParser {
  readonly row = new CsvRow();
  /** 1-based physical line where the current record starts. */
  line = 0;
  private text = '';
  private pos = 0;
  private nextLine = 1;
  /** Position of the first quote at or after `pos`, or -1 when `text` has none from there. */
  private quote = -1;

  /** Characters pushed and not yet read as records. */
  get pending(): number {
    return this.text.length - this.pos;
  }

  /** Appends decoded text; the unread rest of the previous text is kept in front of it. */
  push(chunk: string): void {
    this.text = this.pos < this.text.length ? this.text.slice(this.pos) + chunk : chunk;
    this.pos = 0;
    this.quote = this.text.indexOf('"');
  }

  /**
   * Reads the next record into `row`. False when the buffered text holds no complete record: push more
   * text, or, when `final` (no more text will come), the file is at its end. Blank lines are passed over.
   */
  next(final: boolean): boolean {
    const text = this.text;
    const len = text.length;
    const row = this.row;
    let p = this.pos;
    let line = this.nextLine;
    for (;;) {
      if (p >= len) return false;
      const c = text.charCodeAt(p);
      if (c === LF) {
        p += 1;
        line += 1;
      } else if (c === CR && p + 1 < len && text.charCodeAt(p + 1) === LF) {
        p += 2;
        line += 1;
      } else if (c === CR && p + 1 === len) {
        if (!final) return false;
        p += 1;
      } else break;
    }
    const recordStart = p;
    let lineEnd = text.indexOf('\n', p);
    if (lineEnd === -1) {
      if (!final) return false;
      lineEnd = len;
    }
    let quote = this.quote !== -1 && this.quote < p ? text.indexOf('"', p) : this.quote;
    let newlines = 0;
    row.reset(text, p);
    row.reserve(lineEnd - p + 1);
    let ends = row.ends;
    let count = 0;
    for (;;) {
      // Commas up to the next quote or the end of the line.
      const stop = quote !== -1 && quote < lineEnd ? quote : lineEnd;
      for (; p < stop; p += 1) if (text.charCodeAt(p) === COMMA) ends[count++] = p;
      if (stop === lineEnd) {
        ends[count++] = lineEnd > recordStart && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
        p = lineEnd + 1;
        break;
      }
      const fieldStart = count === 0 ? recordStart : (ends[count - 1] as number) + 1;
      if (quote !== fieldStart) {
        // A quote inside an unquoted field (12" PIPE) is an ordinary character.
        p = quote + 1;
        quote = text.indexOf('"', p);
        continue;
      }
      let close = quote + 1;
      let escaped = false;
      let inside = 0;
      for (;;) {
        while (close < len) {
          const c = text.charCodeAt(close);
          if (c === QUOTE) break;
          if (c === LF) inside += 1;
          close += 1;
        }
        if (close + 1 < len && text.charCodeAt(close + 1) === QUOTE) {
          escaped = true;
          close += 2;
        } else break;
      }
      if (close - recordStart > MAX_RECORD_CHARS) {
        // End the broken record with the line its stray quote is on, so reading goes on after it.
        row.unterminated = true;
        ends[count++] = lineEnd;
        p = lineEnd + 1;
        break;
      }
      // The closing quote may be in text not pushed yet, or a quote ending the text may start a "" escape.
      if (close >= len - 1 && !final) return false;
      if (close >= len) row.unterminated = true;
      newlines += inside;
      const valueStart = quote + 1;
      const valueEnd = Math.min(close, len);
      p = valueEnd + 1;
      let c = text.charCodeAt(p);
      if (p < len && c !== COMMA && c !== LF && c !== CR) {
        // Text after the closing quote ("abc"def) is malformed; keep it, as most readers do.
        while (p < len && (c = text.charCodeAt(p)) !== COMMA && c !== LF) p += 1;
        if (p >= len && !final) return false;
        const value = text.slice(valueStart, valueEnd).replaceAll('""', '"');
        row.setDecoded(
          count,
          value + text.slice(valueEnd + 1, c === LF && text.charCodeAt(p - 1) === CR ? p - 1 : p),
        );
      } else if (escaped) {
        row.setDecoded(count, text.slice(valueStart, valueEnd).replaceAll('""', '"'));
      } else {
        row.setQuoted(count, valueStart, valueEnd);
      }
      if (c === CR && p + 1 >= len && !final) return false;
      if (p < len && c === COMMA) {
        ends[count++] = p;
        p += 1;
        // In files that quote every field the next quote is right here; no need to search for it.
        quote = text.charCodeAt(p) === QUOTE ? p : text.indexOf('"', p);
        if (inside > 0) {
          // The record goes on past the line breaks inside the quotes.
          lineEnd = text.indexOf('\n', p);
          if (lineEnd === -1) {
            if (!final) return false;
            lineEnd = len;
          }
          row.reserve(count + lineEnd - p + 1);
          ends = row.ends;
        }
        continue;
      }
      quote = text.indexOf('"', p);
      ends[count++] = Math.min(p, len);
      p += c === CR && text.charCodeAt(p + 1) === LF ? 2 : 1;
      break;
    }
    row.count = count;
    this.quote = quote;
    this.line = line;
    this.nextLine = line + 1 + newlines;
    this.pos = p;
    return true;
  }
}
