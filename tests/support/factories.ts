import type { Insertable } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import type { Dialect } from '../../server/db/migrate.ts';
import type { ContentBlocksTable } from '../../server/db/schema.ts';
import { storedContent } from '../../server/domains/blocks/service.ts';
import type { CarrierRecord } from '../../server/domains/carrier-data/records.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { createSearchIndex } from '../../server/domains/search/search-index.ts';

/** Stores carriers the way the importer does (table and search index), for API tests. */
export async function seedCarriers(db: Db, dialect: Dialect, records: CarrierRecord[]): Promise<void> {
  const now = new Date().toISOString();
  await createCarrierDataRepo(db).upsertCarriers(records, now);
  await createSearchIndex(db, dialect).refreshSince(now);
}

let nextDot = 3_000_000;

/** A census record with sensible defaults. */
export function carrier(overrides: Partial<CarrierRecord> & { legal_name: string }): CarrierRecord {
  nextDot += 1;
  return {
    dot_number: nextDot,
    dba_name: null,
    mc_number: null,
    email: null,
    phy_city: 'DALLAS',
    phy_state: 'TX',
    phy_zip: '75201',
    power_units: 1,
    status_code: 'A',
    carship: 'C',
    cargo_codes: ['GENFREIGHT'],
    ...overrides,
  };
}

type NewContentBlock = Insertable<ContentBlocksTable>;

/**
 * A content block row with the fields not given taken from a visible full-width block with no
 * content, created now, stored exactly as given: content included, so a test can write a row as an
 * older version left it (custom HTML stored before migration 008's rule).
 */
export function contentBlockRow(
  block: Pick<NewContentBlock, 'company_id' | 'block_type' | 'block_title' | 'block_position'> &
    Partial<NewContentBlock>,
): NewContentBlock {
  const now = new Date().toISOString();
  return {
    is_visible: 1,
    hide_title: 0,
    block_width: 'full',
    start_new_row: 0,
    created_at: now,
    updated_at: now,
    block_content: '',
    ...block,
  };
}

/**
 * Inserts a content block row as it is stored, for tests, seeds and benchmarks that set up a profile
 * without going through the blocks service: the content as the blocks service stores it (custom HTML
 * sanitised), since pages show stored content as it is. Returns the block id.
 */
export async function insertContentBlock(
  db: Db,
  block: Parameters<typeof contentBlockRow>[0],
): Promise<number> {
  const row = await db
    .insertInto('content_blocks')
    .values(
      contentBlockRow({
        ...block,
        block_content: storedContent(block.block_type, block.block_content ?? ''),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
