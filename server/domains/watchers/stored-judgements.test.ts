import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchlistRow } from '../../../core/contracts/watchers.ts';
import { importFiles } from '../../../cli/import/import-files.ts';
import { writeCensus, type CensusRow } from '../../../tests/support/census-csv.ts';
import { carrierFields, fileWriter, quoted, searchFlagsOf } from '../../../tests/support/li-files.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { seedWatchlist } from '../../../tests/support/watchers.ts';
import { refreshFlagsAfterImports } from '../authority/repo.ts';
import { createWatchersRepo } from './repo.ts';
import { createWatchlistService } from './service.ts';

// Issue 54: the watchlist page reads each carrier's stored judgement (migration 133) and never shows
// a stale one: after each kind of change the page shows what the live judgement shows, before the
// import's refresh has judged the carrier again and after.

const DAY_1 = '2026-12-01';
const DAY_2 = '2026-12-02';
const ACTPEND_HEADER =
  'docket_number,dot_number,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,effective_date,cancl_effective_date';
const OOS_HEADER = 'DOT_NUMBER,LEGAL_NAME,DBA_NAME,OOS_DATE,OOS_REASON,STATUS,RESCIND_DATE';

const censusRow = (dot: number, name: string, status = 'A'): CensusRow => ({
  DOT_NUMBER: String(dot),
  LEGAL_NAME: name,
  STATUS_CODE: status,
  CARRIER_OPERATION: 'A',
  DOCKET1PREFIX: 'MC',
  DOCKET1: String(dot - 8_000_000),
  PHY_STATE: 'TX',
  PHY_COUNTRY: 'US',
});

/** ActPendInsur's row of a BI&PD filing of the carrier's MC docket (US dates). */
const filing = (dot: number, policy: string, effective: string, cancelled = '') =>
  `MC${dot - 8_000_000},0${dot},91X,BIPD/Primary,SAFE MUTUAL,${policy},01/01/2020,0,750,${effective},${cancelled}`;

// Each carrier one story: its census status changes, its insurance is cancelled, it is ordered out
// of service, its only filing takes effect on day 2, and one without L&I.
const STATUS = 8_100_001;
const CANCELLED = 8_100_002;
const ORDERED = 8_100_003;
const STARTS = 8_100_004;
const INTRASTATE = 8_100_005;
/** L&I gives it docket MC100006, which its census row does not name, until TAKER's does. */
const HOLDER = 8_100_006;
const TAKER = 8_100_007;
/** L&I gives docket MC100008 to the first, until a Carrier file gives it to the second. */
const MOVED_FROM = 8_100_008;
const MOVED_TO = 8_100_009;
const CARRIERS = [STATUS, CANCELLED, ORDERED, STARTS, HOLDER, MOVED_FROM];
/** Every carrier of the list: those with L&I rows, and three without. */
const LISTED = [...CARRIERS, INTRASTATE, TAKER, MOVED_TO].sort((a, b) => a - b);

