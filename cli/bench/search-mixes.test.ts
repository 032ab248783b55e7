import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { queryMix } from './search-mixes.ts';

/** The realistic mix is the same for the same carriers, whatever order a load gave them their ids in. */
describe(`the realistic query mix on ${testDialect}`, () => {
  let inOrder: TestDatabase;
  let reversed: TestDatabase;
  const carriers = Array.from({ length: 300 }, (_, index) =>
    carrier({
      legal_name: `MIX CARRIER ${index} ${['FREIGHT', 'TRUCKING', 'LOGISTICS'][index % 3]} LLC`,
      dot_number: 5_000_000 + index * 7,
      mc_number: String(700_000 + index),
      phy_city: ['DALLAS', 'TULSA', 'OMAHA'][index % 3]!,
      phy_state: ['TX', 'OK', 'NE'][index % 3]!,
      phy_zip: ['75201', '74103', '68102'][index % 3]!,
    }),
  );
  beforeAll(async () => {
    inOrder = await createTestDatabase();
    reversed = await createTestDatabase();
    await seedCarriers(inOrder.db, testDialect, carriers);
    await seedCarriers(reversed.db, testDialect, [...carriers].reverse());
  });
  afterAll(async () => {
    await inOrder.destroy();
    await reversed.destroy();
  });

  it('draws the same 200 queries from stores whose ids differ', async () => {
    const first = await queryMix(inOrder.db, carriers.length);
    expect(first).toHaveLength(200);
    expect(await queryMix(reversed.db, carriers.length)).toEqual(first);
    // The mix names the carriers themselves: their names and DOT numbers.
    const dots = new Set(carriers.map((row) => String(row.dot_number)));
    expect(first.some((query) => query.super_search_term?.startsWith('MIX CARRIER'))).toBe(true);
    expect(first.some((query) => dots.has(query.super_search_term ?? ''))).toBe(true);
    expect(first.filter((query) => query.hazmat_only === 'true')).toHaveLength(10);
  });
});
