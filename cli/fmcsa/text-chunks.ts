/**
 * Decoded UTF-8 text of a byte stream, a chunk at a time. Each text ends at a line break where the bytes
 * allow it (a line feed never sits inside a multi-byte character): a record then rarely straddles two
 * texts, so the parsers seldom have to join the rest of one text to the next, which would copy it.
 */
import { isAscii } from 'node:buffer';

const LF = 10;

/** Returns the next text, or null at the end. The UTF-8 byte order mark is dropped. */
export function textChunks(chunks: AsyncIterable<Buffer>): () => Promise<string | null> {
  const iterator = chunks[Symbol.asyncIterator]();
  const decoder = new TextDecoder('utf-8');
  let tail: Buffer | null = null;
  let ended = false;
  /** The decoder may hold the first bytes of a character split between chunks. */
  let pending = false;
  return async () => {
    for (;;) {
      if (ended) return null;
      const result = await iterator.next();
      if (result.done) {
        ended = true;
        const rest = decoder.decode(tail ?? undefined);
        return rest === '' ? null : rest;
      }
      const data: Buffer = tail ? Buffer.concat([tail, result.value]) : result.value;
      const cut = data.lastIndexOf(LF) + 1;
      // A chunk without a line break is decoded whole; the decoder keeps a split character for the next.
      tail = cut > 0 && cut < data.length ? data.subarray(cut) : null;
      const bytes = cut > 0 ? data.subarray(0, cut) : data;
      // Plain ASCII (nearly every FMCSA chunk) is copied as Latin-1, several times faster than decoding.
      if (!pending && isAscii(bytes)) return bytes.toString('latin1');
      pending = cut === 0;
      const text = decoder.decode(bytes, { stream: true });
      if (text !== '') return text;
    }
  };
}
