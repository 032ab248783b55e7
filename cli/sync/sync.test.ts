import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import { acquireSyncLease, createSyncRepo } from '../../server/domains/sync/repo.ts';
import { startFakePortal, type FakePortal } from '../../tests/support/fake-portal.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { generateDemoData, type DemoFiles } from '../demo/generate.ts';
import { LI_REVOCATION_COLUMNS, MOTUS_CARRIER_COLUMNS } from '../fmcsa/columns.ts';
import { splitCsvLine } from './check-download.ts';
import { syncCommand } from './command.ts';
import { describeDataset, PORTAL_DATASETS } from './portal-datasets.ts';

const CENSUS = 'az4n-8mr2';
const INSPECTIONS = 'fx4q-ay7w';
const CRASHES = 'aayw-vxb3';
const CARRIERS = 400;
/** The portal's versions: day one and day two, Unix seconds. */
const DAY_ONE = Date.UTC(2026, 11, 1, 9, 30) / 1000;
const DAY_TWO = Date.UTC(2026, 11, 2, 9, 30) / 1000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-sync-'));
let demo: DemoFiles;
let portal: FakePortal;
let store: TestDatabase;
let db: Db;
let dataDir: string;
let databaseUrl: string;
let storeCount = 0;

/** A store the command can open too (SQLite: a file, not memory). */
async function freshStore(): Promise<void> {
  storeCount += 1;
  if (testDialect === 'sqlite') {
    const filename = path.join(dir, `store-${storeCount}.db`);
    db = openDatabase({ dialect: 'sqlite', filename });
    store = { db, config: { dialect: 'sqlite', filename }, destroy: () => db.destroy() };
    databaseUrl = `sqlite:${filename}`;
  } else {
    store = await createTestDatabase();
    db = store.db;
    databaseUrl = (store.config as { url: string }).url;
  }
  dataDir = path.join(dir, `data-${storeCount}`);
}

