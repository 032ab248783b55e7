import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 55: claimed profiles keep their blocks as stored, so each one that has blocks gets the
 * 'Connected carriers' data block, as new claims do among the default data blocks: visible, across
 * the page, after the owner's last block. Unclaimed profiles show the defaults and need nothing.
 */
export const connectedCarriersBlock: Migration = {
  async up(db: Kysely<unknown>) {
    const now = new Date().toISOString();
    await sql`
      INSERT INTO content_blocks (company_id, block_type, block_title, block_content, block_position,
        is_visible, hide_title, block_width, start_new_row, created_at, updated_at)
      SELECT company_id, 'connected_carriers', 'Connected carriers', '', max(block_position) + 1,
        1, 0, 'full', 1, ${now}, ${now}
      FROM content_blocks
      GROUP BY company_id
      HAVING sum(CASE WHEN block_type = 'connected_carriers' THEN 1 ELSE 0 END) = 0`.execute(db);
  },
};
