import { describe, expect, it } from 'vitest';
import { pageOverRankedWindow, RANKED_MATCHES } from './engine.ts';

// Matches 0..N-1 in index order; the ranked window is the first RANKED_MATCHES of them, reversed.
const ranked = async (offset: number, limit: number) =>
  Array.from({ length: RANKED_MATCHES }, (_, index) => RANKED_MATCHES - 1 - index).slice(
    offset,
    offset + limit,
  );
const rest = async (offset: number, limit: number) =>
  Array.from({ length: limit }, (_, index) => offset + index);

describe('pageOverRankedWindow', () => {
  it('serves the first pages from the ranked window', async () => {
    expect(await pageOverRankedWindow(0, 3, ranked, rest)).toEqual([1999, 1998, 1997]);
  });

  it('joins the window and the rest at the edge without repeats or gaps', async () => {
    expect(await pageOverRankedWindow(RANKED_MATCHES - 2, 4, ranked, rest)).toEqual([1, 0, 2000, 2001]);
  });

  it('serves pages past the window in index order', async () => {
    expect(await pageOverRankedWindow(RANKED_MATCHES + 10, 2, ranked, rest)).toEqual([2010, 2011]);
  });
});
