/** PostgreSQL's postings path: a word alone from search_postings, read index-only in rank-key order (decision 069). */
import { sql, type RawBuilder } from 'kysely';
import {
  pageInKeyOrder,
  filtersSet,
  pageOverGroups,
  type GroupPage,
  type KeyOrderedGroup,
  type SearchFilters,
  type SearchHits,
} from './engine.ts';
import { circleCellRuns, quarterCellSql } from './circle-index.ts';
import { WEB_LABEL } from './facets.ts';
import { bucketRange, bucketSql } from './rank-key.ts';
import type { PrefixTerms } from './prefix-terms.ts';
import { leadToken } from './postgres-tsquery.ts';
import { prefixEnd } from './search-index.ts';
import { significantWords } from './search-terms.ts';
import {
  boundedTotal,
  COUNT_BOUND,
  exactNamesWhere,
  fleetOrder,
  nameKeyStarts,
  nameRanks,
  notIn,
  rowFilterCondition,
  type Execute,
} from './sql-conditions.ts';

/** The filters the postings hold a column for (phy_state, carship, cargo_bits, the coordinates). */
const POSTED_FILTERS: ReadonlySet<keyof SearchFilters> = new Set([
  'address_state',
  'company_types',
  'cargo_types',
  'radius',
]);

/** A word read from its postings; `name` is everything typed, which the name ranks compare ('cartage llc'). */
export interface PostedWord {
  word: string;
  name: string;
  terms: readonly string[];
}

/**
 * The lists a word is read by: one letter, the word; 3, its lead token ('_l3fre'); 2, the word and the lead
 * tokens it starts; longer, its terms (null when too many or none: GIN's, since their postings sort whole).
 */
async function postedTerms(
  execute: Execute,
  word: string,
  termsOf: PrefixTerms,
): Promise<readonly string[] | null> {
  if (word.length === 1) return [word];
  if (word.length === 3) return [leadToken(word)];
  if (word.length > 3) return termsOf(word);
  // One probe per lead token: from each term, the next past its first 3 letters (U+10FFFF sorts last).
  const found = await execute(sql<{ term: string }>`WITH RECURSIVE found AS (
      SELECT (SELECT min(term) FROM search_terms WHERE term >= ${word} AND term < ${prefixEnd(word)}) AS term
      UNION ALL
      SELECT (SELECT min(t.term) FROM search_terms t
        WHERE t.term > CASE WHEN f.term = ${word} THEN f.term ELSE left(f.term, 3) || chr(1114111) END
          AND t.term < ${prefixEnd(word)})
      FROM found f WHERE f.term IS NOT NULL)
    SELECT term FROM found WHERE term IS NOT NULL`);
  return found.map(({ term }) => (term === word ? term : leadToken(term.slice(0, 3))));
}

/** The search as a posted word: one significant word of letters and digits, its lists known, posted filters only. */
export async function postedWord(
  execute: Execute,
  typed: readonly string[],
  filters: SearchFilters,
  termsOf: PrefixTerms,
): Promise<PostedWord | null> {
  const significant = significantWords(typed);
  const [word] = significant;
  if (significant.length !== 1 || word === undefined || !/^[a-z0-9]+$/.test(word)) return null;
  if (!filtersSet(filters).every((name) => POSTED_FILTERS.has(name))) return null;
  const terms = await postedTerms(execute, word, termsOf);
  return terms && { word, name: typed.join(' '), terms };
}

/** The word's terms and its web-domain word's. */
const allTerms = ({ word, terms }: PostedWord) => [...terms, `${WEB_LABEL}${word}`];

/** A read's carriers: with a posting flagged as starting the name, with none flagged, or all. */
type Carriers = 'starting' | 'others' | 'all';

/**
 * The `carriers` with a posting that meets `where`, once each, in rank-key order: one ordered read per term and
 * flag, merged and stopped at the LIMIT, a carrier's first kept (partitioning by key made the planner sort all).
 */
function inKeyOrder(posted: PostedWord, carriers: Carriers, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const flags = carriers === 'starting' ? [true] : [true, false];
  const reads = allTerms(posted).flatMap((term) =>
    flags.map(
      (flag) => sql`(SELECT c.id, c.rank_key, c.starts FROM search_postings c
        WHERE c.term = ${term} AND c.starts = ${flag} AND ${where} ORDER BY c.rank_key)`,
    ),
  );
  const others = carriers === 'others';
  return sql`(SELECT c.id, c.rank_key FROM (
      SELECT c.id, c.rank_key, lag(c.rank_key) OVER carrier AS previous
        ${others ? sql`, bool_or(c.starts) OVER (carrier RANGE BETWEEN CURRENT ROW AND CURRENT ROW) AS flagged` : sql``}
      FROM (${sql.join(reads, sql` UNION ALL `)}) c WINDOW carrier AS (ORDER BY c.rank_key)
    ) c WHERE c.previous IS DISTINCT FROM c.rank_key ${others ? sql`AND NOT c.flagged` : sql``})`;
}

