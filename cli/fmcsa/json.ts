/**
 * Incremental reader of the portal's JSON export: a top-level array of flat objects, or JSON Lines (one
 * object per line). Only one object is held at a time, so memory does not grow with the file. Scalars
 * come back as strings (`true`, `18`); null values and nested objects or arrays are left out, as the
 * export leaves out null columns.
 */

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const COMMA = 44;
const COLON = 58;
const OPEN_ARRAY = 91;
const BACKSLASH = 92;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** The text needs more input to go on. */
const MORE = -1;
/** Rows are small flat objects; an object running past this is not one (`{"data": [...]}`, say). */
const MAX_OBJECT_CHARS = 1 << 20;

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export class JsonSyntaxError extends Error {
  constructor(message: string, line: number) {
    super(`${message} at line ${line}`);
  }
}

export interface JsonObject {
  /** 1-based line of the opening brace. */
  line: number;
  keys: string[];
  values: string[];
}

export class JsonObjectReader {
  private text = '';
  private pos = 0;
  private line = 1;
  private layout: 'unknown' | 'array' | 'lines' | 'done' = 'unknown';
  /** Line breaks passed over since `pos` by the object being read. */
  private newlines = 0;
  private value: string | undefined;
  /** The last string read had escapes. */
  private escaped = false;
  /**
   * Keys of the last object read, in order ('' for a key with escapes, which cannot be matched as
   * written): exports repeat the same keys in the same order in every object.
   */
  private previousKeys: string[] = [];

  push(chunk: string): void {
    this.text = this.pos < this.text.length ? this.text.slice(this.pos) + chunk : chunk;
    this.pos = 0;
  }

  /**
   * The next object, or null when the buffered text holds no complete one: push more text, or, when
   * `final` (no more text will come), the file is at its end. Throws JsonSyntaxError on malformed JSON.
   */
  next(final: boolean): JsonObject | null {
    for (;;) {
      this.newlines = 0;
      let p = this.space(this.pos);
      this.commit(p);
      if (p >= this.text.length) {
        if (final && this.layout === 'array') this.fail('the array is not closed');
        return null;
      }
      const c = this.text.charCodeAt(p);
      if (this.layout === 'unknown') {
        if (c === OPEN_ARRAY) {
          this.layout = 'array';
          this.commit(p + 1);
          continue;
        }
        this.layout = 'lines';
      }
      if (this.layout === 'done') return null;
      if (this.layout === 'array' && c === CLOSE_ARRAY) {
        this.layout = 'done';
        this.commit(p + 1);
        return null;
      }
      if (c !== OPEN_OBJECT) this.fail('expected an object');
      const object: JsonObject = { line: this.line, keys: [], values: [] };
      p = this.object(p, object);
      if (p === MORE) {
        if (final) this.fail('the file ends inside an object');
        if (this.text.length - this.pos > MAX_OBJECT_CHARS) {
          this.fail('an object of more than a megabyte', this.line);
        }
        return null;
      }
      if (this.layout === 'array') {
        p = this.space(p);
        if (p >= this.text.length && !final) return null;
        const after = this.text.charCodeAt(p);
        if (after === COMMA) p += 1;
        else if (after !== CLOSE_ARRAY) this.fail('expected , or ] after an object');
      }
      this.commit(p);
      return object;
    }
  }

  private commit(p: number): void {
    this.pos = p;
    this.line += this.newlines;
    this.newlines = 0;
  }

  /** `line` defaults to where reading stopped. */
  private fail(message: string, line = this.line + this.newlines): never {
    throw new JsonSyntaxError(message, line);
  }

  private space(p: number): number {
    const text = this.text;
    for (; p < text.length; p += 1) {
      const c = text.charCodeAt(p);
      if (c === LF) this.newlines += 1;
      else if (c !== SPACE && c !== TAB && c !== CR) break;
    }
    return p;
  }

