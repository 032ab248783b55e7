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
 * name_key (migration 017) is the same rule for the names FMCSA writes.
 */
export function nameKey(text: string | null): string {
  return text === null ? '' : searchWords(text).join(' ');
}
