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

  it('writes a set of mostly new rows as any other: new ones in, changed ones updated, ones as stored left', async () => {
    const first = createRowUpserter(database.db);
    await first.upsert(
      companies([
        [21, 'AS STORED', 'day 1', 'day 1'],
        [22, 'BEFORE', 'day 1', 'day 1'],
      ]),
    );
    await first.close();
    const upserter = createRowUpserter(database.db);
    await upserter.upsert({
      ...companies([
        [21, 'AS STORED', 'day 2', 'day 2'],
        [22, 'AFTER', 'day 2', 'day 2'],
        [23, 'NEW', 'day 2', 'day 2'],
      ]),
      changedAt: 'updated_at',
      mostlyNew: true,
    });
    await upserter.close();
    expect(
      await database.db
        .selectFrom('companies')
        .select(['dot_number', 'name', 'created_at', 'updated_at'])
        .where('dot_number', 'in', [21, 22, 23])
        .orderBy('dot_number')
        .execute(),
    ).toEqual([
      { dot_number: 21, name: 'AS STORED', created_at: 'day 1', updated_at: 'day 1' },
      { dot_number: 22, name: 'AFTER', created_at: 'day 1', updated_at: 'day 2' },
      { dot_number: 23, name: 'NEW', created_at: 'day 2', updated_at: 'day 2' },
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
      // With a source hash, each write's rows carry another one (a month's file spelling the same
      // values otherwise): a row whose values are as stored keeps its change time all the same.
      const columns = ['dot_number', 'name', 'phy_city', 'power_units', 'created_at', 'updated_at'];
      const stamped = (rows: unknown[][]) => ({
        ...companies(
          rows.map(([dot, ...rest]) => [
            (dot as number) - 40_000 + base,
            ...rest,
            ...(hashed ? [Number(String(rest.at(-1)).slice(4))] : []),
          ]),
          hashed ? [...columns, 'source_hash'] : columns,
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
    const columns = ['dot_number', 'name', 'phy_city', 'source_hash', 'created_at', 'updated_at'];
    const write = async (rows: unknown[][]) => {
      const upserter = createRowUpserter(database.db);
      await upserter.upsert({
        ...companies(rows, columns),
        changedAt: 'updated_at',
        sourceHash: 'source_hash',
      });
      await upserter.close();
    };
    const row = async (dot: number) => {
      const stored = await database.db
        .selectFrom('companies')
        .select(['name', 'phy_city', 'source_hash', 'updated_at'])
        .where('dot_number', '=', dot)
        .executeTakeFirstOrThrow();
      // PostgreSQL's bigint reads as text.
      return { ...stored, source_hash: stored.source_hash === null ? null : Number(stored.source_hash) };
    };

    it('gives a row whose values are as stored its new hash without marking it changed', async () => {
      await write([[50_001, 'SPELLED', 'TULSA', null, 'day 1', 'day 1']]);
      await write([[50_001, 'SPELLED', 'TULSA', 2 ** 47 + 5, 'day 2', 'day 2']]);
      expect(await row(50_001)).toEqual({
        name: 'SPELLED',
        phy_city: 'TULSA',
        source_hash: 2 ** 47 + 5,
        updated_at: 'day 1',
      });
      await write([[50_001, 'SPELLED', 'OMAHA', 7, 'day 3', 'day 3']]);
      expect(await row(50_001)).toEqual({
        name: 'SPELLED',
        phy_city: 'OMAHA',
        source_hash: 7,
        updated_at: 'day 3',
      });
    });

    it('compares the values whatever the hash: a row written by hand since is written again', async () => {
      await write([[50_002, 'HASHED', 'TULSA', 9, 'day 1', 'day 1']]);
      await database.db
        .updateTable('companies')
        .set({ name: 'EDITED BY HAND' })
        .where('dot_number', '=', 50_002)
        .execute();
      await write([[50_002, 'HASHED', 'TULSA', 9, 'day 2', 'day 2']]);
      expect(await row(50_002)).toEqual({
        name: 'HASHED',
        phy_city: 'TULSA',
        source_hash: 9,
        updated_at: 'day 2',
      });
    });

    it.runIf(testDialect === 'postgres')(
      'PostgreSQL leaves a row whose values and hash are stored untouched, not even locked by ON CONFLICT',
      async () => {
        const version = async () =>
          (
            await sql<{ xmin: string; xmax: string }>`SELECT xmin::text AS xmin, xmax::text AS xmax
              FROM companies WHERE dot_number = 50004`.execute(database.db)
          ).rows[0];
        await write([[50_004, 'UNCHANGED', 'TULSA', 4, 'day 1', 'day 1']]);
        const written = await version();
        await write([[50_004, 'UNCHANGED', 'TULSA', 4, 'day 2', 'day 2']]);
        // A row ON CONFLICT reached would carry the statement's lock (xmax), its page written.
        expect(await version()).toEqual(written);
        expect(written?.xmax).toBe('0');
        await write([[50_004, 'UNCHANGED', 'OMAHA', 4, 'day 3', 'day 3']]);
        expect(await row(50_004)).toEqual({
          name: 'UNCHANGED',
          phy_city: 'OMAHA',
          source_hash: 4,
          updated_at: 'day 3',
        });
      },
    );

    it('lets the last row of a key win when an earlier one changed it', async () => {
      await write([[50_003, 'ORIGINAL', 'TULSA', 1, 'day 1', 'day 1']]);
      await write([
        [50_003, 'CHANGED', 'TULSA', 2, 'day 2', 'day 2'],
        [50_003, 'ORIGINAL', 'TULSA', 1, 'day 2', 'day 2'],
      ]);
      // (PostgreSQL writes only the last row of a key in one set, so its change time may stay.)
      expect(await row(50_003)).toMatchObject({ name: 'ORIGINAL', phy_city: 'TULSA', source_hash: 1 });
    });
  });

  it('writes each kind of value as given: text with quotes, escapes and emoji, numbers, dates, nulls', async () => {
    const columns = ['dot_number', 'name', 'dba_name', 'phy_city', 'latitude', 'longitude', 'power_units'];
    columns.push('hm_flag', 'mcs150_date', 'created_at', 'updated_at');
    // COPY's text format (PostgreSQL) escapes the backslash, tab, newline and carriage return; \N is NULL.
    const name = `O'NEIL "BIG" \\ TRUCKING\nLINE 2\tTAB\r\\N \u00e9 \u{1F69A} \u0001`;
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

  it('writes no row sent after a fence that follows a failed statement, on any lane', async () => {
    const upserter = createRowUpserter(database.db);
    const fenced = async () => {
      await upserter.upsert(companies([[30_002, null, 'day 4', 'day 4']]));
      upserter.fence();
      await upserter.upsert(
        companies([
          [30_003, 'AFTER', 'day 4', 'day 4'],
          [30_004, 'AFTER', 'day 4', 'day 4'],
        ]),
      );
      await upserter.close();
    };
    await expect(fenced()).rejects.toThrow(/null/i);
    const written = await database.db
      .selectFrom('companies')
      .select('dot_number')
      .where('dot_number', 'in', [30_003, 30_004])
      .execute();
    expect(written).toEqual([]);
  });
});
