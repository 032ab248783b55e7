import { sql } from 'kysely';
import { prefixEnd } from './search-index.ts';
import type { Execute } from './sql-conditions.ts';

/**
 * A typed prefix as the whole terms of the index it starts (search_terms), or null where it stays a
 * prefix query. Both engines gather a prefix's matches in full before any row, where whole terms are
 * lists they step through only as far as needed (docs/search.md).
 */
export type PrefixTerms = (token: string) => readonly string[] | null;

/**
 * The terms each of `tokens` (a word, or a lead token such as '_ftran') of at least `shortest`
 * characters starts. Null: none, more than `mostTerms` (a long OR costs more than the prefix), or not
 * plain ASCII (the tokenizer may spell its terms otherwise).
 */
export async function prefixTerms(
  execute: Execute,
  tokens: readonly string[],
  { shortest, mostTerms }: { shortest: number; mostTerms: number },
): Promise<PrefixTerms> {
  const expanded = new Map<string, string[]>();
  for (const token of new Set(tokens)) {
    if (token.length < shortest || !/^_?[a-z0-9]+$/.test(token)) continue;
    const rows = await execute(sql<{ term: string }>`SELECT term FROM search_terms
      WHERE term >= ${token} AND term < ${prefixEnd(token)} LIMIT ${mostTerms + 1}`);
    const terms = rows.map(({ term }) => term);
    if (terms.length > 0 && terms.length <= mostTerms) expanded.set(token, terms);
  }
  return (token) => expanded.get(token) ?? null;
}