  /** Reads the object at `p` (its `{`) into `object`; returns the position after its `}`, or MORE. */
  private object(p: number, object: JsonObject): number {
    const text = this.text;
    p = this.space(p + 1);
    if (p >= text.length) return MORE;
    if (text.charCodeAt(p) === CLOSE_OBJECT) return p + 1;
    // The keys for `previousKeys`.
    const written: string[] = [];
    let same = true;
    for (;;) {
      if (text.charCodeAt(p) !== QUOTE) return p >= text.length ? MORE : this.fail('expected a key');
      const expected = this.previousKeys[written.length];
      let key: string;
      if (
        expected &&
        text.charCodeAt(p + 1 + expected.length) === QUOTE &&
        text.startsWith(expected, p + 1)
      ) {
        // The same key object as before: it is not copied again, and its hash is already known.
        key = expected;
        p += expected.length + 2;
        written.push(key);
      } else {
        p = this.string(p);
        if (p === MORE) return MORE;
        key = this.value as string;
        written.push(this.escaped ? '' : key);
        same = false;
      }
      p = this.space(p);
      if (p >= text.length) return MORE;
      if (text.charCodeAt(p) !== COLON) this.fail('expected :');
      p = this.space(p + 1);
      p = this.scalar(p);
      if (p === MORE) return MORE;
      if (this.value !== undefined) {
        object.keys.push(key);
        object.values.push(this.value);
      }
      p = this.space(p);
      if (p >= text.length) return MORE;
      const c = text.charCodeAt(p);
      if (c === CLOSE_OBJECT) {
        if (!same || written.length !== this.previousKeys.length) this.previousKeys = written;
        return p + 1;
      }
      if (c !== COMMA) this.fail('expected , or } in an object');
      p = this.space(p + 1);
    }
  }

  /** Reads the value at `p` into `value` (undefined for null and nested values); returns the end, or MORE. */
  private scalar(p: number): number {
    const text = this.text;
    if (p >= text.length) return MORE;
    const c = text.charCodeAt(p);
    if (c === QUOTE) return this.string(p);
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      this.value = undefined;
      return this.nested(p);
    }
    let end = p;
    while (end < text.length && /[\w.+-]/.test(text[end] as string)) end += 1;
    // A number or literal running to the end of the text may go on in the next chunk.
    if (end >= text.length) return MORE;
    const word = text.slice(p, end);
    if (word === 'null') this.value = undefined;
    else if (word === 'true' || word === 'false' || /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word))
      this.value = word;
    else this.fail('expected a value');
    return end;
  }

  /** Skips the object or array at `p`; returns the position after it, or MORE. */
  private nested(p: number): number {
    const text = this.text;
    let depth = 0;
    while (p < text.length) {
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        p = this.string(p);
        if (p === MORE) return MORE;
        continue;
      }
      if (c === LF) this.newlines += 1;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth += 1;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        depth -= 1;
        if (depth === 0) {
          this.value = undefined;
          return p + 1;
        }
      }
      p += 1;
    }
    return MORE;
  }

  /** Reads the string at `p` (its opening quote) into `value`; returns the position after it, or MORE. */
  private string(p: number): number {
    const text = this.text;
    let value = '';
    let from = p + 1;
    for (let i = from; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        this.value = value + text.slice(from, i);
        this.escaped = from > p + 1;
        return i + 1;
      }
      if (c !== BACKSLASH) continue;
      if (i + 1 >= text.length) return MORE;
      value += text.slice(from, i);
      const escape = text[i + 1] as string;
      if (escape === 'u') {
        if (i + 6 > text.length) return MORE;
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        value += String.fromCharCode(parseInt(hex, 16));
        i += 5;
      } else {
        const decoded = ESCAPES[escape];
        if (decoded === undefined) this.fail('bad escape');
        value += decoded;
        i += 1;
      }
      from = i + 1;
    }
    return MORE;
  }
}
