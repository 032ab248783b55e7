import sanitize from 'sanitize-html';

/**
 * The allowlist for custom content blocks: text structure, links and images, nothing that runs or
 * styles. Scripts, event handlers, iframes, forms, SVG, <style> and style attributes are removed;
 * links keep only http(s) and mailto URLs and open safely; images only http(s) or our own /media/.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    // rel and target are set by the transform below, whatever the input said.
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    // Images come from the web or from our own media store, and always have alternative text.
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const allowedSource = src !== undefined && (/^https?:\/\//i.test(src) || src.startsWith('/media/'));
      return { tagName, attribs: { ...rest, ...(allowedSource ? { src } : {}), alt: attribs.alt ?? '' } };
    },
  },
};

/** Custom block HTML as it may be stored and shown. */
export function sanitizeCustomHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
