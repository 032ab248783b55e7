import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import { startCommand } from '../../tests/support/child-command.ts';
import { startFakePortal, type FakePortal } from '../../tests/support/fake-portal.ts';
import { childProcessStores, testDialect } from '../../tests/support/test-database.ts';
import {
  COMPANY_CENSUS_COLUMNS,
  LI_AUTHHIST_COLUMNS,
  LI_CARRIER_COLUMNS,
  MOTUS_AUTHHIST_COLUMNS,
  MOTUS_CARRIER_COLUMNS,
  MOTUS_INSHIST_COLUMNS,
} from '../fmcsa/columns.ts';

// Issue 52, item 5: an L&I sync (the legacy history once, then Motus and its daily changes) killed
// (kill -9) at several moments and run again ends as an uninterrupted one: the same rows, the same
// search flags, every history event once.

const DOCKETS = 4_000;
const DAY_ONE = Date.UTC(2026, 11, 1, 9, 30) / 1000;
const DAY_TWO = Date.UTC(2026, 11, 2, 9, 30) / 1000;
const CENSUS = 'az4n-8mr2';
const LEGACY = { carrier: '6eyk-hxee', authHist: '9mw4-x3tu' };
const MOTUS = {
  carrier: { id: 'inys-ebih', daily: 'nakq-58th', columns: MOTUS_CARRIER_COLUMNS },
  insHist: { id: '3uet-3z4i', daily: 'xe5s-wca7', columns: MOTUS_INSHIST_COLUMNS },
  authHist: { id: 'yu5v-wbh6', daily: 'dm5j-zc6c', columns: MOTUS_AUTHHIST_COLUMNS },
};
const DATASETS = [
  '--datasets',
  [CENSUS, LEGACY.carrier, LEGACY.authHist, MOTUS.carrier.id, MOTUS.insHist.id, MOTUS.authHist.id].join(),
];
const PROPERTY = 'Motor Carrier of Property (Except Household Goods)';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const docket = (i: number) => `MC${800_000 + i}`;
const dot = (i: number) => 8_000_000 + i;
const day = (i: number) =>
  `20${10 + (i % 15)}${String((i % 12) + 1).padStart(2, '0')}${String((i % 28) + 1).padStart(2, '0')}`;
const rowOf = (columns: readonly string[], values: Record<string, string | number>) =>
  columns.map((column) => String(values[column] ?? '')).join(',');

interface Store {
  config: DatabaseConfig;
  db: Db;
  dataDir: string;
}

