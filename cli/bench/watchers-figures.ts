/**
 * The watchers' figures (issue 54), shared by npm run bench:watch and npm run bench:alerts: on a
 * store of demo carriers with their L&I records (SQLite, generated and imported or a copy given; or
 * a PostgreSQL database of its own, generated and imported, dropped after unless kept; or a kept one)
 * and record-history events for half of them, gives the store its carriers' judgements as an import
 * does (a store given and upgraded has none yet: the time it takes is printed; decision 175), starts
 * the built server and measures, one request at a time through HTTP with an API key, a lookup of
 * 500 numbers (DOT and MC mixed) and the watchlist page of a 5,000-carrier list (sorted by verdict,
 * and filtered: its first view, as after an import or on a new day; after an edit of the list; its
 * other views), p50 and p95 beside their targets, with the server's CPU time per request and the
 * load average (the machine's load aside).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { refreshFlagsAfterImports } from '../../server/domains/authority/repo.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import type { NewHistoryEvent } from '../../core/history.ts';
import { MAX_LOOKUP_NUMBERS, MAX_WATCHLIST_CARRIERS } from '../../core/watchlists.ts';
import { CACHED_LISTS } from '../../server/domains/watchers/service.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { startBuiltServer } from './built-server.ts';
import { cpuMs, percentile } from './figures.ts';

/** Where and how to measure (bench:watch's options). */
export interface WatchersBenchOptions {
  /** Demo carriers generated and imported when no store is given. */
  carriers: number;
  samples: number;
  /** A SQLite store to reuse: pass a copy, the bench writes its account, lists and history events. */
  sqliteDb?: string;
  /** A PostgreSQL server where the bench creates a database of its own. */
  postgresUrl?: string;
  /** A kept PostgreSQL store to reuse. */
  postgresDb?: string;
  keep: boolean;
  port: number;
  cpuProf?: string;
}

/** Issue 54's targets: p95 of a lookup of 500 numbers and of a watchlist page of 5,000 carriers. */
const TARGETS_MS = { lookup: 100, watchlist: 300 };
const KEY = `cpk_bench${'x'.repeat(39)}`;

/** A deterministic pseudo-random sequence, so runs pick the same carriers. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** One history event for every second carrier, as census refreshes would have written them. */
async function seedHistory(db: Db, dots: readonly number[]) {
  const events: NewHistoryEvent[] = dots
    .filter((_, index) => index % 2 === 0)
    .map((dot, index) => ({
      dotNumber: dot,
      kind: 'record',
      event: 'changed',
      subject: index % 3 === 0 ? 'phone' : 'physical_address',
      valueBefore: 'before',
      valueAfter: 'after',
      effectiveOn: null,
      firstSeenOn: `2026-${String((index % 11) + 1).padStart(2, '0')}-15`,
      source: 'az4n-8mr2',
    }));
  for (let start = 0; start < events.length; start += 10_000) {
    await insertHistoryEvents(db, events.slice(start, start + 10_000));
  }
  return events.length;
}

/**
 * A watcher with an API key and `count` full watchlists of random carriers; returns each list's id
 * and carriers.
 */
