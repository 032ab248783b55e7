import type { Db } from '../../server/db/database.ts';
import type { Dialect } from '../../server/db/migrate.ts';
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
