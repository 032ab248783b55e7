/**
 * The /search URL for a free-text term, or null when the term is blank (spec: blank or
 * whitespace-only terms do nothing; otherwise the trimmed term is URL-encoded).
 */
export function searchPathFor(term: string): string | null {
  const trimmed = term.trim();
  return trimmed ? `/search?q=${encodeURIComponent(trimmed)}` : null;
}
