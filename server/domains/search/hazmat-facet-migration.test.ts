import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../../../tests/support/test-database.ts';
import { DOT_MASK } from './rank-key.ts';
import { rebuildSearchIndex } from './search-index.ts';
import { migrateToLatest } from '../../db/migrate.ts';

describe(`migration 061-hazmat-facet on ${testDialect}`, () => {
  it('gives the hazmat carriers already stored the hazmat facet, as the search index writes it', async () => {
    const database = await createTestDatabase({ migratedTo: '046-sqlite-broker-index' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      // Hazmat: 7101 a carrier, 7102 a broker too, 7104 with no position; 7103 and 7105 are not.
      const rows: [number, string, number | null, string, number | null][] = [
        [7101, 'BAYOU TANK LINES', 1, 'C', 30.45],
        [7102, 'DELTA ACID BROKERS', 1, 'C;B', 30.46],
        [7103, 'BAYOU DRY VAN', 0, 'C', 30.47],
        [7104, 'NOWHERE TANKERS', 1, 'C', null],
        [7105, 'BAYOU HAULERS', null, 'C;B', 30.48],
      ];
      await sql`INSERT INTO companies (dot_number, name, phy_city, phy_state, carship, cargo_codes, hm_flag,
          latitude, longitude, web_domain, created_at, updated_at)
        VALUES ${sql.join(
          rows.map(
            ([dot, name, hazmat, roles, latitude]) =>
              sql`(${dot}, ${name}, 'BATON ROUGE', 'LA', ${roles}, 'CHEM', ${hazmat}, ${latitude},
                ${latitude === null ? null : -91.18}, 'bayou-tank.com', ${now}, ${now})`,
          ),
        )}`.execute(db);
      if (testDialect === 'sqlite') {
        // The index as it was before: the search module's rows without the hazmat carriers', which
        // the migration writes again.
        await rebuildSearchIndex(db);
        const hazmatKeys = (column: string) =>
          sql`SELECT ${sql.ref(column)} FROM search_index_keys WHERE dot_number IN (7101, 7102, 7104)`;
        for (const [table, key] of [
          ['companies_fts', 'rank_key'],
          ['companies_broker_fts', 'rank_key'],
          ['companies_circle_fts', 'circle_key'],
        ] as const) {
          await sql`DELETE FROM ${sql.table(table)} WHERE rowid IN (${hazmatKeys(key)})`.execute(db);
        }
      }

      await migrateToLatest(db, testDialect);

      if (testDialect === 'postgres') {
        const matching = async (query: string) =>
          (
            await sql<{ dot: number }>`SELECT dot_number AS dot FROM companies
              WHERE search_vector @@ ${query}::tsquery ORDER BY 1`.execute(db)
          ).rows.map((row) => Number(row.dot));
        expect(await matching("'_hazmat'")).toEqual([7101, 7102, 7104]);
        // The rest of the vector is as before: words, lead tokens, facets, web words and cells.
        expect(await matching("'bayou' & '_l3bay' & '_statela' & '_typebroker'")).toEqual([7105]);
        expect(await matching("'_wbayou' & '_hazmat' & '_cargochem'")).toEqual([7101, 7102, 7104]);
        return;
      }
      const queries = [
        'facets:"_hazmat"',
        'bayou',
        'tank',
        'facets:"_statela"',
        'facets:"_typebroker"',
        'facets:"_cargochem"',
        'facets:"_wbayou"',
        'facets:"_fbayou"',
        'facets:"_xbayoutanklines"',
        'facets:"_g1n30w92"',
      ];
      const results = async () => {
        const found: Record<string, number[]> = {};
        for (const table of ['companies_fts', 'companies_broker_fts', 'companies_circle_fts']) {
          for (const query of queries) {
            if (table === 'companies_circle_fts' && /_[gfx]/.test(query)) continue;
            const { rows: hits } = await sql<{ dot: number }>`
              SELECT (f.rowid & ${sql.lit(DOT_MASK)}) AS dot FROM ${sql.table(table)} f
              WHERE ${sql.table(table)} MATCH ${query.includes(':') ? query : `"${query}"*`}`.execute(db);
            found[`${table} ${query}`] = hits.map((row) => Number(row.dot)).sort((a, b) => a - b);
          }
        }
        return found;
      };
      const migrated = await results();
      expect(migrated['companies_fts facets:"_hazmat"']).toEqual([7101, 7102, 7104]);
      expect(migrated['companies_broker_fts facets:"_hazmat"']).toEqual([7102]);
      expect(migrated['companies_circle_fts facets:"_hazmat"']).toEqual([7101, 7102]);
      expect(migrated['companies_fts bayou']).toEqual([7101, 7103, 7105]);
      // The migration's frozen rows are the ones the search module writes today.
      await rebuildSearchIndex(db);
      expect(await results()).toEqual(migrated);
    } finally {
      await database.destroy();
    }
  });
});