/** Runs of cells a statement of carriersInCircle reads: it stops after the one that passes the bound. */
const RUNS_PER_COUNT = 16;

/** The carriers with a posting in the circle, up to past the bound: inside cells' runs untested, then edge cells'. */
async function carriersInCircle(
  execute: Execute,
  posted: PostedWord,
  radius: NonNullable<SearchFilters['radius']>,
  where: RawBuilder<unknown>,
  excluded: number[],
): Promise<number[]> {
  const { inside, edge } = circleCellRuns(radius);
  const cell = quarterCellSql(sql`c.latitude`, sql`c.longitude`);
  // OFFSET 0 keeps the position's test out of a run's read, or the planner tests every posting of the word.
  const carriersIn = async (runs: [number, number][], condition: RawBuilder<unknown>) => {
    if (runs.length === 0) return [];
    const rows = await execute(sql<{ id: number }>`SELECT DISTINCT c.id
      FROM jsonb_array_elements(${JSON.stringify(runs)}::jsonb) run
      CROSS JOIN LATERAL (SELECT c.id, c.latitude, c.longitude FROM search_postings c
        WHERE c.term = ANY(${allTerms(posted)}::text[]) AND c.latitude IS NOT NULL
          AND ${cell} >= (run ->> 0)::integer AND ${cell} < (run ->> 1)::integer OFFSET 0) c
      WHERE ${condition}`);
    return rows.map((row) => Number(row.id));
  };
  const found: number[] = [];
  for (let from = 0; from < inside.length && found.length <= COUNT_BOUND; from += RUNS_PER_COUNT)
    found.push(...(await carriersIn(inside.slice(from, from + RUNS_PER_COUNT), notIn(sql`c.id`, excluded))));
  if (found.length > COUNT_BOUND) return found;
  return [...found, ...(await carriersIn(edge, where))];
}

/** The carriers with a posting in `state`, up to past the bound: each term's, by search_postings_state, merged. */
async function carriersInState(
  execute: Execute,
  posted: PostedWord,
  state: string,
  excluded: number[],
): Promise<number[]> {
  const reads = allTerms(posted).map(
    (term) => sql`(SELECT c.id FROM search_postings c
      WHERE c.term = ${term} AND c.phy_state = ${state} AND ${notIn(sql`c.id`, excluded)} ORDER BY c.id)`,
  );
  const rows = await execute(sql<{ id: number }>`SELECT c.id FROM (
      SELECT c.id, lag(c.id) OVER (ORDER BY c.id) AS previous FROM (${sql.join(reads, sql` UNION ALL `)}) c
    ) c WHERE c.previous IS DISTINCT FROM c.id LIMIT ${COUNT_BOUND + 1}`);
  return rows.map((row) => Number(row.id));
}

/** A filter keeping fewer than one in this many of a word's postings makes its rank groups' reads pass the rest. */
const SPARSE_SHARE = 20;

/** Whether the word has more than `count` postings: a read of the index that stops there. */
async function postingsPast(execute: Execute, posted: PostedWord, count: number): Promise<boolean> {
  const [row] = await execute(sql<{ n: string }>`SELECT count(*) AS n FROM (
      SELECT 1 FROM search_postings c WHERE c.term = ANY(${allTerms(posted)}::text[]) LIMIT ${count + 1}) c`);
  return Number(row?.n ?? 0) > count;
}

/** A posted word's search. `excluded`: the exact number matches ranked first. */
interface PostingsSearch {
  posted: PostedWord;
  filters: SearchFilters;
  excluded: number[];
  fewMatches: number;
  sorted: KeyOrderedGroup['sorted'];
}