async function seedWatcher(db: Db, dots: readonly number[], next: () => number, count: number) {
  const now = new Date().toISOString();
  await db.deleteFrom('watcher_accounts').where('email', '=', 'bench@example.com').execute();
  const account = await db
    .insertInto('watcher_accounts')
    .values({ email: 'bench@example.com', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('api_keys')
    .values({
      account_id: account.id,
      name: 'bench',
      key_hash: createHash('sha256').update(KEY).digest('hex'),
      prefix: KEY.slice(0, 12),
      created_at: now,
    })
    .execute();
  const lists: { listId: number; listed: number[] }[] = [];
  for (let index = 0; index < count; index += 1) {
    const list = await db
      .insertInto('watchlists')
      .values({ account_id: account.id, name: `Bench ${index + 1}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chosen = new Set<number>();
    while (chosen.size < MAX_WATCHLIST_CARRIERS) chosen.add(dots[Math.floor(next() * dots.length)]!);
    const rows = [...chosen].map((dot) => ({ watchlist_id: list.id, dot_number: dot, added_at: now }));
    for (let start = 0; start < rows.length; start += 1_000) {
      await db
        .insertInto('watchlist_carriers')
        .values(rows.slice(start, start + 1_000))
        .execute();
    }
    lists.push({ listId: list.id, listed: [...chosen] });
  }
  return lists;
}

/** One request's time and the server's CPU time for it. */
interface Sample {
  ms: number;
  cpuMs: number;
  /** PostgreSQL's own CPU time for the request, in the server's connections; null on SQLite. */
  databaseCpuMs: number | null;
}

/**
 * The CPU time of the PostgreSQL backends serving a database (the server's pool connections), read
 * from /proc: PostgreSQL runs on this machine in the benchmarks. On SQLite the server's CPU holds it all.
 */
function databaseCpuMeter(config: DatabaseConfig) {
  const db = config.dialect === 'postgres' ? openDatabase(config) : null;
  type Reading = Map<number, number>;
  return {
    async read(): Promise<Reading | null> {
      if (!db) return null;
      const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
      const reading: Reading = new Map();
      for (const { pid } of rows) {
        try {
          reading.set(pid, cpuMs(pid));
        } catch {
          // a connection that closed meanwhile
        }
      }
      return reading;
    },
    /** The CPU the backends used between two readings (a backend opened meanwhile counts from zero). */
    since(before: Reading | null, after: Reading | null): number | null {
      if (!before || !after) return null;
      let ms = 0;
      for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
      return ms;
    },
    close: async () => db?.destroy(),
  };
}

/**
 * A figure beside its target, with the server's CPU time per request (10 ms ticks, so their mean
 * too) and the machine's load average while it was measured: the figure to compare on a shared one.
 */
function report(label: string, samples: Sample[], target: number) {
  const at = (values: number[], p: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    );
  const times = samples.map((sample) => sample.ms);
  const cpu = samples.map((sample) => sample.cpuMs);
  const p95 = at(times, 95);
  const meanCpu = cpu.reduce((sum, ms) => sum + ms, 0) / cpu.length;
  const database = samples.flatMap((sample) => (sample.databaseCpuMs === null ? [] : [sample.databaseCpuMs]));
  const databaseCpu =
    database.length === 0
      ? ''
      : `; PostgreSQL CPU p50 ${at(database, 50).toFixed(0)} ms, p95 ${at(database, 95).toFixed(0)} ms, mean ${(database.reduce((sum, ms) => sum + ms, 0) / database.length).toFixed(1)} ms`;
  console.log(
    `${label}: p50 ${at(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target <= ${target} ms: ${p95 <= target ? 'met' : 'MISSED'}); server CPU p50 ${at(cpu, 50).toFixed(0)} ms, p95 ${at(cpu, 95).toFixed(0)} ms, mean ${meanCpu.toFixed(1)} ms${databaseCpu}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

/**
 * The store measured: a SQLite file (--sqlite-db, or generated and imported); a PostgreSQL database
 * of its own on the server of --postgres-url, generated and imported, dropped after unless --keep;
 * or an existing PostgreSQL store (--postgres-db, as a kept one).
 */
async function openStore(workDir: string, values: WatchersBenchOptions) {
  const postgresUrl = values.postgresUrl;
  let config: DatabaseConfig = { dialect: 'sqlite', filename: path.join(workDir, 'data', 'app.db') };
  let drop = async () => undefined;
  if (values.postgresDb) {
    config = { dialect: 'postgres', url: values.postgresDb };
  } else if (postgresUrl) {
    const admin = openDatabase({ dialect: 'postgres', url: postgresUrl });
    const name = `carrierpage_bench_watch_${process.pid}`;
    await sql`CREATE DATABASE ${sql.raw(name)}`.execute(admin);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    config = { dialect: 'postgres', url: url.toString() };
    drop = async () => {
      if (values.keep) console.log(`kept the store: --postgres-db ${url.toString()}`);
      else await sql`DROP DATABASE IF EXISTS ${sql.raw(name)} WITH (FORCE)`.execute(admin);
      await admin.destroy();
    };
  } else if (values.sqliteDb) {
    config = { dialect: 'sqlite', filename: path.resolve(values.sqliteDb) };
  }
  if (postgresUrl || !(values.sqliteDb || values.postgresDb)) {
    const carriers = values.carriers;
    console.log(
      `Generating and importing ${carriers.toLocaleString('en-US')} carriers with their L&I files ...`,
    );
    const files = await generateDemoData({ carriers, seed: 54, outDir: workDir });
    const db = openDatabase(config);
    await migrateToLatest(db, config.dialect);
    await importFiles(db, config.dialect, [files.census, ...Object.values(files.li)], {
      showProgress: false,
    });
    if (config.dialect === 'postgres') await sql`ANALYZE`.execute(db);
    await db.destroy();
  }
  const dataDir = config.dialect === 'sqlite' ? path.dirname(config.filename) : path.join(workDir, 'data');
  const serverEnv: Record<string, string> = config.dialect === 'postgres' ? { DATABASE_URL: config.url } : {};
  return { config, dataDir, serverEnv, drop };
}

/**
 * Gives the store its carriers' judgements as an import's flag refresh does (a store given, upgraded
 * to migration 133, has none yet; a generated one has them from its import) and says how long that took.
 */
async function judgeStore(db: Db) {
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('carrier_judgements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await refreshFlagsAfterImports(db, new Date().toISOString().slice(0, 10));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `judgements: ${(await count()).toLocaleString('en-US')} stored (${before.toLocaleString('en-US')} before), the import's flag refresh (refreshFlagsAfterImports) took ${seconds.toFixed(1)} s, bench process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

/** Measures the lookup and the watchlist page on one store and prints each figure beside its target. */
export async function measureWatchers(values: WatchersBenchOptions): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-watch-'));
  const store = await openStore(workDir, values);
  try {
    const { dataDir } = store;
    const db = openDatabase(store.config);
    await migrateToLatest(db, store.config.dialect);
    await judgeStore(db);
    const carriers = await db.selectFrom('companies').select(['dot_number', 'mc_number']).execute();
    const dots = carriers.map((row) => row.dot_number);
    const mcs = carriers.flatMap((row) => (row.mc_number ? [row.mc_number] : []));
    const next = random(54);
    // Written once: an event's key makes a second run's the same rows.
    await seedHistory(db, dots);
    const events = await db
      .selectFrom('record_history_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // One list edited and viewed again, and more lists than an instance keeps (CACHED_LISTS), each
    // viewed in turn, so that every view of them reads its rows as after an import or on a new day.
    const [edited, ...coldLists] = await seedWatcher(db, dots, next, CACHED_LISTS + 2);
    const { listId, listed } = edited!;
    const dockets = await db
      .selectFrom('li_dockets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (store.config.dialect === 'postgres') await sql`ANALYZE`.execute(db);
    await db.destroy();
    console.log(
      `${store.config.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} store: ${dots.length.toLocaleString('en-US')} carriers, ${Number(dockets.n).toLocaleString('en-US')} L&I dockets, ${Number(events.n).toLocaleString('en-US')} history events; a watchlist of ${MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')} carriers`,
    );

    const server = await startBuiltServer(
      values.port,
      dataDir,
      { RATE_LIMIT_MAX: '100000000', LOOKUPS_PER_MINUTE: '100000000', ...store.serverEnv },
      values.cpuProf,
    );
    const databaseCpu = databaseCpuMeter(store.config);
    try {
      const timed = async (url: string, init: RequestInit): Promise<Sample> => {
        const databaseBefore = await databaseCpu.read();
        const cpuBefore = cpuMs(server.pid);
        const started = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const ms = performance.now() - started;
        const serverCpu = cpuMs(server.pid) - cpuBefore;
        return {
          ms,
          cpuMs: serverCpu,
          databaseCpuMs: databaseCpu.since(databaseBefore, await databaseCpu.read()),
        };
      };
      const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
      const lookupBody = () =>
        JSON.stringify({
          numbers: Array.from({ length: MAX_LOOKUP_NUMBERS }, (_, index) =>
            index % 5 === 4 && mcs.length > 0
              ? `MC-${mcs[Math.floor(next() * mcs.length)]}`
              : String(dots[Math.floor(next() * dots.length)]),
          ),
        });
      const lookup = (body: string) =>
        timed(`${server.baseUrl}/api/v1/lookup`, { method: 'POST', headers, body });
      const page = (query: string, id = listId) =>
        timed(`${server.baseUrl}/api/v1/watchlists/${id}?${query}`, { headers });
      // Warm-up: the first requests read the database's pages from disk.
      for (let warm = 0; warm < 5; warm += 1) {
        await lookup(lookupBody());
        await page('sort=verdict');
      }
      const lookups: Sample[] = [];
      for (let sample = 0; sample < values.samples; sample += 1) lookups.push(await lookup(lookupBody()));
      report(`lookup of ${MAX_LOOKUP_NUMBERS} numbers`, lookups, TARGETS_MS.lookup);
      const queries = [
        'sort=verdict&order=desc&page=3',
        'sort=last_change&order=desc',
        'sort=name&insurance=None%20in%20force',
        'sort=insurance&q=trans',
      ];
      const carriersUrl = `${server.baseUrl}/api/v1/watchlists/${listId}/carriers`;
      const changed = async (response: Promise<Response>) => {
        const answer = await response;
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`changing the list answered ${answer.status}`);
      };
      const coldViews: Sample[] = [];
      for (let sample = 0; sample < Math.ceil(values.samples / 3); sample += 1) {
        const { listId: id } = coldLists[sample % coldLists.length]!;
        coldViews.push(await page(queries[sample % queries.length]!, id));
      }
      report(
        `watchlist page of ${MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')} carriers, first view (after an import or on a new day)`,
        coldViews,
        TARGETS_MS.watchlist,
      );
      const firstViews: Sample[] = [];
      for (let sample = 0; sample < Math.ceil(values.samples / 3); sample += 1) {
        // An edit of the list (one carrier out and back in): the next view reads the list again.
        const dot = listed[Math.floor(next() * listed.length)]!;
        await changed(
          fetch(`${carriersUrl}/${dot}`, {
            method: 'DELETE',
            headers: { Authorization: headers.Authorization },
          }),
        );
        await changed(
          fetch(carriersUrl, { method: 'POST', headers, body: JSON.stringify({ numbers: String(dot) }) }),
        );
        firstViews.push(await page(queries[sample % queries.length]!));
      }
      report(
        `watchlist page of ${MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')} carriers, first view after an edit of the list`,
        firstViews,
        TARGETS_MS.watchlist,
      );
      const pages: Sample[] = [];
      for (let sample = 0; sample < values.samples; sample += 1)
        pages.push(await page(queries[sample % queries.length]!));
      report(
        `watchlist page of ${MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')} carriers, other pages, orders and filters`,
        pages,
        TARGETS_MS.watchlist,
      );
    } finally {
      server.stop();
      await databaseCpu.close();
    }
  } finally {
    await store.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
