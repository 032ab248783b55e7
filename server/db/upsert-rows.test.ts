import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { createRowUpserter, type RowSet } from './upsert-rows.ts';

describe(`row-set upserts on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const companies = (rows: unknown[][], columns = ['dot_number', 'name', 'created_at', 'updated_at']) =>
    ({ table: 'companies', key: 'dot_number', insertOnly: ['created_at'], columns, rows }) satisfies RowSet;
  const stored = () =>
    database.db
      .selectFrom('companies')
      .select(['dot_number', 'name', 'phy_city', 'claimed', 'created_at', 'updated_at'])
      .where('dot_number', 'in', [11, 12])
      .orderBy('dot_number')
      .execute();

  it('inserts new keys, updates existing ones in place and keeps what a set does not name', async () => {
    const upserter = createRowUpserter(database.db);
    await upserter.upsert(
      companies(
        [
          [11, 'FIRST', 'TULSA', 'day 1', 'day 1'],
          [12, 'SECOND', 'OMAHA', 'day 1', 'day 1'],
        ],
        ['dot_number', 'name', 'phy_city', 'created_at', 'updated_at'],
      ),
    );
    await upserter.close();
    await database.db.updateTable('companies').set({ claimed: 1 }).where('dot_number', '=', 11).execute();

    const again = createRowUpserter(database.db);
    // The same key twice in one set: the later row wins, as it would row by row.
    await again.upsert(
      companies([
        [11, 'FIRST RENAMED', 'day 2', 'day 2'],
        [11, 'FIRST RENAMED TWICE', 'day 2', 'day 2'],
      ]),
    );
    await again.close();

    expect(await stored()).toEqual([
      {
        dot_number: 11,
        name: 'FIRST RENAMED TWICE',
        phy_city: 'TULSA',
        claimed: 1,
        created_at: 'day 1',
        updated_at: 'day 2',
      },
      {
        dot_number: 12,
        name: 'SECOND',
        phy_city: 'OMAHA',
        claimed: 0,
        created_at: 'day 1',
        updated_at: 'day 1',
      },
    ]);
  });

  it("keeps the order of one key's rows across sets written back to back", async () => {
    // On PostgreSQL sets are written on two connections at once. A large set and then a one-row
    // set naming its last key: if they could take different connections, the small one would
    // finish first and the large one would then overwrite it.
    const upserter = createRowUpserter(database.db);
    const dots = Array.from({ length: 5_000 }, (_, index) => 20_000 + index);
    const last = dots[dots.length - 1] as number;
    await upserter.upsert(companies(dots.map((dot) => [dot, `FIRST ${dot}`, 'day 3', 'day 3'])));
    await upserter.upsert(companies([[last, 'SECOND', 'day 3', 'day 3']]));
    await upserter.close();
    const stored = await database.db
      .selectFrom('companies')
      .select('name')
      .where('dot_number', '=', last)
      .executeTakeFirst();
    expect(stored?.name).toBe('SECOND');
  });

  it.each([
    { hashed: false, base: 40_000 },
    { hashed: true, base: 41_000 },
  ])(
    'writes a change time only for rows whose values changed, NULLs included (source hash: $hashed)',
    async ({ hashed, base }) => {
      const columns = ['dot_number', 'name', 'phy_city', 'power_units', 'created_at', 'updated_at'];
      const stamped = (rows: unknown[][]) => ({
        ...companies(
          rows.map(([dot, ...rest]) => [(dot as number) - 40_000 + base, ...rest]),
          columns,
        ),
        changedAt: 'updated_at',
        ...(hashed ? { sourceHash: 'source_hash' } : {}),
      });
      const write = async (rows: unknown[][]) => {
        const upserter = createRowUpserter(database.db);
        await upserter.upsert(stamped(rows));
        await upserter.close();
      };
      const dots = [40_001, 40_002, 40_003, 40_004, 40_005];
      await write([
        [40_001, 'SAME', 'TULSA', 3, 'day 1', 'day 1'],
        [40_002, 'SAME NULL', null, null, 'day 1', 'day 1'],
        [40_003, 'RENAMED', 'TULSA', 3, 'day 1', 'day 1'],
        [40_004, 'CITY GONE', 'OMAHA', 3, 'day 1', 'day 1'],
        [40_005, 'FLEET FOUND', 'OMAHA', null, 'day 1', 'day 1'],
      ]);
      await write([
        [40_001, 'SAME', 'TULSA', 3, 'day 2', 'day 2'],
        [40_002, 'SAME NULL', null, null, 'day 2', 'day 2'],
        [40_003, 'RENAMED AGAIN', 'TULSA', 3, 'day 2', 'day 2'],
        [40_004, 'CITY GONE', null, 3, 'day 2', 'day 2'],
        [40_005, 'FLEET FOUND', 'OMAHA', 4, 'day 2', 'day 2'],
      ]);
      const rows = await database.db
        .selectFrom('companies')
        .select(['dot_number', 'name', 'phy_city', 'power_units', 'created_at', 'updated_at'])
        .where(
          'dot_number',
          'in',
          dots.map((dot) => dot - 40_000 + base),
        )
        .orderBy('dot_number')
        .execute();
      expect(rows.map((row) => ({ ...row, dot_number: row.dot_number - base + 40_000 }))).toEqual([
        {
          dot_number: 40_001,
          name: 'SAME',
          phy_city: 'TULSA',
          power_units: 3,
          created_at: 'day 1',
          updated_at: 'day 1',
        },
        {
          dot_number: 40_002,
          name: 'SAME NULL',
          phy_city: null,
          power_units: null,
          created_at: 'day 1',
          updated_at: 'day 1',
        },
        {
          dot_number: 40_003,
          name: 'RENAMED AGAIN',
          phy_city: 'TULSA',
          power_units: 3,
          created_at: 'day 1',
          updated_at: 'day 2',
        },
        {
          dot_number: 40_004,
          name: 'CITY GONE',
          phy_city: null,
          power_units: 3,
          created_at: 'day 1',
          updated_at: 'day 2',
        },
        {
          dot_number: 40_005,
          name: 'FLEET FOUND',
          phy_city: 'OMAHA',
          power_units: 4,
          created_at: 'day 1',
          updated_at: 'day 2',
        },
      ]);
    },
  );

  describe('source hashes', () => {
    const columns = ['dot_number', 'name', 'phy_city', 'created_at', 'updated_at'];
    const write = async (rows: unknown[][], hashed = true) => {
      const upserter = createRowUpserter(database.db);
      await upserter.upsert({
        ...companies(rows, columns),
        changedAt: 'updated_at',
        ...(hashed ? { sourceHash: 'source_hash' } : {}),
      });
      await upserter.close();
    };
    const editByHand = (dot: number) =>
      database.db
        .updateTable('companies')
        .set({ name: 'EDITED BY HAND' })
        .where('dot_number', '=', dot)
        .execute();
    const row = (dot: number) =>
      database.db
        .selectFrom('companies')
        .select(['name', 'phy_city', 'updated_at'])
        .where('dot_number', '=', dot)
        .executeTakeFirstOrThrow();

    it('SQLite skips a row whose values hash as the stored row was written; PostgreSQL compares the row', async () => {
      await write([[50_001, 'HASHED', 'TULSA', 'day 1', 'day 1']]);
      // Nothing but the census writes these columns; a hand edit shows whether the row was compared.
      await editByHand(50_001);
      await write([[50_001, 'HASHED', 'TULSA', 'day 2', 'day 2']]);
      expect(await row(50_001)).toEqual(
        testDialect === 'sqlite'
          ? { name: 'EDITED BY HAND', phy_city: 'TULSA', updated_at: 'day 1' }
          : { name: 'HASHED', phy_city: 'TULSA', updated_at: 'day 2' },
      );
      await write([[50_001, 'HASHED', 'OMAHA', 'day 3', 'day 3']]);
      expect(await row(50_001)).toEqual({ name: 'HASHED', phy_city: 'OMAHA', updated_at: 'day 3' });
    });

    it.runIf(testDialect === 'sqlite')(
      'gives a row stored before hashes its hash without marking it changed',
      async () => {
        await write([[50_002, 'OLD ROW', 'TULSA', 'day 1', 'day 1']], false);
        await write([[50_002, 'OLD ROW', 'TULSA', 'day 2', 'day 2']]);
        expect(await row(50_002)).toEqual({ name: 'OLD ROW', phy_city: 'TULSA', updated_at: 'day 1' });
        const { rows } = await sql<{
          source_hash: number | null;
        }>`SELECT source_hash FROM companies WHERE dot_number = 50002`.execute(database.db);
        expect(rows[0]?.source_hash).toEqual(expect.any(Number));
        // The hash is now stored: the next same row is skipped.
        await editByHand(50_002);
        await write([[50_002, 'OLD ROW', 'TULSA', 'day 3', 'day 3']]);
        expect(await row(50_002)).toEqual({ name: 'EDITED BY HAND', phy_city: 'TULSA', updated_at: 'day 1' });
      },
    );

    it.runIf(testDialect === 'postgres')(
      'PostgreSQL leaves a row whose values are stored untouched, not even locked by ON CONFLICT',
      async () => {
        const version = async () =>
          (
            await sql<{ xmin: string; xmax: string }>`SELECT xmin::text AS xmin, xmax::text AS xmax
              FROM companies WHERE dot_number = 50004`.execute(database.db)
          ).rows[0];
        await write([[50_004, 'UNCHANGED', 'TULSA', 'day 1', 'day 1']]);
        const written = await version();
        await write([[50_004, 'UNCHANGED', 'TULSA', 'day 2', 'day 2']]);
        // A row ON CONFLICT reached would carry the statement's lock (xmax), its page written.
        expect(await version()).toEqual(written);
        expect(written?.xmax).toBe('0');
        await write([[50_004, 'UNCHANGED', 'OMAHA', 'day 3', 'day 3']]);
        expect(await row(50_004)).toEqual({ name: 'UNCHANGED', phy_city: 'OMAHA', updated_at: 'day 3' });
      },
    );

    it('lets the last row of a key win when an earlier one changed it', async () => {
      await write([[50_003, 'ORIGINAL', 'TULSA', 'day 1', 'day 1']]);
      await write([
        [50_003, 'CHANGED', 'TULSA', 'day 2', 'day 2'],
        [50_003, 'ORIGINAL', 'TULSA', 'day 2', 'day 2'],
      ]);
      // (PostgreSQL writes only the last row of a key in one set, so its change time may stay.)
      expect(await row(50_003)).toMatchObject({ name: 'ORIGINAL', phy_city: 'TULSA' });
    });
  });

  it('writes each kind of value as given: text with quotes, escapes and emoji, numbers, dates, nulls', async () => {
    const columns = ['dot_number', 'name', 'dba_name', 'phy_city', 'latitude', 'longitude', 'power_units'];
    columns.push('hm_flag', 'mcs150_date', 'created_at', 'updated_at');
    const name = `O'NEIL "BIG" \\ TRUCKING\nLINE 2 \u00e9 \u{1F69A} \u0001`;
    const row = [70_001, name, '', null, 28.3078, -81.3681, 0, 1, '2024-10-10', 'day 5', 'day 5'];
    const upserter = createRowUpserter(database.db);
    await upserter.upsert({
      table: 'companies',
      key: 'dot_number',
      insertOnly: ['created_at'],
      columns,
      rows: [row],
    });
    await upserter.close();
    const written = await database.db
      .selectFrom('companies')
      .select(columns as 'dot_number'[])
      .where('dot_number', '=', 70_001)
      .executeTakeFirstOrThrow();
    expect(written).toEqual(Object.fromEntries(columns.map((column, index) => [column, row[index]])));
  });

  it('reports a failed statement instead of losing it', async () => {
    const upserter = createRowUpserter(database.db);
    // name is NOT NULL: the statement fails when it runs, on either dialect.
    const failing = async () => {
      await upserter.upsert(companies([[30_001, null, 'day 4', 'day 4']]));
      await upserter.close();
    };
    await expect(failing()).rejects.toThrow(/null/i);
  });
});