/** A page of a posted word. */
export async function postingsPage(
  execute: Execute,
  { posted, filters, excluded, fewMatches, sorted }: PostingsSearch,
  offset: number,
  limit: number,
): Promise<SearchHits> {
  const where = sql`${rowFilterCondition(filters, 'postings')} AND ${notIn(sql`c.id`, excluded)}`;
  const { exact, rank } = nameRanks(posted.name);
  // Past the bound the statement holds only the first matches by key, too few to rank.
  const ranked = Math.min(fewMatches, COUNT_BOUND);
  const ids = async (query: RawBuilder<{ id: number }>) =>
    (await execute(query)).map((row) => Number(row.id));

  /** The page by rank group: exact names by their keys, then the postings' groups in rank-key order. */
  async function byGroups(total: Pick<SearchHits, 'total' | 'totalExact'>): Promise<number[]> {
    const rowWhere = sql`${rowFilterCondition(filters, 'postgres')} AND ${notIn(sql`c.id`, excluded)}`;
    const exactNames = await ids(sql<{ id: number }>`SELECT c.id FROM ${exactNamesWhere(exact, rowWhere)}
      ORDER BY ${fleetOrder('postgres')}`);
    const notExact = sql`${where} AND ${notIn(sql`c.id`, exactNames)}`;
    // A scalar subquery on each row as the read goes: as EXISTS, the planner joined every such name first.
    const startsWithName = sql`(SELECT coalesce(${nameKeyStarts(sql`s.legal_name_key`, posted.name)}, false)
    OR coalesce(${nameKeyStarts(sql`s.dba_name_key`, posted.name)}, false) FROM companies s WHERE s.id = c.id)`;
    const group =
      (carriers: Carriers, condition: RawBuilder<unknown>): GroupPage =>
      (from, size) =>
        pageInKeyOrder(
          {
            // No ORDER BY: rows come in the merge's order, and with one the planner sorted every posting.
            read: async (count) =>
              (
                await execute(sql<{ id: number; bucket: string }>`
                SELECT c.id, ${bucketSql(sql`c.rank_key`)} AS bucket
                FROM ${inKeyOrder(posted, carriers, condition)} c LIMIT ${count}`)
              ).map((row) => ({ id: Number(row.id), bucket: Number(row.bucket) })),
            bucket: async (bucket) => {
              const range = bucketRange('postgres', bucket);
              const inBucket = sql`${condition} AND c.rank_key >= ${range.start} AND c.rank_key < ${range.end}`;
              return ids(sql<{ id: number }>`SELECT c.id FROM ${inKeyOrder(posted, carriers, inBucket)} c`);
            },
            sorted,
          },
          from,
          size,
        );
    // A flagged posting says the name starts with the word; with legal-form words typed too, the row is asked.
    const groups =
      posted.name === posted.word
        ? [group('starting', notExact), group('others', notExact)]
        : [
            group('starting', sql`${notExact} AND ${startsWithName}`),
            group('all', sql`${notExact} AND NOT ${startsWithName}`),
          ];
    return (await pageOverGroups(exactNames, groups, total, offset, limit)).ids;
  }

  // A circle or a state alone: counted by place or state (docs/search.md); ranked on their rows when few or a
  // small share of the word's postings (a group read in key order would pass the rest), else by group.
  const alone = filtersSet(filters).length === 1;
  if (alone && (filters.radius || filters.address_state)) {
    const found = filters.radius
      ? await carriersInCircle(execute, posted, filters.radius, where, excluded)
      : await carriersInState(execute, posted, filters.address_state!, excluded);
    const total = boundedTotal(found.length);
    if (limit === 0 || offset >= total.total) return { ids: [], ...total };
    const rankFound =
      found.length <= ranked ||
      (found.length <= 2 * ranked && (await postingsPast(execute, posted, found.length * SPARSE_SHARE)));
    if (!rankFound) return { ids: await byGroups(total), ...total };
    const page = await ids(sql<{ id: number }>`SELECT c.id FROM companies c
      WHERE c.id = ANY(${found}::integer[]) ORDER BY ${rank}, ${fleetOrder('postgres')}
      LIMIT ${limit} OFFSET ${offset}`);
    return { ids: page, ...total };
  }
  // A common word's page is read by group beside its count, on another connection: the count is most of
  // the search and the groups need nothing from it.
  const beside =
    limit > 0
      ? postingsPast(execute, posted, ranked).then((past) =>
          past ? byGroups(boundedTotal(COUNT_BOUND + 1)) : null,
        )
      : null;
  // The count, and with few matches their page (gated on the count, so more matches fetch no row).
  const [counted, pageBeside] = await Promise.all([
    execute(sql<{ id: number | null; matched: string }>`
    WITH found AS MATERIALIZED (
      SELECT c.id FROM ${inKeyOrder(posted, 'all', where)} c LIMIT ${COUNT_BOUND + 1}
    ), counted AS (SELECT count(*) AS matched FROM found)
    SELECT page.id, counted.matched FROM counted LEFT JOIN LATERAL (
      SELECT r.id, r.position FROM (
        SELECT c.id, row_number() OVER (ORDER BY ${rank}, ${fleetOrder('postgres')}) AS position
        FROM companies c WHERE c.id IN (SELECT f.id FROM found f) AND counted.matched <= ${ranked}
      ) r WHERE r.position > ${offset} AND r.position <= ${offset + limit}
    ) page ON true
    ORDER BY page.position`),
    beside,
  ]);
  const matched = Number(counted[0]?.matched ?? 0);
  const total = boundedTotal(matched);
  if (matched <= ranked)
    return { ids: counted.flatMap((row) => (row.id === null ? [] : [Number(row.id)])), ...total };
  if (limit === 0 || offset >= total.total) return { ids: [], ...total };
  return { ids: pageBeside?.slice(0, total.total - offset) ?? (await byGroups(total)), ...total };
}
