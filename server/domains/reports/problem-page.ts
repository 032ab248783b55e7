// The page a report form's refusal answers (a rate limit, a file that is not a PDF): plain HTML that
// needs no script or style, so the content security policy of every non-page answer holds.
import { PRODUCT_NAME } from '../../../core/site.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/** A page with the refusal's title and detail, and a way back (`back`: a path on this site). */
export function problemPage(title: string, detail: string, back: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${title} | ${PRODUCT_NAME}`)}</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`,
    `<p><a href="${escapeHtml(back)}">Go back</a></p></main></body></html>`,
  ].join('\n');
}
