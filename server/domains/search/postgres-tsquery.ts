/**
 * The text of PostgreSQL's search tsqueries (engine-postgres.ts): what each typed word and facet asks
 * of the search vector (docs/search.md, section 4).
 */
import type { SearchFilters } from './engine.ts';
import { filterFacets, WEB_LABEL } from './facets.ts';
import type { PrefixTerms } from './prefix-terms.ts';
import { significantWords } from './search-terms.ts';

/** A term of the index as a tsquery lexeme, quoted (name keys hold neither quote nor backslash). */
const lexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Typed words of up to this many letters are asked as their lead token ('_l2tr'). */
export const MOST_LEAD_LETTERS = 3;

/** The lead token of a word's first 2 or 3 letters. */
export const leadToken = (letters: string) => `_l${letters.length}${letters}`;

/**
 * A typed word as a tsquery: a lead token or the whole terms it starts, lists that GIN intersects by
 * skipping along the rarer, where a prefix's lists are gathered whole first; a prefix when it starts
 * too many terms. A single letter is only that one-letter word.
 */
function wordQuery(word: string, termsOf: PrefixTerms): string {
  if (word.length < 2) return word;
  if (word.length <= MOST_LEAD_LETTERS) return lexeme(leadToken(word));
  return termsOf(word)?.map(lexeme).join(' | ') ?? `${word}:*`;
}

/**
 * A search's tsquery (`whole`), and the same with each word as its prefix for tests on the row
 * (`onRow`: a prefix is one look-up in a row's vector, its whole terms one each). Each significant
 * word must start a word of the name, DBA name or place, or be a whole word of the web domain; each
 * facet group of the filters must hold, and no excluded facet. Words are letters and digits and
 * lexemes are quoted, so the query is cast, not parsed (the parser would split '_statetx').
 */
export function tsQueryParts(
  words: readonly string[],
  filters: SearchFilters,
  termsOf: PrefixTerms,
): { whole: string; onRow: string } {
  const { required, excluded } = filterFacets(filters);
  const facets = required.map((tokens) => `(${tokens.map((token) => `'${token}'`).join(' | ')})`);
  const allOf = (terms: PrefixTerms) =>
    [
      ...significantWords(words).map((word) => `(${wordQuery(word, terms)} | '${WEB_LABEL}${word}')`),
      ...facets,
      ...(excluded ? [`!'${excluded}'`] : []),
    ].join(' & ');
  return { whole: allOf(termsOf), onRow: allOf(() => null) };
}
