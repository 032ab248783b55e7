/**
 * Words as search sees them: accents dropped ('Müller' is 'muller'), lower case, letters and digits
 * only. The typed terms (server/domains/search/search-terms.ts) and the stored names' keys (nameKey)
 * use this one rule, so "exact name" and "starts with the words" compare like with like.
 */
export function searchWords(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A name as one comparable key: its search words joined by single spaces ('J&B Trucking, LLC' is
 * 'j b trucking llc'). SQLite gets it as the SQL function name_key (db/database.ts); PostgreSQL's
 * name_key (migration 020) is the same rule for the names FMCSA writes.
 */
export function nameKey(text: string | null): string {
  if (text === null) return '';
  // Plain ASCII (nearly every FMCSA name) needs no Unicode folding: the same words, several times faster.
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .join(' ');
  return searchWords(text).join(' ');
}

const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/**
 * How well a legal or DBA name fits the typed words: 0 when one of them is exactly the words, 1 when
 * one starts with them (the last word as a prefix if it has two letters or more, otherwise as a whole
 * word), 2 otherwise. `key` is the typed words joined by spaces. The search ranks a small set of
 * matches with it (server/domains/search/engine.ts rankFew).
 */
export function nameRank(name: string | null, dbaName: string | null, key: string): 0 | 1 | 2 {
  // Most matches of a broad search hold the first typed word nowhere in their names: rank 2 at once.
  const firstWord = key.split(' ', 1)[0] ?? '';
  const mayStart = (text: string | null) =>
    text !== null && (!ASCII.test(text) || text.toLowerCase().includes(firstWord));
  if (!mayStart(name) && !mayStart(dbaName)) return 2;
  const names = [nameKey(name), nameKey(dbaName)];
  if (names.includes(key)) return 0;
  const lastSpace = key.lastIndexOf(' ');
  const wholeLastWord = key.length - lastSpace - 1 < 2;
  const starts = (stored: string) =>
    stored.startsWith(key) && (!wholeLastWord || stored.length === key.length || stored[key.length] === ' ');
  return names.some(starts) ? 1 : 2;
}