/** Runs `npm run sync` with these arguments; its exit code and what it printed. */
async function sync(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await syncCommand(args, {
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      FMCSA_PORTAL_URL: portal.url,
      ...env,
    },
    portal: { retryBaseMs: 20, stallTimeoutMs: 400, maxAttempts: 4 },
    pageRows: 3,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const count = async (table: 'companies' | 'inspections' | 'crashes') =>
  Number(
    (await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n,
  );

const legalName = async (dot: number) =>
  (await db.selectFrom('companies').select('name').where('dot_number', '=', dot).executeTakeFirst())?.name;

/** The census file's rows, each as its fields, and the header. */
function censusRows() {
  const [head = '', ...lines] = readFileSync(demo.census, 'utf8').split('\n').filter(Boolean);
  const header = splitCsvLine(head);
  return { header, rows: lines.map(splitCsvLine) };
}

const requestsSince = (from: number) => portal.requests.slice(from);

beforeAll(async () => {
  demo = await generateDemoData({
    carriers: CARRIERS,
    seed: 52,
    outDir: dir,
    today: new Date(DAY_ONE * 1000),
  });
}, 60_000);

beforeEach(async () => {
  portal = await startFakePortal();
  await portal.publishFile(CENSUS, demo.census, DAY_ONE, 'DOT_NUMBER');
  await portal.publishFile(INSPECTIONS, demo.inspections, DAY_ONE);
  await portal.publishFile(CRASHES, demo.crashes, DAY_ONE);
  await freshStore();
  return async () => {
    await portal.close();
    await store.destroy();
  };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAILY = ['--datasets', `${CENSUS},${INSPECTIONS},${CRASHES}`];

describe(`npm run sync against a local portal, on ${testDialect}`, () => {
  it('loads each dataset whole the first time, with the app token, and records the portal version', async () => {
    const result = await sync(DAILY, { FMCSA_APP_TOKEN: 'token-for-the-fake-portal' });
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('sync: all 3 datasets are current');
    expect(await count('companies')).toBe(CARRIERS);
    expect(await count('inspections')).toBe(demo.counts.inspections);
    expect(await count('crashes')).toBe(demo.counts.crashes);
    expect(portal.requests.map((request) => `${request.endpoint} ${request.id}`)).toEqual([
      `metadata ${CENSUS}`,
      `export ${CENSUS}`,
      `metadata ${INSPECTIONS}`,
      `export ${INSPECTIONS}`,
      `metadata ${CRASHES}`,
      `export ${CRASHES}`,
    ]);
    expect(
      portal.requests.every((request) => request.headers['x-app-token'] === 'token-for-the-fake-portal'),
    ).toBe(true);
    const states = await createSyncRepo(db).datasets();
    expect(states.map((state) => [state.datasetId, state.rowsUpdatedAt])).toEqual([
      [CRASHES, DAY_ONE],
      [CENSUS, DAY_ONE],
      [INSPECTIONS, DAY_ONE],
    ]);
    // The profile's dates read the day the portal's data describes.
    const imports = await db
      .selectFrom('data_imports')
      .select(['dataset', 'as_of'])
      .orderBy('dataset')
      .execute();
    expect(imports).toEqual([
      { dataset: 'company_census', as_of: '2026-12-01' },
      { dataset: 'mcmis_crash', as_of: '2026-12-01' },
      { dataset: 'mcmis_inspection', as_of: '2026-12-01' },
    ]);
    // The downloads are gone once imported.
    expect(() => readFileSync(path.join(dataDir, 'sync', CENSUS))).toThrow();
  });

  it('asks only for metadata when nothing changed, and only for the changed rows when some did', async () => {
    expect((await sync(DAILY)).code).toBe(0);
    let from = portal.requests.length;
    const unchanged = await sync(DAILY);
    expect(unchanged.code, unchanged.err).toBe(0);
    expect(unchanged.out).toContain('Company Census File (az4n-8mr2): current (as of 2026-12-01)');
    expect(requestsSince(from).map((request) => request.endpoint)).toEqual([
      'metadata',
      'metadata',
      'metadata',
    ]);

    // Day two: four carriers renamed and one new, in pages of three rows.
    const { header, rows } = censusRows();
    const nameAt = header.indexOf('LEGAL_NAME');
    const dotAt = header.indexOf('DOT_NUMBER');
    const changed = rows
      .slice(10, 14)
      .map((row) => row.map((value, index) => (index === nameAt ? `RENAMED ${value}` : value)));
    const added = rows[0]!.map((value, index) =>
      index === dotAt ? '9999001' : index === nameAt ? 'NEWLY REGISTERED LLC' : value,
    );
    portal.update(CENSUS, [...changed, added], DAY_TWO);
    from = portal.requests.length;
    const result = await sync(DAILY);
    expect(result.code, result.err).toBe(0);
    const asked = requestsSince(from).filter((request) => request.id === CENSUS);
    expect(asked.map((request) => request.endpoint)).toEqual(['metadata', 'resource', 'resource']);
    const query = new URL(asked[1]!.url, portal.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      $select: '*',
      $where: ":updated_at > '2026-12-01T09:30:00.000'",
      $order: ':id',
      $limit: '3',
      $offset: '0',
    });
    expect(new URL(asked[2]!.url, portal.url).searchParams.get('$offset')).toBe('3');
    expect(await count('companies')).toBe(CARRIERS + 1);
    expect(await legalName(Number(changed[0]![dotAt]))).toBe(changed[0]![nameAt]);
    expect(await legalName(9_999_001)).toBe('NEWLY REGISTERED LLC');
    const census = await createSyncRepo(db).datasets();
    expect(census.find((state) => state.datasetId === CENSUS)?.rowsUpdatedAt).toBe(DAY_TWO);
    const asOf = await db
      .selectFrom('data_imports')
      .select((eb) => eb.fn.max('as_of').as('as_of'))
      .where('dataset', '=', 'company_census')
      .executeTakeFirst();
    expect(asOf?.as_of).toBe('2026-12-02');

    // Day three: a new version of the census with no row changed; its data is as of day three.
    portal.update(CENSUS, [], DAY_TWO + 86_400);
    const quiet = await sync(DAILY);
    expect(quiet.code, quiet.err).toBe(0);
    expect(quiet.out).toContain('Company Census File (az4n-8mr2): no rows changed (data as of 2026-12-03)');
    const dates = await createCarrierDataRepo(db).dataDates();
    expect(dates).toEqual({
      census_as_of: '2026-12-03',
      inspections_through: '2026-12-01',
      crashes_through: '2026-12-01',
      // No violation file in this portal's datasets.
      violations_through: null,
    });
  });

  it('retries a 500 and a dropped connection, and waits out a 429 for its Retry-After', async () => {
    portal.fail('metadata', CENSUS, { kind: 'status', status: 500 });
    portal.fail('metadata', CENSUS, { kind: 'status', status: 503 });
    portal.fail('export', CENSUS, { kind: 'status', status: 429, retryAfterSeconds: 1 });
    const result = await sync(['--datasets', CENSUS]);
    expect(result.code, result.err).toBe(0);
    expect(portal.requests.filter((request) => request.endpoint === 'metadata')).toHaveLength(3);
    const exports = portal.requests.filter((request) => request.endpoint === 'export');
    expect(exports).toHaveLength(2);
    expect(exports[1]!.at - exports[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(await count('companies')).toBe(CARRIERS);
  });

  it('resumes a download cut short with a Range request, and starts again where Range is not honoured', async () => {
    portal.fail('export', CENSUS, { kind: 'truncate', afterBytes: 20_000 });
    const resumed = await sync(['--datasets', CENSUS]);
    expect(resumed.code, resumed.err).toBe(0);
    const exports = portal.requests.filter((request) => request.endpoint === 'export');
    expect(exports.map((request) => request.headers.range)).toEqual([undefined, 'bytes=20000-']);
    expect(await count('companies')).toBe(CARRIERS);

    await freshStore();
    portal.honourRange(false);
    portal.fail('export', CENSUS, { kind: 'truncate', afterBytes: 20_000 });
    const again = await sync(['--datasets', CENSUS]);
    expect(again.code, again.err).toBe(0);
    expect(await count('companies')).toBe(CARRIERS);
  });

  it('drops a connection that stalls and asks again', async () => {
    portal.fail('export', CENSUS, { kind: 'stall', afterBytes: 5000 });
    const result = await sync(['--datasets', CENSUS]);
    expect(result.code, result.err).toBe(0);
    expect(
      portal.requests.filter((request) => request.endpoint === 'export').map((r) => r.headers.range),
    ).toEqual([undefined, 'bytes=5000-']);
    expect(await count('companies')).toBe(CARRIERS);
  });

  it('refuses a maintenance page taken for data, names the dataset, and keeps the last good data', async () => {
    expect((await sync(DAILY)).code).toBe(0);
    const { header, rows } = censusRows();
    const nameAt = header.indexOf('LEGAL_NAME');
    const dot = Number(rows[5]![header.indexOf('DOT_NUMBER')]);
    const before = await legalName(dot);
    portal.update(CENSUS, [rows[5]!.map((value, index) => (index === nameAt ? 'NOT YET' : value))], DAY_TWO);
    for (let attempt = 0; attempt < 4; attempt += 1) portal.fail('resource', CENSUS, { kind: 'html' });
    const result = await sync(DAILY);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'sync: 1 of 3 datasets are not current (their last good data is kept):\n' +
        '  Company Census File (az4n-8mr2), changed rows from 0: the portal answered with an HTML page instead of data (maintenance or an error page); gave up after 4 attempts',
    );
    expect(await legalName(dot)).toBe(before);
    expect(
      (await createSyncRepo(db).datasets()).find((state) => state.datasetId === CENSUS)?.rowsUpdatedAt,
    ).toBe(DAY_ONE);
    // The next run, the portal back, brings it current.
    const next = await sync(DAILY);
    expect(next.code, next.err).toBe(0);
    expect(await legalName(dot)).toBe('NOT YET');
  });

  it('refuses a changed column set before downloading, and goes on with the other datasets', async () => {
    const { header, rows } = censusRows();
    const phoneAt = header.indexOf('PHONE');
    const changedFile = path.join(dir, 'census-without-phone.csv');
    writeFileSync(
      changedFile,
      [header, ...rows]
        .map((values) => values.filter((_, index) => index !== phoneAt).join(',') + '\n')
        .join(''),
    );
    await portal.publishFile(CENSUS, changedFile, DAY_ONE, 'DOT_NUMBER');
    const result = await sync(DAILY);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'sync: 1 of 3 datasets are not current (their last good data is kept):\n' +
        "  Company Census File (az4n-8mr2): the portal's columns changed: column PHONE missing; not imported",
    );
    expect(portal.requests.some((request) => request.endpoint === 'export' && request.id === CENSUS)).toBe(
      false,
    );
    expect(await count('companies')).toBe(0);
    expect(await count('inspections')).toBe(demo.counts.inspections);
  });

  it('fails a dataset whose download cannot be written, and goes on with the others', async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'sync'), 'a file where the downloads go');
    const result = await sync(DAILY);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'sync: 3 of 3 datasets are not current (their last good data is kept):\n' +
        [CENSUS, INSPECTIONS, CRASHES]
          .map(
            (id) =>
              `  ${describeDataset(PORTAL_DATASETS.find((dataset) => dataset.id === id)!)}: cannot write the download under ${path.join(dataDir, 'sync', id)} (ENOTDIR)`,
          )
          .join('\n'),
    );
    expect(await count('companies')).toBe(0);
  });

  it('gives up on a portal that keeps failing, with the status in the message', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1)
      portal.fail('metadata', CENSUS, { kind: 'status', status: 502 });
    const result = await sync(['--datasets', CENSUS]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      '  Company Census File (az4n-8mr2): the portal failed (HTTP 502); gave up after 4 attempts',
    );
  });

  it('loads a Motus dataset whole once, then its daily changes, and catches up a skipped day from the whole', async () => {
    const header = MOTUS_CARRIER_COLUMNS.join(',');
    const row = (docket: string, dot: number, status: string) =>
      `${docket},${dot},,Motor Carrier of Property (Except Household Goods),${status},750,N,N,750,N,N,N,N,,MOTUS LINES ${dot},,,,,,,,,,,,,`;
    const whole = path.join(dir, 'motus-carrier-all.csv');
    writeFileSync(
      whole,
      `${header}\n${row('MC1426065', 2200001, 'Active')}\n${row('MC1426066', 2200002, 'Active')}\n`,
    );
    const daily = path.join(dir, 'motus-carrier-daily.csv');
    writeFileSync(daily, `${header}\n${row('MC1426066', 2200002, 'Inactive')}\n`);
    await portal.publishFile('inys-ebih', whole, DAY_ONE);
    await portal.publishFile('nakq-58th', daily, DAY_ONE);
    const revocations = path.join(dir, 'li-revocation.csv');
    writeFileSync(
      revocations,
      `${LI_REVOCATION_COLUMNS.join(',')}\nMC1426066,02200002,COMMON,01/02/2026,INVOLUNTARY REVOCATION,02/02/2026\n`,
    );
    await portal.publishFile('sa6p-acbp', revocations, DAY_ONE);
    const motusAndArchive = ['--datasets', 'sa6p-acbp,nakq-58th'];

    const first = await sync(motusAndArchive);
    expect(first.code, first.err).toBe(0);
    expect(portal.requests.map((request) => `${request.endpoint} ${request.id}`)).toEqual([
      'metadata sa6p-acbp',
      'export sa6p-acbp',
      'metadata inys-ebih',
      'metadata nakq-58th',
      'export inys-ebih',
    ]);

    // The next day: the daily-change export; the archive is not asked for again, though it "changed".
    await portal.publishFile('nakq-58th', daily, DAY_TWO);
    await portal.publishFile('sa6p-acbp', revocations, DAY_TWO);
    let from = portal.requests.length;
    const next = await sync(motusAndArchive);
    expect(next.code, next.err).toBe(0);
    expect(next.out).toContain(
      'L&I Revocation (all with history) (sa6p-acbp): the frozen archive, loaded once (2026-12-01)',
    );
    expect(requestsSince(from).map((request) => `${request.endpoint} ${request.id}`)).toEqual([
      'metadata nakq-58th',
      'export nakq-58th',
    ]);

    // Three days on: a daily file was missed, so the rows changed since come from the whole dataset.
    const dayFive = DAY_TWO + 3 * 86_400;
    portal.update('inys-ebih', [splitCsvLine(row('MC1426067', 2200003, 'Active'))], dayFive);
    await portal.publishFile('nakq-58th', daily, dayFive);
    from = portal.requests.length;
    const caughtUp = await sync(motusAndArchive);
    expect(caughtUp.code, caughtUp.err).toBe(0);
    expect(requestsSince(from).map((request) => `${request.endpoint} ${request.id}`)).toEqual([
      'metadata nakq-58th',
      'metadata inys-ebih',
      'resource inys-ebih',
    ]);
    const imports = await db
      .selectFrom('data_imports')
      .select(['dataset', 'imported_rows', 'as_of'])
      .where('dataset', 'in', ['motus_carrier', 'li_revocation'])
      .orderBy('imported_at')
      .execute();
    expect(imports).toEqual([
      { dataset: 'li_revocation', imported_rows: 1, as_of: '2026-12-01' },
      { dataset: 'motus_carrier', imported_rows: 2, as_of: '2026-12-01' },
      { dataset: 'motus_carrier', imported_rows: 1, as_of: '2026-12-02' },
      { dataset: 'motus_carrier', imported_rows: 1, as_of: '2026-12-05' },
    ]);
  });

  it('refuses unknown datasets and arguments, and a second sync while one runs', async () => {
    expect(await sync(['--datasets', 'zzzz-0000'])).toMatchObject({ code: 2 });
    expect((await sync(['--datasets', 'zzzz-0000'])).err).toMatch(
      /^--datasets: no such dataset: zzzz-0000 \(known: az4n-8mr2, /,
    );
    expect(await sync(['--everything'])).toEqual({
      code: 2,
      out: '',
      err: 'usage: npm run sync -- [--datasets ID,ID,...]',
    });
    // The SMS census can be named though it is not in the default set.
    const sms = await sync(['--datasets', 'kjg3-diqy']);
    expect(sms.err).toBe(
      'sync: 1 of 1 datasets are not current (their last good data is kept):\n' +
        '  SMS Input - Motor Carrier Census (kjg3-diqy): not found on the portal (HTTP 404)',
    );

    const held = await acquireSyncLease(db, 60_000);
    expect('lease' in held).toBe(true);
    const blocked = await sync(DAILY);
    expect(blocked.code).toBe(3);
    expect(blocked.err).toMatch(
      new RegExp(
        `^sync: another sync is running \\(process ${process.pid} on ${os.hostname()}, lease until .+\\); this one stops$`,
      ),
    );
    if ('lease' in held) await held.lease.release();
    expect((await sync(DAILY)).code).toBe(0);
  });

  it('lets one of two syncs started together run', async () => {
    // A store the server has opened (and migrated) already.
    await migrateToLatest(db, testDialect);
    const results = await Promise.all([sync(DAILY), sync(DAILY)]);
    expect(results.map((result) => result.code).sort()).toEqual([0, 3]);
    expect(portal.requests.filter((request) => request.endpoint === 'export')).toHaveLength(3);
    expect(await count('companies')).toBe(CARRIERS);
  });
});
