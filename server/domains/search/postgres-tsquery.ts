/**
 * The text of PostgreSQL's search tsqueries (engine-postgres.ts): what each typed word, facet and
 * circle asks of the search vector (migrations 029, 030, 033 and 035).
 */
import { sql, type RawBuilder } from 'kysely';
import type { SearchFilters } from './engine.ts';
import { filterFacets, WEB_LABEL } from './facets.ts';
import type { PrefixTerms } from './prefix-terms.ts';
import { significantWords } from './search-terms.ts';

/** A term of the index as a tsquery lexeme, quoted (name keys hold neither quote nor backslash). */
const lexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Typed words of up to this many letters are asked as their lead token (migration 035: '_l2tr' is in
 * the vector of every carrier with a word that starts with 'tr').
 */
export const MOST_LEAD_LETTERS = 3;

/** The lead token of a word's first 2 or 3 letters (migration 035; 038 gives those of 3 letters postings). */
export const leadToken = (letters: string) => `_l${letters.length}${letters}`;

/**
 * A typed word as a tsquery. A word of 2 or 3 letters is its lead token, one list, which GIN
 * intersects with a facet or a circle's cells by skipping along the rarer list, where a prefix's
 * lists are gathered in full first. A longer word is the whole terms it starts when they are few
 * (prefix-terms.ts), which GIN intersects likewise, otherwise the prefix. A single letter is only
 * that one-letter word (as on SQLite, whose prefix indexes start at two letters). Decisions 063 and 067.
 */
function wordQuery(word: string, termsOf: PrefixTerms): string {
  if (word.length < 2) return word;
  if (word.length <= MOST_LEAD_LETTERS) return lexeme(leadToken(word));
  return termsOf(word)?.map(lexeme).join(' | ') ?? `${word}:*`;
}

/** The conditions of a search's tsquery (tsQueryParts), each of which every match meets. */
export interface QueryParts {
  words: string[];
  facets: string[];
  excluded: string | null;
  /**
   * The whole query with each word as its prefix, for tests on the row (rowMatches): a prefix is one
   * look-up in the row's vector, and a word's whole terms one each ('pine': 20).
   */
  onRow: string;
}

/**
 * The conditions of a search's tsquery. `words`: each significant typed word (search-terms.ts) must
 * match the start of a word of the name, DBA name or place (wordQuery), or be a whole word of the web
 * domain (its web-label lexeme, migration 030). `facets`: each facet group of the filters
 * (facets.ts), lexemes of the search vector (migration 029), one of whose tokens a match holds;
 * `excluded`, a facet no match holds. Words are letters and digits only and lexemes are quoted, so
 * the tsquery syntax is ours; the query is cast, not parsed (the text parser would split '_statetx'
 * at the '_').
 */
export function tsQueryParts(
  words: readonly string[],
  filters: SearchFilters,
  termsOf: PrefixTerms,
): QueryParts {
  const { required, excluded } = filterFacets(filters);
  const wordsAs = (terms: PrefixTerms) =>
    significantWords(words).map((word) => `(${wordQuery(word, terms)} | '${WEB_LABEL}${word}')`);
  const facets = required.map((tokens) => `(${tokens.map((token) => `'${token}'`).join(' | ')})`);
  return {
    words: wordsAs(termsOf),
    facets,
    excluded,
    onRow: allOf([...wordsAs(() => null), ...facets], excluded),
  };
}

/** The tsquery of all `parts`, and not `excluded`. */
export function allOf(parts: readonly string[], excluded: string | null = null): string {
  return [...parts, ...(excluded ? [`!'${excluded}'`] : [])].join(' & ');
}

/** The tsquery every match of a search meets: its words and its filters' facets. */
export function wholeQuery({ words, facets, excluded }: QueryParts): string {
  return allOf([...words, ...facets], excluded);
}

/**
 * The test that a row matches the search's tsquery, on the row alone: ts_match_vq is what @@ calls,
 * and as a function it is never an index condition.
 */
export function rowMatches({ onRow }: QueryParts): RawBuilder<unknown> {
  return sql`ts_match_vq(c.search_vector, ${onRow}::tsquery)`;
}
