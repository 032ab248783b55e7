/** The text of PostgreSQL's tsqueries over the search vector (docs/search.md, section 4). */
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

/** A typed word as lists GIN intersects by skipping: a lead token or its whole terms; else a prefix, gathered whole. */
function wordQuery(word: string, termsOf: PrefixTerms): string {
  if (word.length < 2) return word;
  if (word.length <= MOST_LEAD_LETTERS) return lexeme(leadToken(word));
  return termsOf(word)?.map(lexeme).join(' | ') ?? `${word}:*`;
}

/**
 * A search's tsquery (`whole`), and with each word as its prefix for tests on the row (`onRow`: one look-up
 * in a row's vector). Lexemes are quoted, so the query is cast, not parsed, which would split '_statetx'.
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
