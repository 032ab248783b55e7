import { searchWords } from '../../../core/search-words.ts';

/** A visitor's input as search terms: words of letters and digits only, so no typed text is query syntax. */
export interface SearchTerms {
  words: string[];
  /** The DOT or MC number the whole term may be: 'MC…' only an MC number, 'DOT…' only a DOT number. */
  number: { digits: string; as: 'dot' | 'mc' | 'either' } | null;
}

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Longer input is cut before any work is done on it. */
const MAX_INPUT_LENGTH = 500;

export function parseSearchTerms(input: string): SearchTerms {
  const text = input.slice(0, MAX_INPUT_LENGTH);
  const words = searchWords(text)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const numberMatch = /^\s*(?:(mc|usdot|dot)\s*[-#:]?\s*)?0*(\d{1,9})\s*$/i.exec(text.normalize('NFKD'));
  if (!numberMatch?.[2]) return { words, number: null };
  const prefix = numberMatch[1]?.toLowerCase();
  const as = prefix === 'mc' ? 'mc' : prefix ? 'dot' : 'either';
  return { words, number: { digits: numberMatch[2], as } };
}

/** Legal-form words found in most carrier names: requiring them costs much and narrows little. */
const COMMON_NAME_WORDS = new Set('llc inc corp corporation co company ltd the and'.split(' '));

/** The words a full-text query requires: all but the common ones, unless nothing else was typed. */
export function significantWords(words: readonly string[]): string[] {
  const significant = words.filter((word) => !COMMON_NAME_WORDS.has(word));
  return significant.length > 0 ? significant : [...words];
}