describe(`the watchlist page's stored judgements on ${testDialect}`, () => {
  let database: TestDatabase;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-judgements-'));
  const file = fileWriter(dir);
  let list: { accountId: number; watchlistId: number };

  const census = (rows: CensusRow[]) => writeCensus(path.join(dir, 'census.csv'), rows);
  const censusRows = (statusOfStatus = 'A', takerDocket = '') => [
    censusRow(STATUS, 'STATUS CARRIER', statusOfStatus),
    censusRow(CANCELLED, 'CANCELLED CARRIER'),
    censusRow(ORDERED, 'ORDERED CARRIER'),
    censusRow(STARTS, 'STARTS CARRIER'),
    { ...censusRow(INTRASTATE, 'INTRASTATE CARRIER'), CARRIER_OPERATION: 'C', DOCKET1: '' },
    { ...censusRow(HOLDER, 'HOLDER CARRIER'), DOCKET1: '' },
    { ...censusRow(TAKER, 'TAKER CARRIER'), DOCKET1: takerDocket },
    { ...censusRow(MOVED_FROM, 'MOVED FROM CARRIER'), DOCKET1: '' },
    { ...censusRow(MOVED_TO, 'MOVED TO CARRIER'), DOCKET1: '' },
  ];
  const at = (day: string, hour: string, refresh = true) => ({
    showProgress: false,
    asOf: day,
    now: () => `${day}T${hour}:00:00.000Z`,
    refreshAfterImports: refresh,
  });

  /** The list's first view on `day` by a new instance (nothing kept): each carrier's columns shown. */
  async function firstView(day: string) {
    const service = createWatchlistService({
      db: database.db,
      repo: createWatchersRepo(database.db),
      clock: () => new Date(`${day}T12:00:00Z`),
    });
    const page = await service.page(list.accountId, list.watchlistId, {
      sort: 'dot_number',
      order: 'asc',
      page: 1,
      page_size: 100,
    });
    return Object.fromEntries(
      page.data.map((row: WatchlistRow) => [row.dot_number, [row.verdict, row.verdict_level, row.insurance]]),
    );
  }

  const stored = async (dot: number) =>
    database.db
      .selectFrom('carrier_judgements')
      .select(['headline', 'level', 'insurance', 'judged_on', 'holds_until'])
      .where('dot_number', '=', dot)
      .executeTakeFirst();

  const AUTHORIZED = ['Authorized for hire', 'authorized', 'On file'];
  const NOT_AUTHORIZED_UNINSURED = ['Not authorized for hire', 'not authorized', 'None in force'];
  const NO_AUTHORITY = NOT_AUTHORIZED_UNINSURED;

  beforeAll(async () => {
    database = await createTestDatabase();
    await importFiles(
      database.db,
      testDialect,
      [
        census(censusRows()),
        file(
          'carrier-awh.txt',
          CARRIERS.map((dot) =>
            quoted(carrierFields(`MC${dot - 8_000_000}`, `0${dot}`, { onFile: '00000', required: '00750' })),
          ),
        ),
        file('actpendinsur.csv', [
          ACTPEND_HEADER,
          filing(STATUS, 'S-1', '01/01/2020'),
          filing(CANCELLED, 'C-1', '01/01/2020'),
          filing(ORDERED, 'O-1', '01/01/2020'),
          filing(STARTS, 'N-1', '12/02/2026'),
          filing(HOLDER, 'H-1', '01/01/2020'),
          filing(MOVED_FROM, 'M-1', '01/01/2020'),
        ]),
      ],
      at(DAY_1, '06'),
    );
    list = await seedWatchlist(database.db, 'watcher@example.com', 'Carriers', LISTED);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an import judges every carrier, and the first view reads the stored judgements', async () => {
    expect(await firstView(DAY_1)).toEqual({
      [STATUS]: AUTHORIZED,
      [CANCELLED]: AUTHORIZED,
      [ORDERED]: AUTHORIZED,
      [STARTS]: NOT_AUTHORIZED_UNINSURED,
      [INTRASTATE]: ['No for-hire authority needed', 'not needed', 'None in force'],
      [HOLDER]: AUTHORIZED,
      [TAKER]: NO_AUTHORITY,
      [MOVED_FROM]: AUTHORIZED,
      [MOVED_TO]: NO_AUTHORITY,
    });
    // The filing that takes effect on day 2 bounds how long its carrier's judgement holds.
    expect(await stored(STARTS)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      insurance: 'None in force',
      judged_on: DAY_1,
      holds_until: DAY_2,
    });
    // A stored row that says otherwise is what the page shows: the page reads it, not the record.
    await database.db
      .updateTable('carrier_judgements')
      .set({ headline: 'Out of service', level: 'not authorized' })
      .where('dot_number', '=', STATUS)
      .execute();
    expect((await firstView(DAY_1))[STATUS]).toEqual(['Out of service', 'not authorized', 'On file']);
    await refreshFlagsAfterImports(database.db, DAY_1);
    await database.db
      .updateTable('carrier_judgements')
      .set({ headline: 'Authorized for hire', level: 'authorized' })
      .where('dot_number', '=', STATUS)
      .execute();
    expect((await firstView(DAY_1))[STATUS]).toEqual(AUTHORIZED);
  });

  it('a census change of the USDOT status shows at once, and the next refresh stores it', async () => {
    await importFiles(database.db, testDialect, [census(censusRows('I'))], at(DAY_1, '07', false));
    const inactive = ['Not authorized for hire', 'not authorized', 'On file'];
    expect((await firstView(DAY_1))[STATUS]).toEqual(inactive);
    expect((await stored(STATUS))?.headline).toBe('Authorized for hire');
    expect(await searchFlagsOf(database.db, STATUS)).toEqual([1, 1]);
    await refreshFlagsAfterImports(database.db, DAY_1);
    expect((await stored(STATUS))?.headline).toBe('Not authorized for hire');
    // The search's flag follows the census too, from the same judging.
    expect(await searchFlagsOf(database.db, STATUS)).toEqual([0, 1]);
    expect((await firstView(DAY_1))[STATUS]).toEqual(inactive);
  });

  it('a census MC number that takes a docket from the carrier L&I gives it judges both again, and gives it back', async () => {
    await importFiles(database.db, testDialect, [census(censusRows('I', '100006'))], at(DAY_1, '10'));
    const view = await firstView(DAY_1);
    expect([view[HOLDER], view[TAKER]]).toEqual([NO_AUTHORITY, AUTHORIZED]);
    expect((await stored(HOLDER))?.headline).toBe('Not authorized for hire');
    await importFiles(database.db, testDialect, [census(censusRows('I'))], at(DAY_1, '11'));
    const after = await firstView(DAY_1);
    expect([after[HOLDER], after[TAKER]]).toEqual([AUTHORIZED, NO_AUTHORITY]);
    expect((await stored(HOLDER))?.headline).toBe('Authorized for hire');
  });

  it('an L&I file that gives a docket to another DOT number judges the carrier that held it again', async () => {
    await importFiles(
      database.db,
      testDialect,
      [
        file('carrier-moved.txt', [
          quoted(carrierFields('MC100008', `0${MOVED_TO}`, { onFile: '00000', required: '00750' })),
        ]),
      ],
      at(DAY_1, '12'),
    );
    const view = await firstView(DAY_1);
    expect([view[MOVED_FROM], view[MOVED_TO]]).toEqual([NO_AUTHORITY, AUTHORIZED]);
    expect((await stored(MOVED_FROM))?.headline).toBe('Not authorized for hire');
  });

  it('an L&I change (insurance cancelled) shows while the import runs and after its refresh', async () => {
    await importFiles(
      database.db,
      testDialect,
      [file('actpendinsur-2.csv', [ACTPEND_HEADER, filing(CANCELLED, 'C-1', '01/01/2020', '12/01/2026')])],
      at(DAY_1, '08', false),
    );
    expect((await firstView(DAY_1))[CANCELLED]).toEqual(NOT_AUTHORIZED_UNINSURED);
    expect((await stored(CANCELLED))?.headline).toBe('Authorized for hire');
    await refreshFlagsAfterImports(database.db, DAY_1);
    expect(await stored(CANCELLED)).toMatchObject({
      headline: 'Not authorized for hire',
      insurance: 'None in force',
    });
    expect((await firstView(DAY_1))[CANCELLED]).toEqual(NOT_AUTHORIZED_UNINSURED);
  });

  it('an out-of-service order shows on the page', async () => {
    await importFiles(
      database.db,
      testDialect,
      [file('oos.csv', [OOS_HEADER, `${ORDERED},ORDERED CARRIER,,11/30/2026,IMMINENT HAZARD,ACTIVE,`])],
      at(DAY_1, '09'),
    );
    expect((await firstView(DAY_1))[ORDERED]).toEqual(['Out of service', 'not authorized', 'On file']);
    expect((await stored(ORDERED))?.headline).toBe('Out of service');
  });

  it('a filing whose effective day comes shows on that day, before the calendar refresh and after', async () => {
    const view = await firstView(DAY_2);
    expect(view[STARTS]).toEqual(AUTHORIZED);
    // The others hold on day 2: nothing of their records is dated in between.
    expect(view[STATUS]).toEqual(['Not authorized for hire', 'not authorized', 'On file']);
    expect((await stored(STARTS))?.headline).toBe('Not authorized for hire');
    await refreshFlagsAfterImports(database.db, DAY_2);
    expect(await stored(STARTS)).toMatchObject({
      headline: 'Authorized for hire',
      judged_on: DAY_2,
      holds_until: null,
    });
    expect((await firstView(DAY_2))[STARTS]).toEqual(AUTHORIZED);
  });

  it('carriers never judged (a store upgraded to migration 133) are judged live, then stored by the next import', async () => {
    const before = await firstView(DAY_2);
    await database.db.deleteFrom('carrier_judgements').execute();
    await database.db.deleteFrom('carrier_judgements_state').execute();
    expect(await firstView(DAY_2)).toEqual(before);
    await importFiles(database.db, testDialect, [census(censusRows('I'))], at(DAY_2, '06'));
    const judged = await database.db
      .selectFrom('carrier_judgements')
      .select(['dot_number', 'headline'])
      .orderBy('dot_number')
      .execute();
    expect(judged).toEqual(LISTED.map((dot) => ({ dot_number: dot, headline: before[dot]?.[0] })));
    expect(await firstView(DAY_2)).toEqual(before);
  });
});
