import { sql } from 'kysely';
import { prefixEnd } from './search-index.ts';
import type { Execute } from './sql-conditions.ts';

/** A typed prefix as the index's whole terms it starts (search_terms), or null where it stays a prefix. */
export type PrefixTerms = (token: string) => readonly string[] | null;

/** The terms each token of `shortest` characters or more starts; none, too many, or not ASCII (the tokenizer's own) stay prefixes. */
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
