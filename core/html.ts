const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/**
 * Text escaped for HTML, in text or a quoted attribute, spelled as React escapes it, so markup
 * written by hand (the heat map of a page React does not hydrate, e-mails) matches what React renders.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}
