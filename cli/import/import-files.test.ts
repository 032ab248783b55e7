import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { DOT_MASK } from '../../server/domains/search/rank-key.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { dotsMatchingPrefix } from '../../tests/support/search-matches.ts';
import { generateDemoData, type DemoFiles } from '../demo/generate.ts';
import { openFmcsaFile } from '../fmcsa/open-file.ts';
import { describeReport, importFiles } from './import-files.ts';

const SAMPLE_JSON = path.resolve(
  import.meta.dirname,
  '../../../shared/data/fmcsa/samples/company_census_az4n-8mr2.one-row.json',
);
const TODAY = new Date('2026-11-22T12:00:00Z');

/** A Company Census CSV of a few columns, with e-mail addresses. */
function censusWithEmails(file: string, rows: [dot: number, name: string, email: string][]): string {
  const header =
    'DOT_NUMBER,LEGAL_NAME,EMAIL_ADDRESS,POWER_UNITS,TOTAL_DRIVERS,PHY_STATE,MCS150_DATE,CARSHIP';
  const lines = rows.map(([dot, name, email]) => `${dot},${name},${email},1,1,TX,20240101,C`);
  writeFileSync(file, [header, ...lines].join('\n') + '\n');
  return file;
}

describe(`importing FMCSA files into ${testDialect}`, () => {
  let database: TestDatabase;
  let demo: DemoFiles;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-import-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    demo = await generateDemoData({ carriers: 400, seed: 3, outDir: dir, today: TODAY });
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The demo census, written to `fileName` with its first unquoted line's carrier renamed; that DOT number. */
  function censusWithOneRenamed(fileName: string, newName: string): { file: string; dot: number } {
    const lines = readFileSync(demo.census, 'utf8').trimEnd().split('\n');
    const header = (lines[0] ?? '').split(',');
    const [dotColumn, nameColumn] = [header.indexOf('DOT_NUMBER'), header.indexOf('LEGAL_NAME')];
    const renamedLine = lines.findIndex((line, index) => index > 0 && !line.includes('"'));
    const fields = (lines[renamedLine] ?? '').split(',');
    fields[nameColumn] = newName;
    const file = path.join(dir, fileName);
    writeFileSync(file, lines.with(renamedLine, fields.join(',')).join('\n') + '\n');
    return { file, dot: Number(fields[dotColumn]) };
  }

  /** The demo census with every 'TRANSPORT' renamed 'CARTAGE': the same carriers, some of them changed. */
  function renamedCensus(): string {
    const renamed = path.join(dir, 'renamed_census.csv');
    writeFileSync(renamed, readFileSync(demo.census, 'utf8').replaceAll('TRANSPORT', 'CARTAGE'));
    return renamed;
  }

  it('imports the demo census, inspections and crashes through the real reader', async () => {
    const reports = await importFiles(
      database.db,
      testDialect,
      [demo.census, demo.inspections, demo.crashes],
      {
        showProgress: false,
      },
    );
    expect(reports.map((report) => [report.dataset, report.imported, report.skipped])).toEqual([
      ['company_census', 400, 0],
      ['mcmis_inspection', demo.counts.inspections, 0],
      ['mcmis_crash', demo.counts.crashRows, 0],
    ]);
    const count = async (table: 'companies' | 'inspections' | 'crashes') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('companies')).toBe(400);
    expect(await count('inspections')).toBe(demo.counts.inspections);
    // A crash with several vehicles is one crash.
    expect(await count('crashes')).toBe(demo.counts.crashes);

    // A second run updates in place.
    await importFiles(database.db, testDialect, [demo.census, demo.crashes], { showProgress: false });
    expect(await count('companies')).toBe(400);
    expect(await count('crashes')).toBe(demo.counts.crashes);
  });

  it('stores the same rows and search index whether it loads a fresh table or updates one in place', async () => {
    const options = { showProgress: false, now: () => '2026-11-22T00:00:00.000Z' };
    const lines = readFileSync(demo.census, 'utf8').trimEnd().split('\n');
    // An older file with other names and statuses for the same carriers, and a newer one for a third
    // of them: few enough that the search index is updated row by row rather than rebuilt.
    const older = path.join(dir, 'older_census.csv');
    writeFileSync(older, lines.join('\n').replaceAll('TRANSPORT', 'HAULING').replaceAll(',A,', ',I,') + '\n');
    const newer = path.join(dir, 'newer_census.csv');
    writeFileSync(newer, lines.slice(0, 134).join('\n') + '\n');

    const fresh = await createTestDatabase();
    const updated = await createTestDatabase();
    try {
      await importFiles(fresh.db, testDialect, [demo.census], options);
      await importFiles(updated.db, testDialect, [older], options);
      // The risk signals are of the whole store (links to the other carriers), not of the record.
      const rows = async (db: Db) =>
        (await db.selectFrom('companies').selectAll().orderBy('dot_number').execute()).map(
          ({ id: _id, risk_signals: _signals, ...row }: Record<string, unknown>) => row,
        );
      const idsFor = dotsMatchingPrefix;
      const transport = await idsFor(fresh.db, 'transport');
      expect(transport.length).toBeGreaterThan(0);
      expect(await idsFor(updated.db, 'hauling')).toEqual(
        [...transport, ...(await idsFor(fresh.db, 'hauling'))].sort((a, b) => a - b),
      );

      await importFiles(updated.db, testDialect, [newer], options);
      const newerDots = new Set(lines.slice(1, 134).map((line) => Number(line.split(',')[3])));
      const [freshRows, updatedRows] = [await rows(fresh.db), await rows(updated.db)];
      expect(freshRows).toHaveLength(400);
      const isNewer = (row: Record<string, unknown>) => newerDots.has(Number(row.dot_number));
      expect(updatedRows.filter(isNewer)).toEqual(freshRows.filter(isNewer));
      expect(updatedRows.filter((row) => !isNewer(row) && row.status_code === 'A')).toEqual([]);
      const [freshTransport, updatedTransport] = [transport, await idsFor(updated.db, 'transport')];
      expect(updatedTransport).toEqual(freshTransport.filter((dot) => newerDots.has(dot)));
    } finally {
      await Promise.all([fresh.destroy(), updated.destroy()]);
    }
  });

  it('marks and re-indexes only the carriers whose record changed when a census comes again', async () => {
    const { file: nextMonth, dot: renamedDot } = censusWithOneRenamed(
      'next_month_census.csv',
      'ZYXWVU QUARTZ HAULERS LLC',
    );

    const store = await createTestDatabase();
    try {
      const at = (day: string) => ({ showProgress: false, now: () => `${day}T00:00:00.000Z` });
      await importFiles(store.db, testDialect, [demo.census, demo.inspections], at('2026-11-01'));
      const [report] = await importFiles(
        store.db,
        testDialect,
        [nextMonth, demo.inspections],
        at('2026-12-01'),
      );
      expect(report).toMatchObject({ imported: 400, unchanged: 399 });
      expect(describeReport(report!)).toContain(
        '\n  399 of them as stored already (passed over, not written)',
      );
      const changed = await store.db
        .selectFrom('companies')
        .select(['dot_number', 'name'])
        .where('updated_at', '>=', '2026-12-01')
        .execute();
      expect(changed).toEqual([{ dot_number: renamedDot, name: 'ZYXWVU QUARTZ HAULERS LLC' }]);
      expect(await dotsMatchingPrefix(store.db, 'zyxwvu')).toEqual([renamedDot]);
      expect(await dotsMatchingPrefix(store.db, 'transport')).toEqual(
        (await dotsMatchingPrefix(database.db, 'transport')).filter((dot) => dot !== renamedDot),
      );
    } finally {
      await store.destroy();
    }
  });

  it('passes over the census records the store holds, and maps them all again read through other columns', async () => {
    const store = await createTestDatabase();
    try {
      const at = (day: string) => ({ showProgress: false, now: () => `${day}T00:00:00.000Z` });
      await importFiles(store.db, testDialect, [demo.census], at('2026-11-01'));
      const [header = '', ...lines] = readFileSync(demo.census, 'utf8').trimEnd().split('\n');
      const dot = Number(lines[0]?.split(',')[header.split(',').indexOf('DOT_NUMBER')]);
      // Nothing but the census writes the name: a hand edit shows whether a record was compared.
      const editByHand = () =>
        store.db
          .updateTable('companies')
          .set({ name: 'EDITED BY HAND' })
          .where('dot_number', '=', dot)
          .execute();
      const nameOf = async () =>
        (
          await store.db
            .selectFrom('companies')
            .select('name')
            .where('dot_number', '=', dot)
            .executeTakeFirstOrThrow()
        ).name;
      const changedSince = (day: string) =>
        store.db.selectFrom('companies').select('dot_number').where('updated_at', '>=', day).execute();
      await editByHand();

      const [again] = await importFiles(store.db, testDialect, [demo.census], at('2026-12-01'));
      expect(again).toMatchObject({ imported: 400, unchanged: 400, skipped: 0 });
      expect(await nameOf()).toBe('EDITED BY HAND');
      expect(await changedSince('2026-12-01')).toEqual([]);

      // The same records with a column more (as when FMCSA adds one): every record is mapped and
      // compared again; only the edited carrier differs from its record, and is written.
      const wider = path.join(dir, 'wider_census.csv');
      writeFileSync(wider, [`${header},NEW_COLUMN`, ...lines.map((line) => `${line},x`)].join('\n') + '\n');
      const [widened] = await importFiles(store.db, testDialect, [wider], at('2027-01-01'));
      expect(widened).toMatchObject({ imported: 400, unchanged: 0 });
      expect(await nameOf()).not.toBe('EDITED BY HAND');
      expect(await changedSince('2027-01-01')).toEqual([{ dot_number: dot }]);
      // Their hashes were written then, without marking them changed: the next month passes them over.
      await editByHand();
      const [next] = await importFiles(store.db, testDialect, [wider], at('2027-02-01'));
      expect(next).toMatchObject({ imported: 400, unchanged: 400 });
      expect(await nameOf()).toBe('EDITED BY HAND');
    } finally {
      await store.destroy();
    }
  });

  it('indexes the carriers an import killed before its search index refresh had written', async () => {
    const { file: nextMonth, dot: renamedDot } = censusWithOneRenamed(
      'killed_month_census.csv',
      'QWERTZ LAZULI HAULERS LLC',
    );
    const opened = await openFmcsaFile(nextMonth);
    let renamedHash = 0;
    for await (const row of opened.rows) {
      if (row.kind === 'carrier' && row.record.dot_number === renamedDot) renamedHash = row.sourceHash;
    }

    const store = await createTestDatabase();
    try {
      const at = (day: string) => ({ showProgress: false, now: () => `${day}T00:00:00.000Z` });
      await importFiles(store.db, testDialect, [demo.census], at('2026-11-01'));
      // What the import of next month leaves when killed after its rows were committed and before
      // the search index was refreshed: the carrier written with its record's hash, not indexed.
      await store.db
        .updateTable('companies')
        .set({
          name: 'QWERTZ LAZULI HAULERS LLC',
          source_hash: renamedHash,
          updated_at: '2026-12-01T00:00:00.000Z',
        })
        .where('dot_number', '=', renamedDot)
        .execute();
      const [again] = await importFiles(store.db, testDialect, [nextMonth], at('2026-12-02'));
      expect(again).toMatchObject({ imported: 400, unchanged: 400 });
      expect(await dotsMatchingPrefix(store.db, 'qwertz')).toEqual([renamedDot]);
    } finally {
      await store.destroy();
    }
  });

  it('lets the last record of a carrier in a census stand, whether or not the store holds it', async () => {
    const store = await createTestDatabase();
    try {
      const options = { showProgress: false };
      const census = (name: string, rows: [number, string, string][]) =>
        censusWithEmails(path.join(dir, name), rows);
      const nameOf = async () =>
        (
          await store.db
            .selectFrom('companies')
            .select('name')
            .where('dot_number', '=', 901)
            .executeTakeFirstOrThrow()
        ).name;
      await importFiles(store.db, testDialect, [census('last-1.csv', [[901, 'STORED NAME', '']])], options);
      const storedLast = census('last-2.csv', [
        [901, 'NEWER NAME', ''],
        [901, 'STORED NAME', ''],
      ]);
      await importFiles(store.db, testDialect, [storedLast], options);
      expect(await nameOf()).toBe('STORED NAME');
      const newerLast = census('last-3.csv', [
        [901, 'STORED NAME', ''],
        [901, 'NEWER NAME', ''],
      ]);
      await importFiles(store.db, testDialect, [newerLast], options);
      expect(await nameOf()).toBe('NEWER NAME');
    } finally {
      await store.destroy();
    }
  });

  it('reports the unrecognised state codes of records it passes over too', async () => {
    const store = await createTestDatabase();
    try {
      const file = path.join(dir, 'unrecognised-census.csv');
      writeFileSync(file, 'DOT_NUMBER,LEGAL_NAME,PHY_STATE\n902,FAR AWAY LLC,ZZ\n903,NEAR BY LLC,TX\n');
      const options = { showProgress: false };
      await importFiles(store.db, testDialect, [file], options);
      const [report] = await importFiles(store.db, testDialect, [file], options);
      expect(report).toMatchObject({
        imported: 2,
        unchanged: 2,
        unrecognisedJurisdictions: 1,
        unrecognisedExamples: ['line 2: ZZ'],
      });
    } finally {
      await store.destroy();
    }
  });

  it.skipIf(testDialect !== 'postgres')(
    'leaves no updated carrier in the search index’s pending list, which every search would read',
    async () => {
      const renamed = renamedCensus();
      const store = await createTestDatabase();
      try {
        const options = { showProgress: false };
        await importFiles(store.db, testDialect, [demo.census], options);
        await importFiles(store.db, testDialect, [renamed], options);
        expect(await dotsMatchingPrefix(store.db, 'transport')).toEqual([]);
        // The number of pending-list pages it merged: none are left for it.
        const { rows } = await sql<{ pages: number }>`
          SELECT gin_clean_pending_list('companies_search_vector'::regclass)::integer AS pages`.execute(
          store.db,
        );
        expect(rows).toEqual([{ pages: 0 }]);
      } finally {
        await store.destroy();
      }
    },
  );

  it.skipIf(testDialect !== 'postgres')(
    'vacuums and analyses the tables it wrote, the word postings with the carriers',
    async () => {
      const renamed = renamedCensus();
      const store = await createTestDatabase();
      try {
        const options = { showProgress: false };
        const runs = async () =>
          (
            await sql<{ table: string; vacuums: number; analyses: number }>`
              SELECT relname AS table, vacuum_count::integer AS vacuums, analyze_count::integer AS analyses
              FROM pg_stat_user_tables WHERE relname IN ('companies', 'search_postings', 'inspections', 'crashes')
                AND schemaname = current_schema() ORDER BY relname`.execute(store.db)
          ).rows;
        const before = await runs();
        await importFiles(store.db, testDialect, [demo.census, demo.inspections], options);
        await importFiles(store.db, testDialect, [renamed], options);
        // A day's change: one carrier renamed again, which the tables' background maintenance covers.
        const oneRenamed = path.join(dir, 'one_renamed_census.csv');
        writeFileSync(oneRenamed, readFileSync(renamed, 'utf8').replace('CARTAGE', 'HAULAGE'));
        const [daily] = await importFiles(store.db, testDialect, [oneRenamed], options);
        expect(daily!.imported - daily!.unchanged).toBe(1);
        const after = await runs();
        // VACUUM (ANALYZE), not autovacuum (counted apart): twice for the carriers (the whole file and
        // the renames, not the day's one change), once for the inspections; nothing for crashes, which
        // no file wrote.
        expect(
          after.map((row, index) => ({
            table: row.table,
            vacuums: row.vacuums - before[index]!.vacuums,
            analyses: row.analyses - before[index]!.analyses,
          })),
        ).toEqual([
          { table: 'companies', vacuums: 2, analyses: 2 },
          { table: 'crashes', vacuums: 0, analyses: 0 },
          { table: 'inspections', vacuums: 1, analyses: 1 },
          { table: 'search_postings', vacuums: 2, analyses: 2 },
        ]);
        // The planner counts the rows there are now.
        const { rows } = await sql<{
          counted: boolean;
        }>`SELECT reltuples = (SELECT count(*) FROM search_postings)
            AS counted FROM pg_class WHERE oid = 'search_postings'::regclass`.execute(store.db);
        expect(rows).toEqual([{ counted: true }]);
      } finally {
        await store.destroy();
      }
    },
  );

  it('stores the real Company Census sample row as published', async () => {
    const [report] = await importFiles(database.db, testDialect, [SAMPLE_JSON], {
      showProgress: false,
      now: () => '2026-11-22T00:00:00.000Z',
    });
    expect(report).toMatchObject({ dataset: 'company_census', imported: 1, skipped: 0 });
    const company = await database.db
      .selectFrom('companies')
      .selectAll()
      .where('dot_number', '=', 295017)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      name: 'UNITED MOVING AND STORAGE INC',
      dba_name: null,
      mc_number: '139446',
      email: 'cloidhamer@united-moving.com',
      phy_street: '1770 NE FUSON RD',
      phy_city: 'BREMERTON',
      phy_state: 'WA',
      phy_zip: '98311-3729',
      phy_country: 'US',
      phy_cnty: '035',
      power_units: 18,
      truck_units: 18,
      total_drivers: 24,
      total_cdl: 7,
      mcs150_mileage_year: 2019,
      business_org_desc: 'CORPORATION',
      carrier_operation: 'A',
      status_code: 'A',
      company_officer_1: 'SHAUNA WASHBURN',
      company_officer_2: 'CRAIG LOIDHAMER',
      carship: 'C;S',
      cargo_codes: 'HOUSEHOLD',
      mcs150_date: '2025-05-28',
      add_date: '1987-06-10',
      claimed: 0,
    });
    expect(Number(company.mcs150_mileage)).toBe(10000);
    expect(company.latitude).toBeCloseTo(47.6, 0);
    expect(company.longitude).toBeCloseTo(-122.6, 0);

    // The search index knows the carrier by name words and by its e-mail domain.
    const found =
      testDialect === 'sqlite'
        ? await sql<{
            id: number;
          }>`SELECT c.id FROM companies_fts f JOIN companies c ON c.dot_number = (f.rowid & ${sql.lit(DOT_MASK)})
            WHERE companies_fts MATCH ${'"united"* AND "moving"* AND facets:"_wcom"'}`.execute(database.db)
        : await sql<{
            id: number;
          }>`SELECT id FROM companies WHERE search_vector @@ ${"united:* & moving:* & '_wcom'"}::tsquery`.execute(
            database.db,
          );
    expect(found.rows.map((row) => Number(row.id))).toEqual([company.id]);
  });

  it('indexes the e-mail domain as the website only when it is not a free-mail provider’s', async () => {
    const store = await createTestDatabase();
    try {
      const options = { showProgress: false };
      const first = censusWithEmails(path.join(dir, 'emails_census.csv'), [
        [1100001, 'SOLO HAULING', 'J.Doe@Gmail.com'],
        [1100002, 'PRAIRIE LINES LLC', 'Dispatch@AcmeFreight-Lines.com'],
        [1100003, 'ROADSIDE CARRIER', 'roadside@yahoo.com'],
        [1100004, 'NO MAIL TRUCKING', 'N/A'],
        [1100005, 'TWO ADDRESSES INC', 'a@gmail.com; b@hotmail.com'],
      ]);
      await importFiles(store.db, testDialect, [first], options);
      const webDomains = await store.db
        .selectFrom('companies')
        .select(['dot_number', 'email', 'web_domain'])
        .orderBy('dot_number')
        .execute();
      expect(webDomains.map((row) => [row.dot_number, row.web_domain])).toEqual([
        [1100001, null],
        [1100002, 'acmefreight-lines.com'],
        [1100003, null],
        [1100004, null],
        [1100005, null],
      ]);
      // The address itself is stored as published, for the claim flow.
      expect(webDomains[0]?.email).toBe('J.Doe@Gmail.com');
      for (const word of ['gmail', 'yahoo', 'hotmail', 'com']) {
        expect(await dotsMatchingPrefix(store.db, word), word).toEqual(word === 'com' ? [1100002] : []);
      }
      expect(await dotsMatchingPrefix(store.db, 'acmefreight')).toEqual([1100002]);

      // A newer file swaps the two carriers' addresses; the index follows, in place.
      const newer = censusWithEmails(path.join(dir, 'emails_census_newer.csv'), [
        [1100001, 'SOLO HAULING', 'office@solohauling.com'],
        [1100002, 'PRAIRIE LINES LLC', 'prairie.lines@gmail.com'],
      ]);
      await importFiles(store.db, testDialect, [newer], options);
      expect(await dotsMatchingPrefix(store.db, 'gmail')).toEqual([]);
      expect(await dotsMatchingPrefix(store.db, 'acmefreight')).toEqual([]);
      expect(await dotsMatchingPrefix(store.db, 'solohauling')).toEqual([1100001]);
    } finally {
      await store.destroy();
    }
  });

  it('skips bad rows with their line numbers and keeps the good ones', async () => {
    const file = path.join(dir, 'bad_census.csv');
    const header =
      'DOT_NUMBER,LEGAL_NAME,POWER_UNITS,TOTAL_DRIVERS,PHY_STATE,CRGO_GENFREIGHT,MCS150_DATE,CARSHIP';
    writeFileSync(
      file,
      [
        header,
        '1000001,GOOD ONE LLC,3,3,TX,X,20240101,C',
        ',NO DOT LLC,1,1,TX,,20240101,C',
        'abc,LETTERS LLC,1,1,TX,,20240101,C',
        '1000002,TOO,FEW',
        '1000003,"QUOTED, NAME INC",2,2,OH,,20240101,C;B',
        // Past any column's or the search's DOT numbers: skipped, not a failed import.
        '99999999999,GARBLED LLC,1,1,TX,,20240101,C',
      ].join('\n') + '\n',
    );
    const [report] = await importFiles(database.db, testDialect, [file], { showProgress: false });
    expect(report?.imported).toBe(2);
    expect(report?.skipped).toBe(4);
    expect(report?.skipExamples.map((example) => example.slice(0, 7))).toEqual([
      'line 3:',
      'line 4:',
      'line 5:',
      'line 7:',
    ]);
    expect(report?.skipExamples[3]).toBe('line 7: DOT number too large');
    expect(describeReport(report!)).toContain('2 rows imported, 4 skipped');
    const quoted = await database.db
      .selectFrom('companies')
      .select(['name', 'carship'])
      .where('dot_number', '=', 1000003)
      .executeTakeFirstOrThrow();
    expect(quoted).toEqual({ name: 'QUOTED, NAME INC', carship: 'C;B' });
  });

  it('reports a file it cannot read and goes on with the next', async () => {
    const garbage = path.join(dir, 'garbage.csv');
    writeFileSync(garbage, 'this,is,not\nan,fmcsa,file\n');
    const reports = await importFiles(
      database.db,
      testDialect,
      [path.join(dir, 'missing.csv'), garbage, SAMPLE_JSON],
      {
        showProgress: false,
      },
    );
    expect(reports.map((report) => Boolean(report.error))).toEqual([true, true, false]);
    expect(describeReport(reports[0]!)).toMatch(/^cannot be read: .*missing\.csv/);
  });
});