const countOf = async (db: Db, table: string) =>
  Number(
    (await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n,
  );

/** What the sync leaves that a reader sees. */
async function snapshot(db: Db) {
  const rows = (table: string, columns: string, order: string) =>
    sql<
      Record<string, unknown>
    >`SELECT ${sql.raw(columns)} FROM ${sql.table(table)} ORDER BY ${sql.raw(order)}`
      .execute(db)
      .then((result) => result.rows);
  return {
    dockets: await rows('li_dockets', 'docket, dot_number, legal_name, bipd_on_file_dollars', 'docket'),
    authorities: await rows('li_authorities', 'authority_key, status, source, status_on', 'authority_key'),
    authorityEvents: await rows('li_authority_events', 'event_key, action, action_on, source', 'event_key'),
    filings: await rows(
      'li_insurance',
      'filing_key, insurer, effective_on, cancellation_effective_on, ended_by',
      'filing_key',
    ),
    history: await rows(
      'record_history_events',
      'event_key, dot_number, kind, event, subject, effective_on, first_seen_on, source',
      'event_key',
    ),
    flags: await rows('companies', 'dot_number, authorized_for_hire, insurance_on_file', 'dot_number'),
    state: (await rows('sync_datasets', 'dataset_id, rows_updated_at', 'dataset_id')).map((row) => [
      row.dataset_id,
      Number(row.rows_updated_at),
    ]),
    flagsDue: await countOf(db, 'li_flags_due'),
    suspended: await rows('suspended_indexes', 'name', 'name'),
  };
}

describe(`an L&I sync killed at any moment (kill -9) on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-killed-li-sync-'));
  const stores = childProcessStores(dir);

  /** A CSV export of `rows` rows. */
  function writeExport(name: string, columns: readonly string[], rows: number, row: (i: number) => string) {
    const file = path.join(dir, name);
    writeFileSync(
      file,
      [columns.join(','), ...Array.from({ length: rows }, (_, i) => row(i))].join('\n') + '\n',
    );
    return file;
  }

  const census = writeExport('census.csv', COMPANY_CENSUS_COLUMNS, DOCKETS, (i) =>
    rowOf(COMPANY_CENSUS_COLUMNS, {
      DOT_NUMBER: dot(i),
      LEGAL_NAME: `CARRIER ${i}`,
      STATUS_CODE: 'A',
      CARRIER_OPERATION: 'A',
      CARSHIP: 'C',
      DOCKET1PREFIX: 'MC',
      DOCKET1: 800_000 + i,
      PHY_STATE: 'TX',
    }),
  );
  const legacyCarrier = writeExport('li-carrier.csv', LI_CARRIER_COLUMNS, DOCKETS, (i) =>
    rowOf(LI_CARRIER_COLUMNS, {
      docket_number: docket(i),
      dot_number: String(dot(i)).padStart(8, '0'),
      common_stat: i % 10 ? 'A' : 'I',
      contract_stat: 'N',
      broker_stat: 'N',
      min_cov_amount: '00750',
      bipd_file: '00750',
      legal_name: `CARRIER ${i}`,
    }),
  );
  const legacyAuthHist = writeExport('li-authhist.csv', LI_AUTHHIST_COLUMNS, DOCKETS * 2, (i) =>
    rowOf(LI_AUTHHIST_COLUMNS, {
      docket_number: docket(Math.floor(i / 2)),
      dot_number: String(dot(Math.floor(i / 2))).padStart(8, '0'),
      mod_col_1: 'COMMON',
      original_action_desc: i % 2 ? 'GRANTED' : 'REINSTATED',
      orig_served_date: `${String((i % 12) + 1).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/20${10 + (i % 14)}`,
    }),
  );
  /** Motus Carrier: every tenth docket Pending on day one, Active (granted) on day two. */
  const motusCarrier = (i: number, dayTwo: boolean) =>
    rowOf(MOTUS_CARRIER_COLUMNS, {
      DOCKET_NUMBER: docket(i),
      USDOT_NUMBER: dot(i),
      OP_AUTH_TYPE: PROPERTY,
      OP_AUTH_STATUS: i % 10 === 0 && !dayTwo ? 'Pending' : 'Active',
      MIN_COV_AMOUNT: '750000.00',
      BIPD_FILE: '750000.00',
      LEGAL_NAME: `CARRIER ${i}`,
    });
  const insHist = (i: number, policy: string) =>
    rowOf(MOTUS_INSHIST_COLUMNS, {
      DOCKET_NUMBER: docket(i),
      USDOT_NUMBER: dot(i),
      INS_FORM_CODE: 'BMC-91X',
      FILING_STATUS_REASON: i % 2 ? 'CANCEL' : 'TERM/REPL',
      INS_TYPE_CODE: 1,
      POLICY_NO: policy,
      INS_TYPE_DESC: 'BIPD/Primary',
      MIN_COV_AMOUNT: 750,
      INS_CLASS_CODE: 'P',
      EFFECTIVE_DATE: day(i),
      UNDERL_LIM_AMOUNT: 0,
      MAX_COV_AMOUNT: 1000,
      CANCL_EFFECTIVE_DATE: day(i + 40),
      INSURANCE_COMPANY_NAME: 'MOTUS MUTUAL',
    });
  const authHist = (i: number, on: string) =>
    rowOf(MOTUS_AUTHHIST_COLUMNS, {
      DOCKET_NUMBER: docket(i),
      USDOT_NUMBER: dot(i),
      OP_AUTH_TYPE: PROPERTY,
      OP_AUTH_STATUS: 'Active',
      REASON: 'GRANTED',
      STATUS_CHANGE_DATE: on,
    });
  const motusFiles = {
    carrier: writeExport('motus-carrier.csv', MOTUS.carrier.columns, DOCKETS, (i) => motusCarrier(i, false)),
    carrierDay1: writeExport('motus-carrier-d1.csv', MOTUS.carrier.columns, 1, (i) =>
      motusCarrier(i + 1, false),
    ),
    carrierDay2: writeExport('motus-carrier-d2.csv', MOTUS.carrier.columns, DOCKETS / 10, (i) =>
      motusCarrier(i * 10, true),
    ),
    insHist: writeExport('motus-inshist.csv', MOTUS.insHist.columns, DOCKETS * 3, (i) =>
      insHist(Math.floor(i / 3), `H${i}`),
    ),
    insHistDay1: writeExport('motus-inshist-d1.csv', MOTUS.insHist.columns, 1, () => insHist(1, 'H1')),
    insHistDay2: writeExport('motus-inshist-d2.csv', MOTUS.insHist.columns, DOCKETS / 4, (i) =>
      insHist(i * 4, `N${i}`),
    ),
    // Day one's history: one old grant; day two's grants the Pending dockets.
    authHist: writeExport('motus-authhist.csv', MOTUS.authHist.columns, 1, () => authHist(1, '20200101')),
    authHistDay2: writeExport('motus-authhist-d2.csv', MOTUS.authHist.columns, DOCKETS / 10, (i) =>
      authHist(i * 10, '20261202'),
    ),
  };

  async function portalOnDayOne(): Promise<FakePortal> {
    const portal = await startFakePortal();
    await portal.publishFile(CENSUS, census, DAY_ONE, 'DOT_NUMBER');
    await portal.publishFile(LEGACY.carrier, legacyCarrier, DAY_ONE);
    await portal.publishFile(LEGACY.authHist, legacyAuthHist, DAY_ONE);
    await portal.publishFile(MOTUS.carrier.id, motusFiles.carrier, DAY_ONE);
    await portal.publishFile(MOTUS.carrier.daily, motusFiles.carrierDay1, DAY_ONE);
    await portal.publishFile(MOTUS.insHist.id, motusFiles.insHist, DAY_ONE);
    await portal.publishFile(MOTUS.insHist.daily, motusFiles.insHistDay1, DAY_ONE);
    await portal.publishFile(MOTUS.authHist.id, motusFiles.authHist, DAY_ONE);
    await portal.publishFile(MOTUS.authHist.daily, motusFiles.authHist, DAY_ONE);
    return portal;
  }

  async function publishDayTwo(portal: FakePortal): Promise<void> {
    await portal.publishFile(MOTUS.carrier.daily, motusFiles.carrierDay2, DAY_TWO);
    await portal.publishFile(MOTUS.insHist.daily, motusFiles.insHistDay2, DAY_TWO);
    await portal.publishFile(MOTUS.authHist.daily, motusFiles.authHistDay2, DAY_TWO);
  }

  async function emptyStore(name: string): Promise<Store> {
    const { config, db } = await stores.create(name);
    return { config, db, dataDir: path.join(dir, `data-${name}`) };
  }

  function startSync(store: Store, portal: FakePortal) {
    const url = store.config.dialect === 'sqlite' ? `sqlite:${store.config.filename}` : store.config.url;
    return startCommand('cli/sync/main.ts', DATASETS, {
      DATABASE_URL: url,
      DATA_DIR: store.dataDir,
      FMCSA_PORTAL_URL: portal.url,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    });
  }

  async function syncToEnd(store: Store, portal: FakePortal): Promise<void> {
    const result = await startSync(store, portal).exited;
    expect(result.code, result.output).toBe(0);
  }

  /** Starts a sync, kills it (SIGKILL) once `moment` says so, and waits for it to be gone. */
  async function killWhen(store: Store, portal: FakePortal, moment: () => Promise<boolean>): Promise<void> {
    const run = startSync(store, portal);
    let exitedEarly = false;
    void run.exited.then(() => (exitedEarly = true));
    // A count read while the sync holds a lock is no moment yet.
    while (!exitedEarly && !(await moment().catch(() => false))) await sleep(5);
    expect(exitedEarly, 'the sync ended before the moment to kill it').toBe(false);
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
  }

  afterAll(async () => {
    await stores.destroyAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends, run again, as an uninterrupted sync would, with every history event once', async () => {
    let portal = await portalOnDayOne();
    const whole = await emptyStore('whole');
    await syncToEnd(whole, portal);
    await publishDayTwo(portal);
    await syncToEnd(whole, portal);
    const expected = await snapshot(whole.db);
    await portal.close();
    expect(expected.filings.length).toBeGreaterThanOrEqual(DOCKETS * 3);
    expect(expected.flagsDue).toBe(0);
    // Day two's grants of the Pending dockets are one dated event each, not two.
    const grants = expected.history.filter(
      (event) => event.first_seen_on === '2026-12-02' && event.kind === 'authority',
    );
    expect(grants).toHaveLength(DOCKETS / 10);
    expect(new Set(grants.map((event) => [event.event, event.effective_on].join()))).toEqual(
      new Set(['granted,2026-12-02']),
    );

    portal = await portalOnDayOne();
    const killed = await emptyStore('killed');
    const downloaded =
      (id: string, daily = id) =>
      async () => {
        const folder = path.join(killed.dataDir, 'sync', id, daily);
        return existsSync(folder) && readdirSync(folder).some((name) => /^export-\d+\.csv$/.test(name));
      };
    // 1.-3. Once each file is downloaded and checked, during its import: the legacy Carrier file, the
    // legacy AuthHist, the Motus InsHist history.
    await killWhen(killed, portal, downloaded(LEGACY.carrier));
    await killWhen(killed, portal, downloaded(LEGACY.authHist));
    await killWhen(killed, portal, downloaded(MOTUS.insHist.id));
    // 4. Every file imported, while the search flags of the dockets they touched are recomputed.
    await killWhen(killed, portal, async () => {
      const saved = await killed.db
        .selectFrom('sync_datasets')
        .select('dataset_id')
        .where('dataset_id', '=', MOTUS.authHist.daily)
        .executeTakeFirst();
      return saved !== undefined && (await countOf(killed.db, 'li_flags_due')) > 0;
    });
    expect(await countOf(killed.db, 'li_flags_due')).toBeGreaterThan(0);
    await syncToEnd(killed, portal);
    // 5. Day two, once the Motus daily changes are on disk, before they are all imported.
    await publishDayTwo(portal);
    await killWhen(killed, portal, downloaded(MOTUS.carrier.id, MOTUS.carrier.daily));
    await syncToEnd(killed, portal);
    await portal.close();

    expect(await snapshot(killed.db)).toEqual(expected);
  }, 600_000);
});
