/**
 * Alerts benchmark (npm run bench:alerts): a store with 100,000 watchlists holding 20 million watched
 * carriers in all (of 4.4 million), 1 % of accounts with a webhook endpoint, and 45 days of
 * out-of-service inspections and crashes; then a day's changes (0.2 % of carriers, a few events
 * each, one in ten severe) and the computation the sync runs after it: alerts of every watching list,
 * severe e-mails, webhook deliveries, owners' notices and the digest, all queued. Prints the figure
 * beside its target, on SQLite and, given --postgres-url (a cluster where it may create a database),
 * on PostgreSQL. Run it at nice 10: the data is built set-based in the database. Then, on each store,
 * the watchers' figures (./watchers-figures.ts, as npm run bench:watch: the lookup of 500 numbers and
 * the watchlist page of 5,000 carriers beside their targets) on a store of --watch-carriers demo
 * carriers, or a copy given with --sqlite-db, or a kept PostgreSQL store (--postgres-db). Build first
 * (npm run build): those are measured through the built server. --figures alerts or watchers runs one.
 *
 *   nice -n 10 npm run bench:alerts [-- --watched 20000000 --lists 100000 --postgres-url postgres://u@host:5432/postgres
 *                                      --figures alerts,watchers --watch-carriers 300000 --sqlite-db COPY/app.db
 *                                      --postgres-db URL --samples 100 --port 3204]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { NewHistoryEvent } from '../../core/history.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest, type Dialect } from '../../server/db/migrate.ts';
import { computeAlerts } from '../../server/domains/alerts/compute.ts';
import { createCarrierDataRepo } from '../../server/domains/carrier-data/repo.ts';
import type { CarrierRecord } from '../../server/domains/carrier-data/records.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { measureWatchers } from './watchers-figures.ts';

const { values } = parseArgs({
  options: {
    watched: { type: 'string', default: '20000000' },
    lists: { type: 'string', default: '100000' },
    carriers: { type: 'string', default: '4400000' },
    'postgres-url': { type: 'string' },
    // Which stores to run: sqlite, postgres, or both (postgres needs --postgres-url or --postgres-db).
    stores: { type: 'string', default: 'sqlite,postgres' },
    // Which figures: the alerts of a day, the watchers' lookup and page, or both.
    figures: { type: 'string', default: 'alerts,watchers' },
    'watch-carriers': { type: 'string', default: '300000' },
    'sqlite-db': { type: 'string' },
    'postgres-db': { type: 'string' },
    samples: { type: 'string', default: '100' },
    port: { type: 'string', default: '3204' },
  },
});
const WATCHED = Number(values.watched);
const LISTS = Number(values.lists);
const CARRIERS = Number(values.carriers);
const PER_LIST = Math.round(WATCHED / LISTS);
/** Share of carriers with changes on the day, and of their events that are severe. */
const CHANGED_SHARE = 0.002;
const TARGET_SECONDS = 60;
const DAY = '2026-12-07';
const NOW = new Date(`${DAY}T07:00:00Z`);
const APP_URL = 'https://carrierpage.example';
/** Primes: list l holds carriers (l * A + k * B) mod CARRIERS + 1 for k = 1..PER_LIST, all distinct. */
const A = 7919;
const B = 104_729;

const seconds = (from: number) => (performance.now() - from) / 1000;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`  ${label}: ${seconds(start).toFixed(1)} s`);
  return result;
}

