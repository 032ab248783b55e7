/**
 * Custom content: the carrier's own HTML. The server hands it over sanitised (allowlist in
 * server/domains/content/sanitize-html.ts), so it is safe to insert as markup.
 */
export function CustomBlock({ html }: { html: string }) {
  if (!html.trim()) return <p className="muted">No information provided.</p>;
  return <div className="custom-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
