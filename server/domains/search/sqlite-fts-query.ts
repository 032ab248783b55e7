/** The text of SQLite's FTS5 queries (engine-sqlite.ts): what words, facets, circles and name ranks ask. */
import { sql } from 'kysely';
import type { SearchFilters } from './engine.ts';
import { filterFacets, WEB_LABEL } from './facets.ts';
import { radiusCells } from './geo.ts';
import { prefixTerms, type PrefixTerms } from './prefix-terms.ts';
import { EXACT_NAME } from './search-index.ts';
import type { Execute } from './sql-conditions.ts';

/** Prefixes from this length are past the prefix indexes, so one of few terms is asked as them (prefix-terms.ts). */
const UNINDEXED_PREFIX_LENGTH = 4;
/** The index holds the first two and three letters of each name's first word as lead tokens too. */
const LEAD_PREFIX_LETTERS = 3;

/** The terms of the words' long prefixes, and of a lone word's lead token (startsWithWords). */
export function wordsTerms(execute: Execute, words: readonly string[], mostTerms: number) {
  const [only] = words.length === 1 ? words : [];
  const leads = only && only.length > LEAD_PREFIX_LETTERS ? [`_f${only}`] : [];
  return prefixTerms(execute, [...words, ...leads], { shortest: UNINDEXED_PREFIX_LENGTH, mostTerms });
}

/** How many lists FTS5 reads for `query` in each rowid range; a prefix past the prefix indexes, unbounded. */
export function listsRead(query: string): number {
  let lists = 0;
  for (const [, token, prefix] of query.matchAll(/"([^"]*)"(\*?)/g))
    lists += prefix && token!.length >= UNINDEXED_PREFIX_LENGTH ? Number.POSITIVE_INFINITY : 1;
  return lists;
}

const anyOf = (tokens: readonly string[]) => tokens.map((token) => `"${token}"`).join(' OR ');

/** A prefix as the OR of its terms or a prefix query (one letter is a word); typed words are quoted letters and digits. */
function prefixMatch(termsOf: PrefixTerms, token: string): string {
  const terms = termsOf(token);
  if (terms) return `(${anyOf(terms)})`;
  return token.length >= 2 ? `"${token}"*` : `"${token}"`;
}

/** `expressions` (never empty: FTS5 cannot ask a NOT alone) AND the filters' facets and a circle's cells. */
export function ftsQuery(expressions: readonly string[], filters: SearchFilters): string {
  const { required, excluded } = filterFacets(filters);
  const parts = [...expressions, ...required.map((tokens) => `facets:(${anyOf(tokens)})`)];
  if (filters.radius) {
    const { latitude, longitude, miles } = filters.radius;
    const { inside, edge } = radiusCells(latitude, longitude, miles);
    // '_gnone', no carrier's token, stands in for an empty list, which FTS5 would reject.
    parts.push(`facets:(${anyOf(inside.length + edge.length ? [...inside, ...edge] : ['_gnone'])})`);
  }
  const query = parts.join(' AND ');
  return excluded ? `(${query}) NOT facets:"${excluded}"` : query;
}

/** The words as FTS5 expressions; a web domain's word is asked only where some domain has it (docs/search.md). */
export async function wordsMatch(execute: Execute, words: readonly string[], termsOf: PrefixTerms) {
  const inWebDomains = new Set<string>();
  for (const word of new Set(words)) {
    const [hit] = await execute(sql<{ hit: number }>`SELECT 1 AS hit FROM companies_fts
      WHERE companies_fts MATCH ${`facets:"${WEB_LABEL}${word}"`} LIMIT 1`);
    if (hit) inWebDomains.add(word);
  }
  return words.map((word) => {
    const start = prefixMatch(termsOf, word);
    return inWebDomains.has(word) ? `(${start} OR facets:"${WEB_LABEL}${word}")` : start;
  });
}

/**
 * The name ranks: names that start with the words (the last a prefix from two letters), and those that are
 * them (`sameWords`, rows checked whole), from the name tokens; by phrase only where a name has none.
 */
export function startsWithWords(words: readonly string[], termsOf: PrefixTerms) {
  const phrase = `"${words.join(' ')}"`;
  const first = words[0] ?? '';
  const last = words[words.length - 1] ?? '';
  const prefix = last.length >= 2 ? '*' : '';
  const unsplit = 'facets:"_fany"';
  // The last word's terms, each as a phrase: a prefix phrase would merge their lists in full.
  const lastTerms = prefix ? termsOf(last) : null;
  const startsPhrase = lastTerms
    ? `{name dba_name} : (${lastTerms.map((term) => `^"${[...words.slice(0, -1), term].join(' ')}"`).join(' OR ')})`
    : `{name dba_name} : ^${phrase}${prefix}`;
  // A word of two or three letters is a lead prefix token of its own.
  const leadStarts =
    prefix && first.length > LEAD_PREFIX_LETTERS ? prefixMatch(termsOf, `_f${first}`) : `"_f${first}"`;
  return {
    starts:
      words.length === 1
        ? `(facets:${leadStarts} OR (${unsplit} AND ${startsPhrase}))`
        : `((facets:"_f${first}" OR ${unsplit}) AND ${startsPhrase})`,
    sameWords: `(facets:"${EXACT_NAME}${words.join('')}" OR (${unsplit} AND {name dba_name} : ^${phrase}))`,
  };
}
