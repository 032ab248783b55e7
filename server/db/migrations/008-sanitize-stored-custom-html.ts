import type { Kysely, Migration } from 'kysely';
import sanitize from 'sanitize-html';

/**
 * Custom blocks stored before every write sanitised them (issue 21, finding 2: a block written as
 * about_us and then changed to custom kept its raw HTML) are sanitised once, here. From then on the
 * blocks service stores custom HTML only sanitised, and pages show it as stored, without sanitising
 * it again on each view (docs/decisions/021-block-content-and-visibility.md).
 *
 * Frozen: the allowlist below is a copy of server/domains/content/sanitize-html.ts as of this
 * migration, so that a later change to the live allowlist never changes what this migration did.
 * A later change that must apply to stored rows comes with a migration of its own.
 */
const FROZEN_OPTIONS: sanitize.IOptions = {
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
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const allowedSource = src !== undefined && (/^https?:\/\//i.test(src) || src.startsWith('/media/'));
      return { tagName, attribs: { ...rest, ...(allowedSource ? { src } : {}), alt: attribs.alt ?? '' } };
    },
  },
};

/** The allowlist of this migration, exported for its test only. */
export function sanitizeAsOf008(html: string): string {
  return sanitize(html, FROZEN_OPTIONS);
}

/** The columns this migration reads and writes, as they are at this point of the schema. */
interface Tables {
  content_blocks: { id: number; block_type: string; block_content: string };
}

const BATCH = 200;

export const sanitizeStoredCustomHtml: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as unknown as Kysely<Tables>;
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('content_blocks')
        .select(['id', 'block_content'])
        .where('block_type', '=', 'custom')
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        const clean = sanitizeAsOf008(row.block_content);
        // Rows that were already clean are left as they are.
        if (clean !== row.block_content) {
          await db
            .updateTable('content_blocks')
            .set({ block_content: clean })
            .where('id', '=', row.id)
            .execute();
        }
      }
      after = rows[rows.length - 1]!.id;
    }
  },
};
