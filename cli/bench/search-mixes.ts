/**
 * The supersearch query mixes and their timing, shared by npm run bench:search and npm run bench:scale.
 */
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { createSearchService } from '../../server/domains/search/service.ts';
import { parseSupersearchQuery } from '../../server/domains/search/supersearch-query.ts';
import { percentile } from './figures.ts';

/** A small deterministic generator, so every run measures the same 200 queries. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 200 queries drawn from the stored carriers: the kinds of things people type, with filters. The
 * carriers are picked by their place in DOT-number order, not by id: a PostgreSQL import's two lanes
 * number the rows in the order their statements commit, so ids would draw another mix from every
 * load, and another on each dialect, of the same files.
 */
export async function queryMix(db: Db, carriers: number): Promise<Record<string, string>[]> {
  const random = seededRandom(42);
  const places = Array.from({ length: 400 }, () => 1 + Math.floor(random() * carriers));
  const columns = ['name', 'dot_number', 'mc_number', 'phy_city', 'phy_state', 'phy_zip'] as const;
  const sample = await db
    .selectFrom((inner) =>
      inner
        .selectFrom('companies')
        .select(columns)
        .select(sql<number>`row_number() OVER (ORDER BY dot_number)`.as('place'))
        .as('c'),
    )
    .select(columns)
    .where('place', 'in', places)
    .orderBy('dot_number')
    .execute();
  const pick = () => sample[Math.floor(random() * sample.length)]!;
  const queries: Record<string, string>[] = [];
  const words = (name: string) => name.split(/\s+/).filter((word) => word.length > 2);
  for (let i = 0; i < 35; i += 1) queries.push({ super_search_term: pick().name });
  for (let i = 0; i < 30; i += 1)
    queries.push({ super_search_term: (words(pick().name)[0] ?? 'trans').slice(0, 4) });
  for (let i = 0; i < 20; i += 1)
    queries.push({ super_search_term: words(pick().name).slice(0, 2).join(' ') });
  for (let i = 0; i < 20; i += 1) queries.push({ super_search_term: String(pick().dot_number) });
  const withMc = sample.filter((row) => row.mc_number);
  for (let i = 0; i < 20; i += 1) {
    const mc = withMc[Math.floor(random() * withMc.length)]?.mc_number ?? '100000';
    queries.push({ super_search_term: i % 2 ? `MC${mc}` : mc });
  }
  for (let i = 0; i < 20; i += 1) {
    const row = pick();
    queries.push({ super_search_term: `${row.phy_city} ${row.phy_state}` });
  }
  for (let i = 0; i < 15; i += 1) {
    const row = pick();
    queries.push({
      super_search_term: words(row.name)[0] ?? 'freight',
      address_state: row.phy_state ?? 'TX',
    });
  }
  // Hazmat carriers only: a name's first word, alone or in the carrier's state.
  for (let i = 0; i < 10; i += 1) {
    const row = pick();
    queries.push({
      super_search_term: words(row.name)[0] ?? 'tank',
      hazmat_only: 'true',
      ...(i % 2 ? { address_state: row.phy_state ?? 'TX' } : {}),
    });
  }
  for (let i = 0; i < 15; i += 1) {
    queries.push({
      super_search_term: words(pick().name)[0] ?? 'logistics',
      company_types: i % 3 ? 'carrier' : 'broker',
    });
  }
  const radii = ['50', '250', '500'];
  for (let i = 0; i < 15; i += 1) {
    queries.push({
      super_search_term: words(pick().name)[0] ?? 'trucking',
      radius_zipcode: (pick().phy_zip ?? '75201').slice(0, 5),
      radius_miles: radii[i % 3]!,
    });
  }
  return queries.slice(0, 200);
}

/** p50 / p95 / p99 of a mix, in milliseconds. */
export interface Quantiles {
  p50: number;
  p95: number;
  p99: number;
}

/** A mix's figures over each query's first run, and over each query's best of `runs`. */
export interface MixFigures {
  first: Quantiles;
  best: Quantiles;
  runs: number;
}

