/**
 * The text of SQLite's FTS5 queries (engine-sqlite.ts): what each typed word, facet, circle and
 * name rank asks of companies_fts (search-index.ts, migrations 003 and 005).
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchFilters } from './engine.ts';
import { filterFacets, WEB_LABEL } from './facets.ts';
import { radiusCells } from './geo.ts';
import type { PrefixTerms } from './prefix-terms.ts';
import { EXACT_NAME } from './search-index.ts';

/**
 * How typed words reach FTS5: each is a prefix (from two letters). A prefix of two or three
 * characters reads its prefix index (migration 005); a longer one would merge the lists of every
 * term it starts, in full, at each statement of a search (a phrase's last word too), so when it
 * starts few terms (prefix-terms.ts) it is asked as those terms, which FTS5 reads only as far as a
 * statement needs.
 * Words are letters and digits only (search-terms.ts) and are quoted, so nothing the visitor typed is
 * read as FTS5 syntax; they never contain '_', so as prefixes they never match a facet token
 * (search-index.ts), and a web domain's words are asked whole as their tokens (wordsMatch).
 * Prefixes from this length are past the prefix indexes ('2 3').
 */
export const UNINDEXED_PREFIX_LENGTH = 4;

/**
 * How many lists FTS5 reads for `query` (ftsQuery's) at each range of rowids it is asked within: one
 * a quoted term or prefix of the prefix indexes; a longer prefix merges every term it starts, which
 * counts as unbounded.
 */
export function listsRead(query: string): number {
  let lists = 0;
  for (const [, token, prefix] of query.matchAll(/"([^"]*)"(\*?)/g)) {
    lists += prefix && token!.length >= UNINDEXED_PREFIX_LENGTH ? Number.POSITIVE_INFINITY : 1;
  }
  return lists;
}

/** A prefix as FTS5: the OR of its terms, or the prefix query (from two letters; one letter is a word). */
function prefixMatch(termsOf: PrefixTerms, token: string): string {
  const terms = termsOf(token);
  if (terms) return `(${terms.map((term) => `"${term}"`).join(' OR ')})`;
  return token.length >= 2 ? `"${token}"*` : `"${token}"`;
}

/**
 * The FTS5 facet filter of the grid cells a circle touches (geo.ts radiusCells), of 4 and 1 degrees:
 * the reads that walk a circle's matches in rank order and stop at a page's end (a circle's count
 * reads the circle index, circle-index.ts). A carrier is in one cell of each size and radiusCells
 * names no cell inside another, so no carrier is named twice.
 */
function circleFacets(radius: NonNullable<SearchFilters['radius']>): string {
  const { inside, edge } = radiusCells(radius.latitude, radius.longitude, radius.miles);
  const cells = [...inside, ...edge];
  // '_gnone', no carrier's token, stands in for an empty list, which FTS5 would reject.
  return `facets:(${(cells.length ? cells : ['_gnone']).map((token) => `"${token}"`).join(' OR ')})`;
}

/**
 * The FTS5 query of `expressions` (the typed words, or a name rank's phrase) with the filters' facets
 * (facets.ts) and a circle's cells; `expressions` is never empty, since FTS5 cannot ask a NOT alone.
 */
export function ftsQuery(expressions: readonly string[], filters: SearchFilters): string {
  const { required, excluded } = filterFacets(filters);
  const parts = [
    ...expressions,
    ...required.map((tokens) => `facets:(${tokens.map((token) => `"${token}"`).join(' OR ')})`),
  ];
  // A circle narrows by the grid cells it touches inside the index; the exact distance is checked on
  // the row.
  if (filters.radius) parts.push(circleFacets(filters.radius));
  const query = parts.join(' AND ');
  return excluded ? `(${query}) NOT facets:"${excluded}"` : query;
}

/**
 * The typed words that are a whole word of some carrier's web domain: their web-label token
 * (search-index.ts) is in the index. One look-up each, a seek in the index's term b-tree.
 */
export async function webWords(
  execute: <T>(query: RawBuilder<T>) => Promise<T[]>,
  words: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const word of new Set(words)) {
    const [hit] = await execute(sql<{ hit: number }>`SELECT 1 AS hit FROM companies_fts
      WHERE companies_fts MATCH ${`facets:"${WEB_LABEL}${word}"`} LIMIT 1`);
    if (hit) found.add(word);
  }
  return found;
}

/**
 * The significant typed words (search-terms.ts) as FTS5 expressions: each the start of a word of the
 * name, DBA name or place, or a whole word of the web domain (its web-label token, search-index.ts),
 * asked only for the words some web domain has: an OR is a step on every match of a common prefix.
 * Letters and digits only, quoted, so nothing the visitor typed is read as FTS5 syntax.
 */
export function wordsMatch(
  words: readonly string[],
  termsOf: PrefixTerms,
  inWebDomains: Set<string>,
): string[] {
  return words.map((word) =>
    inWebDomains.has(word)
      ? `(${prefixMatch(termsOf, word)} OR facets:"${WEB_LABEL}${word}")`
      : prefixMatch(termsOf, word),
  );
}

/** The index holds the first two and three letters of each name's first word as lead tokens too. */
export const LEAD_PREFIX_LETTERS = 3;

/**
 * FTS5 expressions for the name ranks of decision 039: a legal or DBA name that starts with all the
 * typed words (the last one as a prefix from two letters), and one that is exactly them (`sameWords`;
 * its rows are checked whole). The names' tokens (search-index.ts nameTokens: '_f' and the first
 * word, '_x' and the words run together) answer from one short list each; the initial-token phrase,
 * which reads the positions of every candidate, checks the rest only where the lead token leaves it
 * open (several words, or names only the phrase can split).
 */
export function startsWithWords(
  words: readonly string[],
  termsOf: PrefixTerms,
): { starts: string; sameWords: string } {
  const phrase = `"${words.join(' ')}"`;
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  const prefix = last.length >= 2 ? '*' : '';
  const lead = `facets:"_f${first}"`;
  const unsplit = 'facets:"_fany"';
  // The last word's terms, each as a phrase: a prefix phrase would merge their lists in full.
  const lastTerms = prefix ? termsOf(last) : null;
  const startsPhrase = lastTerms
    ? `{name dba_name} : (${lastTerms.map((term) => `^"${[...words.slice(0, -1), term].join(' ')}"`).join(' OR ')})`
    : `{name dba_name} : ^${phrase}${prefix}`;
  // A word of two or three letters is a lead prefix token of its own (search-index.ts nameTokens).
  const leadStarts =
    prefix && first.length > LEAD_PREFIX_LETTERS ? prefixMatch(termsOf, `_f${first}`) : `"_f${first}"`;
  return {
    starts:
      words.length === 1
        ? `(facets:${leadStarts} OR (${unsplit} AND ${startsPhrase}))`
        : `((${lead} OR ${unsplit}) AND ${startsPhrase})`,
    sameWords: `(facets:"${EXACT_NAME}${words.join('')}" OR (${unsplit} AND {name dba_name} : ^${phrase}))`,
  };
}
