import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { cargoBit, CARGO_TYPES } from '../../../core/cargo.ts';
import type { SearchTuning } from './engine.ts';
import { rowFilterCondition } from './sql-conditions.ts';
import { createSearchService } from './service.ts';

/**
 * PostgreSQL reads a word searched alone from search_postings (migration 036, decision 069), which
 * triggers keep in step with the companies table: what a search finds there must be what the rows
 * say now, after inserts and after updates that rename, move or resize a carrier.
 */
describe.skipIf(testDialect !== 'postgres')('search postings', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  /**
   * A search's total and page (DOT numbers), whether it read the postings, and how many statements it
   * ran: with few matches it is ranked by the statement that counts them (the default tuning here),
   * and it must be the same when its rank groups are read from the postings beside the count
   * instead (fewMatches 0).
   */
  async function searchedBothWays(
    recorded: ReturnType<typeof countingQueries>,
    query: Record<string, string>,
    tuning: Partial<SearchTuning> = {},
  ) {
    const searched = async (asked: Partial<SearchTuning>) => {
      recorded.reset();
      const found = await createSearchService(recorded.db, 'postgres', asked).supersearchQuery({
        limit: '10',
        ...query,
      });
      return {
        page: { total: found.total, dots: found.data.map((company) => company.dot_number) },
        postings: recorded.holding('FROM search_postings c') > 0,
        statements: recorded.count(),
      };
    };
    const byGroups = await searched({ ...tuning, fewMatches: 0 });
    const onePass = await searched(tuning);
    expect(byGroups.page, `${JSON.stringify(query)} by rank group`).toEqual(onePass.page);
    return { ...onePass, statementsByGroups: byGroups.statements };
  }

  /** The postings as the rows make them now, and as the table holds them, in one order. */
  async function postings() {
    const ordered = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
    // A posting is flagged when a name key starts with its word, or with its lead token's letters; a
    // word of one letter, with the word as a whole word (the key and a space start with it and a space).
    const fresh = await sql`SELECT w.lexeme AS term,
        coalesce(c.legal_name_key || ' ' LIKE w.letters || w.after, false)
          OR coalesce(c.dba_name_key || ' ' LIKE w.letters || w.after, false) AS starts,
        c.rank_key, c.id, c.latitude, c.longitude, c.phy_state, c.carship, cargo_bits(c.cargo_codes)
      FROM companies c, LATERAL (SELECT lexeme, CASE WHEN lexeme LIKE '\\_l3%' THEN substr(lexeme, 4)
          WHEN lexeme NOT LIKE '\\_%' THEN lexeme END AS letters,
          CASE WHEN length(lexeme) = 1 THEN ' %' ELSE '%' END AS after FROM unnest(c.search_vector)) w
      WHERE w.lexeme NOT LIKE '\\_%' OR w.lexeme LIKE '\\_w%' OR w.lexeme LIKE '\\_l3%'`.execute(database.db);
    const held = await sql`SELECT term, starts, rank_key, id, latitude, longitude, phy_state, carship,
        cargo_bits FROM search_postings`.execute(database.db);
    return { fresh: ordered(fresh.rows), held: ordered(held.rows) };
  }

  it('finds what the rows say after inserts and updates, from the postings', async () => {
    await seedCarriers(database.db, 'postgres', [
      carrier({ dot_number: 8_200_001, legal_name: 'PINEWOOD HAULING', power_units: 5 }),
      carrier({ dot_number: 8_200_002, legal_name: 'ACME PINEWOOD', power_units: 50 }),
      carrier({ dot_number: 8_200_003, legal_name: 'OAK LINES', dba_name: 'PINEY EXPRESS', power_units: 9 }),
      carrier({ dot_number: 8_200_004, legal_name: 'BIRCH FREIGHT', phy_city: 'PINEVILLE', power_units: 7 }),
      carrier({ dot_number: 8_200_005, legal_name: 'ELM CARTAGE', email: 'ops@pinewood.com' }),
    ]);
    const recorded = countingQueries(database.db);
    const dots = async (query: Record<string, string>) => (await searchedBothWays(recorded, query)).page;
    expect((await postings()).held).toEqual((await postings()).fresh);

    // Names that start with 'pine' (legal or DBA), larger fleets first, then the rest.
    const pine = await searchedBothWays(recorded, { super_search_term: 'pine' });
    expect(pine.page).toEqual({ total: 4, dots: [8_200_003, 8_200_001, 8_200_002, 8_200_004] });
    expect(pine.postings).toBe(true);
    // Ranked by the statement that counts them, not by a read of each rank group and its last bucket.
    expect(pine.statements).toBeLessThan(pine.statementsByGroups - 2);
    // A web domain's words match whole: 'pinewood.com' with the names that hold the word.
    expect(await dots({ super_search_term: 'pinewood' })).toEqual({
      total: 3,
      dots: [8_200_001, 8_200_002, 8_200_005],
    });

    // Renamed, moved out of Texas, grown, and an unrelated column changed: the postings follow.
    await sql`UPDATE companies SET name = 'PINEWOOD ACME', power_units = 60 WHERE dot_number = 8200002`.execute(
      database.db,
    );
    await sql`UPDATE companies SET phy_state = 'OK' WHERE dot_number = 8200003`.execute(database.db);
    await sql`UPDATE companies SET name = 'BIRCH LINES' WHERE dot_number = 8200001`.execute(database.db);
    await sql`UPDATE companies SET phone = '5550100' WHERE dot_number = 8200004`.execute(database.db);
    await sql`UPDATE companies SET cargo_codes = 'GENFREIGHT;MEAT' WHERE dot_number = 8200004`.execute(
      database.db,
    );
    expect((await postings()).held).toEqual((await postings()).fresh);

    expect(await dots({ super_search_term: 'pine' })).toEqual({
      total: 3,
      dots: [8_200_002, 8_200_003, 8_200_004],
    });
    expect(await dots({ super_search_term: 'pine', address_state: 'TX' })).toEqual({
      total: 2,
      dots: [8_200_002, 8_200_004],
    });
    expect(await dots({ super_search_term: 'birch' })).toEqual({ total: 2, dots: [8_200_004, 8_200_001] });
    expect(await dots({ super_search_term: 'pine', cargo_types: 'MEAT' })).toEqual({
      total: 1,
      dots: [8_200_004],
    });
  });

  it('keeps a carrier whose name starts with the word out of the rest, whatever other term of the word it holds', async () => {
    await seedCarriers(database.db, 'postgres', [
      carrier({ dot_number: 8_700_001, legal_name: 'ANDRE HAULING', phy_city: 'ANDREWS', power_units: 5 }),
      carrier({ dot_number: 8_700_002, legal_name: 'OAK LINES', phy_city: 'ANDREWS', power_units: 2 }),
      carrier({ dot_number: 8_700_003, legal_name: 'ANDREWS EXPRESS', power_units: 1 }),
      carrier({ dot_number: 8_700_004, legal_name: 'ACME ANDRE', power_units: 90 }),
    ]);
    const recorded = countingQueries(database.db);
    // 'ANDRE HAULING' holds 'andre' (its name starts with it) and 'andrews' (its city): it is among
    // the names that start with the word, by fleet, and not again among the rest.
    const ranked = [8_700_001, 8_700_003, 8_700_004, 8_700_002];
    expect((await searchedBothWays(recorded, { super_search_term: 'andre' })).page).toEqual({
      total: 4,
      dots: ranked,
    });
    // One a page, across the two groups, and a page past the end.
    const paged = [];
    for (const page of ['1', '2', '3', '4', '5'])
      paged.push(
        ...(await searchedBothWays(recorded, { super_search_term: 'andre', limit: '1', page })).page.dots,
      );
    expect(paged).toEqual(ranked);
  });

  it('reads a word typed with legal-form words from its postings, ranking the names that start with all of them', async () => {
    await seedCarriers(database.db, 'postgres', [
      carrier({ dot_number: 8_300_001, legal_name: 'CEDARWOOD HAULING', power_units: 90 }),
      carrier({ dot_number: 8_300_002, legal_name: 'ACME CEDARWOOD LLC', power_units: 80 }),
      carrier({ dot_number: 8_300_003, legal_name: 'CEDARWOOD LLC', power_units: 1 }),
      carrier({ dot_number: 8_300_004, legal_name: 'CEDARWOOD LLC EAST', power_units: 5 }),
      carrier({
        dot_number: 8_300_005,
        legal_name: 'OAK LINES',
        dba_name: 'CEDARWOOD LLC WEST',
        power_units: 7,
      }),
      carrier({ dot_number: 8_300_006, legal_name: 'PINE LLC', phy_city: 'CEDARWOOD', power_units: 70 }),
    ]);
    const recorded = countingQueries(database.db);
    const dots = async (query: Record<string, string>) => (await searchedBothWays(recorded, query)).page;
    // The exact name, the names that start with 'cedarwood llc' (larger fleets first), then every other
    // carrier with a word starting 'cedarwood', 'LLC' or not: 'CEDARWOOD HAULING' starts with the word
    // but not with what was typed.
    expect(await dots({ super_search_term: 'Cedarwood LLC' })).toEqual({
      total: 6,
      dots: [8_300_003, 8_300_005, 8_300_004, 8_300_001, 8_300_002, 8_300_006],
    });
    expect((await searchedBothWays(recorded, { super_search_term: 'Cedarwood LLC' })).postings).toBe(true);
    // Pages of the groups past the first: the same order, two at a time.
    const paged = [];
    for (const page of ['1', '2', '3'])
      paged.push(...(await dots({ super_search_term: 'cedarwood llc', limit: '2', page })).dots);
    expect(paged).toEqual([8_300_003, 8_300_005, 8_300_004, 8_300_001, 8_300_002, 8_300_006]);
    // The word alone: the names that start with it, by fleet, then the rest.
    expect(await dots({ super_search_term: 'cedarwood' })).toEqual({
      total: 6,
      dots: [8_300_001, 8_300_005, 8_300_004, 8_300_003, 8_300_002, 8_300_006],
    });
  });

  it('reads a word of 2 or 3 letters from its lead tokens, and a filtered word', async () => {
    await seedCarriers(database.db, 'postgres', [
      carrier({
        dot_number: 8_500_001,
        legal_name: 'QUARRY HAULING',
        power_units: 5,
        cargo_codes: ['GENFREIGHT', 'COLDFOOD'],
      }),
      carrier({ dot_number: 8_500_002, legal_name: 'ACME QUARRY', power_units: 50 }),
      carrier({ dot_number: 8_500_003, legal_name: 'QUAIL EXPRESS', power_units: 9, carship: 'C;B' }),
      carrier({ dot_number: 8_500_004, legal_name: 'OAK LINES', phy_city: 'QUANAH', power_units: 7 }),
      carrier({ dot_number: 8_500_005, legal_name: 'QU LINES', power_units: 2 }),
      carrier({ dot_number: 8_500_006, legal_name: 'ACME QUEST', dba_name: 'QUEST LINES', power_units: 80 }),
      carrier({ dot_number: 8_500_007, legal_name: 'ACME QUOTA', power_units: 90 }),
      carrier({ dot_number: 8_500_008, legal_name: 'AQUA LINES', power_units: 95 }),
    ]);
    const recorded = countingQueries(database.db);
    /** The page a search answers, and whether it read the postings. */
    const searched = async (query: Record<string, string>, tuning: Partial<SearchTuning> = {}) => {
      const { page, postings } = await searchedBothWays(recorded, query, tuning);
      return { ...page, postings };
    };
    // Names that start with 'qua' by fleet, then the rest ('AQUA' does not match): from its lead
    // token's postings.
    const quaPage = { total: 4, dots: [8_500_003, 8_500_001, 8_500_002, 8_500_004] };
    expect(await searched({ super_search_term: 'qua' })).toEqual({ ...quaPage, postings: true });
    // 'qu': the word 'QU' and the lead tokens 'qua', 'que', 'quo'; the names that start with it (the
    // DBA name 'QUEST LINES' too) by fleet, then the rest by fleet, each carrier once.
    const quPage = {
      total: 7,
      dots: [8_500_006, 8_500_003, 8_500_001, 8_500_005, 8_500_007, 8_500_002, 8_500_004],
    };
    expect(await searched({ super_search_term: 'qu' })).toEqual({ ...quPage, postings: true });
    const paged = [];
    for (const page of ['1', '2', '3', '4'])
      paged.push(...(await searched({ super_search_term: 'qu', limit: '2', page })).dots);
    expect(paged).toEqual(quPage.dots);
    // A page past the end: the count, no carrier.
    expect(await searched({ super_search_term: 'qu', limit: '2', page: '5' })).toEqual({
      total: 7,
      dots: [],
      postings: true,
    });

    // In a state, in a circle, for brokers alone and for a cargo type, from the postings; with a filter
    // the postings do not hold (hazmat carriers only), from the GIN index.
    for (const query of [
      { super_search_term: 'qua', address_state: 'TX' } as Record<string, string>,
      { super_search_term: 'qua', radius_zipcode: '75201', radius_miles: '50' },
    ])
      expect({ query, ...(await searched(query)) }).toEqual({ query, ...quaPage, postings: true });
    expect(await searched({ super_search_term: 'qua', hazmat_only: 'true' })).toEqual({
      total: 0,
      dots: [],
      postings: false,
    });
    expect(await searched({ super_search_term: 'qua', company_types: 'broker' })).toEqual({
      total: 1,
      dots: [8_500_003],
      postings: true,
    });
    // Any of the cargo types asked: 'QUARRY HAULING' carries refrigerated food, the factory's others
    // general freight only.
    expect(await searched({ super_search_term: 'qua', cargo_types: 'COLDFOOD' })).toEqual({
      total: 1,
      dots: [8_500_001],
      postings: true,
    });
    expect(await searched({ super_search_term: 'qua', cargo_types: 'MEAT,COLDFOOD' })).toEqual({
      total: 1,
      dots: [8_500_001],
      postings: true,
    });
    expect(await searched({ super_search_term: 'qua', cargo_types: 'GENFREIGHT' })).toEqual({
      ...quaPage,
      postings: true,
    });
  });

  it("reads a search for brokers alone from the brokers' own index of postings", async () => {
    // The condition a broker search puts on the postings, with its value sent apart as every search's
    // are: the planner proves it is the index's own and reads that index.
    const forBrokers = rowFilterCondition({ company_types: ['broker'] }, 'postings');
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT c.id FROM search_postings c
        WHERE c.term = 'qua' AND ${forBrokers} ORDER BY c.rank_key`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using search_postings_brokers');
  });

  it("holds each carrier's cargo types as bits, one a type in the order of CARGO_TYPES", async () => {
    const bits = async (codes: string | null) =>
      Number(
        (await sql<{ bits: number }>`SELECT cargo_bits(${codes}) AS bits`.execute(database.db)).rows[0]?.bits,
      );
    for (const [index, [code]] of CARGO_TYPES.entries()) {
      expect(await bits(code), code).toBe(2 ** index);
      expect(cargoBit(code), code).toBe(2 ** index);
    }
    expect(await bits('GENFREIGHT;COLDFOOD;CARGOOTHR')).toBe(2 ** 0 + 2 ** 22 + 2 ** 29);
    // A code no type has, an empty list and none: no bit.
    expect(await bits('GENFREIGHTX;XCOLDFOOD')).toBe(0);
    expect(await bits('')).toBe(0);
    expect(await bits(null)).toBe(0);
  });

  it('reads a word of one letter as that whole word, ranking the names that start with it as a word', async () => {
    await seedCarriers(database.db, 'postgres', [
      carrier({ dot_number: 8_600_001, legal_name: 'Q HAULING', power_units: 5 }),
      carrier({ dot_number: 8_600_002, legal_name: 'ACME Q LINES', power_units: 50 }),
      carrier({ dot_number: 8_600_003, legal_name: 'OAK LINES', dba_name: 'Q TRANSPORT', power_units: 9 }),
      carrier({ dot_number: 8_600_004, legal_name: 'Q', power_units: 1 }),
      carrier({ dot_number: 8_600_005, legal_name: 'QX EXPRESS', power_units: 70 }),
      carrier({ dot_number: 8_600_006, legal_name: 'QUINCY HAULING', power_units: 80 }),
      carrier({ dot_number: 8_600_007, legal_name: 'QUICK Q LINES', power_units: 60 }),
    ]);
    const recorded = countingQueries(database.db);
    // The exact name, then the names whose first word is 'Q' (legal or DBA) by fleet, then the other
    // names with the word ('QUICK Q LINES' starts with the letter, not the word); 'QX' and 'QUINCY'
    // do not match.
    expect(await searchedBothWays(recorded, { super_search_term: 'q' })).toMatchObject({
      page: { total: 5, dots: [8_600_004, 8_600_003, 8_600_001, 8_600_007, 8_600_002] },
      postings: true,
    });
  });

  it("estimates a word's postings held by carriers or brokers from the role list's statistics", async () => {
    // Three carriers in four and a fifth of brokers (some both): a role filter's LIKE on the list,
    // guessed at a few percent of the postings without statistics, is estimated from them (migration
    // 037), so the search knows how far a role-filtered word's postings go before the count bound.
    const roles = ['C', 'C', 'C', 'C', 'C', 'C', 'C', 'B', 'B', 'C;B'];
    await seedCarriers(
      database.db,
      'postgres',
      Array.from({ length: 400 }, (_, i) =>
        carrier({ dot_number: 8_400_000 + i, legal_name: `LARCHMONT HAULING ${i}`, carship: roles[i % 10] }),
      ),
    );
    await sql`ANALYZE search_postings`.execute(database.db);
    for (const role of ['C', 'B']) {
      const held = sql`search_postings c WHERE c.term = 'larchmont'
        AND (';' || c.carship || ';') LIKE ${`%;${role};%`}`;
      const [plan] = (
        await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`EXPLAIN (FORMAT JSON)
        SELECT 1 FROM ${held}`.execute(database.db)
      ).rows;
      const [counted] = (await sql<{ n: string }>`SELECT count(*) AS n FROM ${held}`.execute(database.db))
        .rows;
      // Within a tenth of the count (the planner combines it with the term's own estimate).
      const estimated = plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
      expect(
        Math.abs(estimated / Number(counted?.n) - 1),
        `${role}: ${estimated} for ${counted?.n}`,
      ).toBeLessThan(0.1);
    }
  });
});

/**
 * The trigger that rewrites a changed carrier's postings plans each call for its own rows (migration
 * 136): kept from a session's first, small update, its plan was a nested loop for a large one.
 */
describe.skipIf(testDialect !== 'postgres')('the postings update trigger', () => {
  let trigger: TestDatabase;
  beforeAll(async () => {
    trigger = await createTestDatabase();
  });
  afterAll(() => trigger.destroy());

  it('plans the postings of each update for its own rows: a large update after a small one is hashed', async () => {
    await seedCarriers(
      trigger.db,
      'postgres',
      Array.from({ length: 300 }, (_, index) => carrier({ legal_name: `PLANNED HAULING ${index}` })),
    );
    // One session, whose plans auto_explain sends back as notices, the trigger's statements among them.
    const { config } = trigger;
    if (config.dialect !== 'postgres') throw new Error('a PostgreSQL test database');
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    try {
      await client.query(`LOAD 'auto_explain'`);
      await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on;
        SET client_min_messages = log`);
      await client.query(`UPDATE companies SET name = 'PLANNED LINES 0' WHERE name = 'PLANNED HAULING 0'`);
      plans.length = 0;
      await client.query(
        `UPDATE companies SET name = replace(name, 'HAULING', 'LINES') WHERE name LIKE 'PLANNED%'`,
      );
    } finally {
      await client.end();
    }
    // Planned for one row, the join of the old and new rows would be a nested loop: quadratic.
    const deletion = plans.find((plan) => plan.includes('DELETE FROM search_postings'));
    expect(deletion).toMatch(/Hash Join/);
    // Read from the postings, which the rename rewrote: every carrier under its new name, none under the old.
    const recorded = countingQueries(trigger.db);
    const search = createSearchService(recorded.db, 'postgres');
    const planned = await search.supersearchQuery({ super_search_term: 'planned' });
    expect(recorded.holding('FROM search_postings c')).toBeGreaterThan(0);
    expect(planned.total).toBe(300);
    expect(planned.data.every((company) => company.name.startsWith('PLANNED LINES '))).toBe(true);
    expect((await search.supersearchQuery({ super_search_term: 'hauling' })).total).toBe(0);
  });
});