const quantilesOf = (timings: number[]): Quantiles => {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/**
 * Times each query of the mix through the search service (no HTTP), `runs` times in a row, after 20
 * queries that warm the process. A query's first run finds only what earlier queries left in the
 * database's caches; its later runs find its own pages there too, as a server that answered it
 * before does. With `showSlowest`, prints the 12 slowest queries of each.
 */
export async function measureQueries(
  name: string,
  database: DatabaseConfig,
  mix: Record<string, string>[],
  { showSlowest = false, runs = 1 }: { showSlowest?: boolean; runs?: number } = {},
): Promise<MixFigures> {
  // Opened as the server opens it (server/main.ts): SQLite reads through a memory map.
  const db = openDatabase(database, { memoryMapped: true });
  try {
    const search = createSearchService(db, database.dialect);
    const params = mix.map((query) => parseSupersearchQuery({ limit: '10', ...query }));
    for (const query of params.slice(0, 20)) await search.supersearch(query); // warm the caches
    const timed: { query: Record<string, string>; first: number; best: number }[] = [];
    for (const [index, query] of params.entries()) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        await search.supersearch(query);
        times.push(performance.now() - started);
      }
      timed.push({ query: mix[index]!, first: times[0]!, best: Math.min(...times) });
    }
    const figures: MixFigures = {
      first: quantilesOf(timed.map((query) => query.first)),
      best: quantilesOf(timed.map((query) => query.best)),
      runs,
    };
    const report = (of: 'first' | 'best', label: string) => {
      if (showSlowest)
        for (const query of [...timed].sort((a, b) => b[of] - a[of]).slice(0, 12))
          console.log(`  ${query[of].toFixed(1)} ms ${JSON.stringify(query.query)}`);
      const { p50, p95, p99 } = figures[of];
      console.log(
        `${name}: supersearch over ${timed.length} queries, ${label}: ` +
          `p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`,
      );
    };
    report('first', "each query's first run");
    if (runs > 1) report('best', `each query's best of ${runs} runs in a row`);
    return figures;
  } finally {
    await db.destroy();
  }
}

/** Prefixes of one to four letters and the commonest words of carrier names (issue 15's hard mix). */
const HARD_TERMS = [
  'a',
  's',
  'tr',
  'fr',
  'ex',
  'ha',
  'tra',
  'fre',
  'exp',
  'bla',
  'kwa',
  'tran',
  'frei',
  'hara',
  'kwam',
  'TRUCKING',
  'LLC',
  'INC',
  'EXPRESS',
  'TRANSPORT',
  'FREIGHT',
  'N&S',
];

/** The filters each hard term is tried with: none, state, type, cargo, radius up to 500 miles. */
const HARD_FILTERS: Record<string, string>[] = [
  {},
  { address_state: 'TX' },
  { company_types: 'carrier' },
  { company_types: 'broker' },
  { cargo_types: 'COLDFOOD' },
  { radius_zipcode: '75201', radius_miles: '50' },
  { radius_zipcode: '60601', radius_miles: '250' },
  { radius_zipcode: '30303', radius_miles: '500' },
];

/**
 * 200 hard queries: every hard term with every filter set (176), the first twelve with hazmat
 * carriers only (12), then deep pages of the broadest ones: page 50 and the last page the search
 * offers, at most the page bound (`lastPage` asks the search for it).
 */
export async function hardMix(
  lastPage: (query: Record<string, string>) => Promise<number>,
): Promise<Record<string, string>[]> {
  const queries: Record<string, string>[] = [];
  for (const term of HARD_TERMS) {
    for (const filters of HARD_FILTERS) queries.push({ super_search_term: term, ...filters });
  }
  for (const term of HARD_TERMS.slice(0, 12)) queries.push({ super_search_term: term, hazmat_only: 'true' });
  for (const term of HARD_TERMS.slice(0, 6)) {
    const query = { super_search_term: term };
    queries.push({ ...query, page: '50' }, { ...query, page: String(await lastPage(query)) });
  }
  return queries.slice(0, 200);
}
