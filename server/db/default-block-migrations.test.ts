import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { migrateToLatest } from './migrate.ts';

/** Migrations that add a default data block to every claimed profile that arranged its page. */
const BLOCK_MIGRATIONS = [
  {
    migration: '054',
    before: '053-carrier-record-contact-columns',
    blockType: 'record_history',
    title: 'Record history',
  },
  {
    migration: '101',
    before: '100-carrier-links-and-signals',
    blockType: 'connected_carriers',
    title: 'Connected carriers',
  },
];

describe.each(BLOCK_MIGRATIONS)(
  `migration $migration (the $title block of claimed profiles) on ${testDialect}`,
  ({ before, blockType, title }) => {
    let database: TestDatabase;
    const now = '2026-01-01T00:00:00.000Z';

    beforeAll(async () => {
      database = await createTestDatabase({ migratedTo: before });
      const db = database.db;
      const companies = await db
        .insertInto('companies')
        .values(
          [1301, 1302, 1303].map((dot) => ({
            dot_number: dot,
            name: `CO ${dot}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'dot_number'])
        .execute();
      const idOf = (dot: number) => companies.find((company) => company.dot_number === dot)!.id;
      const block = (company_id: number, block_type: string, block_position: number) => ({
        company_id,
        block_type,
        block_title: block_type,
        block_content: '',
        block_position,
        is_visible: 1 as const,
        hide_title: 0 as const,
        block_width: 'half',
        start_new_row: 0 as const,
        created_at: now,
        updated_at: now,
      });
      // 1301 arranged its page; 1302 kept no block; 1303 has the block already (hidden by its owner).
      await db
        .insertInto('content_blocks')
        .values([
          block(idOf(1301), 'about_us', 0),
          block(idOf(1301), 'safety_score', 7),
          { ...block(idOf(1303), blockType, 0), is_visible: 0 },
        ])
        .execute();
      await migrateToLatest(db, testDialect);
    });
    afterAll(() => database.destroy());

    it('adds the block after the last one of each profile with blocks, once', async () => {
      const rows = await database.db
        .selectFrom('content_blocks')
        .innerJoin('companies', 'companies.id', 'content_blocks.company_id')
        .select([
          'companies.dot_number',
          'block_type',
          'block_title',
          'block_position',
          'is_visible',
          'block_width',
          'start_new_row',
        ])
        .where('block_type', '=', blockType)
        .orderBy('companies.dot_number')
        .execute();
      expect(rows).toEqual([
        {
          dot_number: 1301,
          block_type: blockType,
          block_title: title,
          block_position: 8,
          is_visible: 1,
          block_width: 'full',
          start_new_row: 1,
        },
        {
          dot_number: 1303,
          block_type: blockType,
          block_title: blockType,
          block_position: 0,
          is_visible: 0,
          block_width: 'half',
          start_new_row: 0,
        },
      ]);
    });
  },
);
