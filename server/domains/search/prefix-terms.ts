import { sql, type RawBuilder } from 'kysely';
import { prefixEnd } from './search-index.ts';

/**
 * A typed prefix as the whole terms of the index it starts (search_terms: migrations 023 on SQLite,
 * 032 on PostgreSQL), or null where it stays a prefix query. Both engines read a prefix's matches in
 * full before any row (FTS5 merges the lists of its terms; GIN gathers them into a bitmap), where whole
 * terms are lists they can step through: FTS5 reads them only as far as a statement needs, and GIN
 * skips along the rarer lists of an AND (decisions 049 and 063).
 */
export type PrefixTerms = (token: string) => readonly string[] | null;

/**
 * The terms each of `tokens` (a typed word, or a lead token such as '_ftran') starts, for those of at
 * least `shortest` characters. Null: too many terms (past `mostTerms`, a long OR costs more than the
 * prefix), none, or a token that is not plain ASCII (whose terms the tokenizer may spell otherwise).
 */
export async function prefixTerms(
  execute: <T>(query: RawBuilder<T>) => Promise<T[]>,
  tokens: readonly string[],
  { shortest, mostTerms }: { shortest: number; mostTerms: number },
): Promise<PrefixTerms> {
  const expanded = new Map<string, string[]>();
  for (const token of new Set(tokens)) {
    if (token.length < shortest || !/^_?[a-z0-9]+$/.test(token)) continue;
    const terms = await execute(sql<{ term: string }>`SELECT term FROM search_terms
      WHERE term >= ${token} AND term < ${prefixEnd(token)} LIMIT ${mostTerms + 1}`);
    if (terms.length > 0 && terms.length <= mostTerms)
      expanded.set(
        token,
        terms.map(({ term }) => term),
      );
  }
  return (token) => expanded.get(token) ?? null;
}
