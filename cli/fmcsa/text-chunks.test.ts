import { describe, expect, it } from 'vitest';
import { textChunks } from './text-chunks.ts';

async function decode(chunks: Buffer[]): Promise<string[]> {
  const next = textChunks(
    (async function* () {
      yield* chunks;
    })(),
  );
  const texts: string[] = [];
  for (let text = await next(); text !== null; text = await next()) texts.push(text);
  return texts;
}

describe('textChunks', () => {
  it('ends each text at a line break and carries the rest over', async () => {
    expect(await decode([Buffer.from('a,b\nc,'), Buffer.from('d\ne'), Buffer.from(',f')])).toEqual([
      'a,b\n',
      'c,d\n',
      'e,f',
    ]);
  });

  it('drops the byte order mark and joins characters split between chunks', async () => {
    const bytes = Buffer.from('\ufeffNAME\nÉTOILE ÖL\nSÃO\n');
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect((await decode(chunks)).join('')).toBe('NAME\nÉTOILE ÖL\nSÃO\n');
    expect((await decode([bytes])).join('')).toBe('NAME\nÉTOILE ÖL\nSÃO\n');
  });

  it('decodes a long run without line breaks across chunks', async () => {
    const bytes = Buffer.from('ÉÉÉÉÉÉ');
    const chunks = [bytes.subarray(0, 5), bytes.subarray(5, 9), bytes.subarray(9)];
    expect((await decode(chunks)).join('')).toBe('ÉÉÉÉÉÉ');
  });
});