/** Accounts, lists, the watched carriers (indexes built after the rows) and a few webhook endpoints. */
async function buildWatchlists(db: Db, dialect: Dialect) {
  const at = `${DAY}T00:00:00.000Z`;
  await sql`DROP INDEX watchlist_carriers_dot`.execute(db);
  if (dialect === 'postgres') {
    await sql`ALTER TABLE watchlist_carriers DROP CONSTRAINT watchlist_carriers_pk`.execute(db);
    await sql`INSERT INTO watcher_accounts (id, email, created_at, updated_at)
      SELECT l, 'watcher' || l || '@broker.example', ${at}, ${at} FROM generate_series(1, ${LISTS}) l`.execute(
      db,
    );
    await sql`INSERT INTO watchlists (id, account_id, name, created_at, updated_at)
      SELECT l, l, 'List ' || l, ${at}, ${at} FROM generate_series(1, ${LISTS}) l`.execute(db);
    await sql`INSERT INTO watchlist_carriers (watchlist_id, dot_number, added_at)
      SELECT l, ((l::bigint * ${A} + k::bigint * ${B}) % ${CARRIERS}) + 1, '2026-11-01T00:00:00.000Z'
      FROM generate_series(1, ${LISTS}) l, generate_series(1, ${PER_LIST}) k`.execute(db);
    await sql`ALTER TABLE watchlist_carriers ADD CONSTRAINT watchlist_carriers_pk PRIMARY KEY (watchlist_id, dot_number)`.execute(
      db,
    );
  } else {
    await sql`WITH RECURSIVE n(l) AS (SELECT 1 UNION ALL SELECT l + 1 FROM n WHERE l < ${LISTS})
      INSERT INTO watcher_accounts (id, email, created_at, updated_at)
      SELECT l, 'watcher' || l || '@broker.example', ${at}, ${at} FROM n`.execute(db);
    await sql`INSERT INTO watchlists (id, account_id, name, created_at, updated_at)
      SELECT id, id, 'List ' || id, ${at}, ${at} FROM watcher_accounts`.execute(db);
    await sql`WITH RECURSIVE k(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM k WHERE k < ${PER_LIST})
      INSERT INTO watchlist_carriers (watchlist_id, dot_number, added_at)
      SELECT w.id, ((w.id * ${A} + k.k * ${B}) % ${CARRIERS}) + 1, '2026-11-01T00:00:00.000Z'
      FROM watchlists w CROSS JOIN k`.execute(db);
  }
  await sql`CREATE INDEX watchlist_carriers_dot ON watchlist_carriers (dot_number, watchlist_id)`.execute(db);
  await sql`INSERT INTO webhook_endpoints (account_id, url, secret, created_at)
    SELECT id, 'https://hooks.example/' || id, 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=', ${at}
    FROM watcher_accounts WHERE id % 100 = 0`.execute(db);
  if (dialect === 'postgres') {
    for (const table of ['watcher_accounts', 'watchlists']) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), ${LISTS})`.execute(db);
    }
    await sql`ANALYZE`.execute(db);
  } else {
    await sql`ANALYZE`.execute(db);
  }
}

/** Out-of-service inspections and crashes of `date`, spread over all carriers. */
async function insertInspectionsAndCrashes(db: Db, date: string, seed: number) {
  const perDay = Math.round(1500 * (CARRIERS / 4_400_000));
  const inspections = [];
  const crashes = [];
  for (let n = 0; n < perDay; n += 1) {
    const dot = (((seed * perDay + n) * 2_654_435) % CARRIERS) + 1;
    inspections.push({
      inspection_id: `B${seed}-${n}`,
      dot_number: dot,
      insp_date: date,
      report_state: 'TX',
      report_number: null,
      insp_level_id: 1,
      viol_total: 2,
      oos_total: 1,
      driver_oos_total: 1,
      vehicle_oos_total: 0,
      hazmat_oos_total: 0,
      vin: null,
      vin2: null,
    });
    if (n % 4 === 0) {
      crashes.push({
        crash_id: `C${seed}-${n}`,
        dot_number: dot,
        report_date: date,
        report_state: 'TX',
        fatalities: 0,
        injuries: 1,
        tow_away: 1 as const,
      });
    }
  }
  for (let start = 0; start < inspections.length; start += 500) {
    await db
      .insertInto('inspections')
      .values(inspections.slice(start, start + 500))
      .execute();
  }
  for (let start = 0; start < crashes.length; start += 500) {
    await db
      .insertInto('crashes')
      .values(crashes.slice(start, start + 500))
      .execute();
  }
}

const dayBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** The weeks before the day: their inspections and crashes, their alerts computed and sent. */
async function buildPastWeeks(db: Db, dialect: Dialect) {
  for (let day = 44; day >= 1; day -= 1) {
    await insertInspectionsAndCrashes(db, dayBefore(day).toISOString().slice(0, 10), day);
  }
  await computeAlerts({ db, dialect, appUrl: APP_URL, now: () => dayBefore(1) });
  await db.updateTable('mail_queue').set({ status: 'sent' }).execute();
}

/** The day: changed carriers (their census rows for the e-mails' names), their events, the day's inspections and crashes. */
async function buildDay(db: Db) {
  const changed = Math.round(CARRIERS * CHANGED_SHARE);
  const step = Math.floor(CARRIERS / changed);
  const dots = Array.from({ length: changed }, (_, index) => index * step + 1);
  const records: CarrierRecord[] = dots.map((dot) => ({
    dot_number: dot,
    legal_name: `CARRIER ${dot} LLC`,
    dba_name: null,
    mc_number: null,
    email: null,
    phy_city: 'DALLAS',
    phy_state: 'TX',
    phy_zip: '75201',
    power_units: 3,
    status_code: 'A',
    carship: 'C',
    cargo_codes: ['GENFREIGHT'],
  }));
  await createCarrierDataRepo(db).upsertCarriers(records, NOW.toISOString());
  const events: NewHistoryEvent[] = [];
  dots.forEach((dot, index) => {
    const base = { dotNumber: dot, firstSeenOn: DAY, effectiveOn: DAY, source: 'az4n-8mr2' };
    const phone = `214555${String(index % 10_000).padStart(4, '0')}`;
    events.push({
      ...base,
      kind: 'record',
      event: 'changed',
      subject: 'phone',
      valueBefore: '2145550100',
      valueAfter: phone,
    });
    if (index % 2 === 0) {
      events.push({
        ...base,
        kind: 'record',
        event: 'changed',
        subject: 'power_units',
        valueBefore: '3',
        valueAfter: '4',
      });
    }
    if (index % 10 === 0) {
      const policy = `BI&PD policy P-${dot}`;
      events.push({
        ...base,
        kind: 'insurance',
        event: 'cancelled',
        subject: policy,
        valueBefore: null,
        valueAfter: null,
        source: 'qh9u-swkp',
      });
    }
  });
  await insertHistoryEvents(db, events);
  await insertInspectionsAndCrashes(db, DAY, 0);
  return { changed, events: events.length };
}

async function runOn(name: 'SQLite' | 'PostgreSQL') {
  let db: Db;
  let drop: () => Promise<void>;
  let dialect: Dialect;
  if (name === 'SQLite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-alerts-'));
    db = openDatabase({ dialect: 'sqlite', filename: path.join(dir, 'app.db') });
    dialect = 'sqlite';
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    process.env.TEST_DATABASE_URL = values['postgres-url'];
    const database = await createTestDatabase();
    await database.db.destroy();
    db = openDatabase(database.config);
    dialect = 'postgres';
    drop = database.destroy;
  }
  console.log(
    `${name}: ${LISTS.toLocaleString('en-US')} lists x ${PER_LIST} = ${(LISTS * PER_LIST).toLocaleString('en-US')} watched carriers of ${CARRIERS.toLocaleString('en-US')}`,
  );
  try {
    await migrateToLatest(db, dialect);
    await timed('build watchlists', () => buildWatchlists(db, dialect));
    await timed('the 44 days before, their alerts computed', () => buildPastWeeks(db, dialect));
    const day = await timed('build the day', () => buildDay(db));
    const start = performance.now();
    const computed = await computeAlerts({ db, dialect, appUrl: APP_URL, now: () => NOW });
    const took = seconds(start);
    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    console.log(
      `  day: ${day.changed.toLocaleString('en-US')} carriers changed, ${day.events.toLocaleString('en-US')} events; ${computed.alerts.toLocaleString('en-US')} alerts, ${computed.severeEmails} severe e-mails, ${computed.digestEmails} digests, ${Number(deliveries?.n)} webhook deliveries queued`,
    );
    console.log(
      `  ${name}: alerts of the day computed and queued in ${took.toFixed(1)} s (target <= ${TARGET_SECONDS} s) ${took <= TARGET_SECONDS ? 'ok' : 'MISSED'}`,
    );
    const again = performance.now();
    const rerun = await computeAlerts({ db, dialect, appUrl: APP_URL, now: () => NOW });
    console.log(
      `  ${name}: computed again (nothing new: ${rerun.alerts} alerts) in ${seconds(again).toFixed(1)} s`,
    );
  } finally {
    await db.destroy();
    await drop();
  }
}

/** The lookup and the watchlist page on one store, as npm run bench:watch measures them. */
async function watchersOn(name: 'SQLite' | 'PostgreSQL') {
  console.log(`${name}: the lookup of 500 numbers and the watchlist page of 5,000 carriers`);
  const store =
    name === 'SQLite'
      ? { sqliteDb: values['sqlite-db'] }
      : values['postgres-db']
        ? { postgresDb: values['postgres-db'] }
        : { postgresUrl: values['postgres-url'] };
  await measureWatchers({
    carriers: Number(values['watch-carriers']),
    samples: Number(values.samples),
    keep: false,
    port: Number(values.port),
    ...store,
  });
}

const stores = values.stores.split(',');
const figures = values.figures.split(',');
const postgres = Boolean(values['postgres-url']);
if (figures.includes('alerts')) {
  if (stores.includes('sqlite')) await runOn('SQLite');
  if (stores.includes('postgres') && postgres) await runOn('PostgreSQL');
  else if (stores.includes('postgres')) console.log('PostgreSQL alerts: not run (give --postgres-url)');
}
if (figures.includes('watchers')) {
  if (stores.includes('sqlite')) await watchersOn('SQLite');
  if (stores.includes('postgres') && (postgres || values['postgres-db'])) await watchersOn('PostgreSQL');
  else if (stores.includes('postgres'))
    console.log('PostgreSQL lookup and page: not run (give --postgres-url or --postgres-db)');
}
