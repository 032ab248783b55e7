/**
 * PostgreSQL's reads of a word searched alone from search_postings (migration 036), a b-tree read
 * index-only: the postings of the terms the word starts and of its web-domain word, in rank-key
 * order, merged and counted up to the bound, and its rank groups paged from the same lists
 * (docs/decisions/069-postgres-search-postings.md). The filters it serves are conditions on the
 * postings' own columns; postedWord says which searches are read here.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  pageInKeyOrder,
  filtersSet,
  pageOverGroups,
  type GroupPage,
  type SearchFilters,
  type SearchHits,
} from './engine.ts';
import { circleCellRuns, quarterCellSql } from './circle-index.ts';
import { WEB_LABEL } from './facets.ts';
import { bucketRange, bucketSql } from './rank-key.ts';
import { prefixTerms } from './prefix-terms.ts';
import { leadToken } from './postgres-tsquery.ts';
import { prefixEnd } from './search-index.ts';
import { significantWords } from './search-terms.ts';
import {
  boundedTotal,
  COUNT_BOUND,
  fleetOrder,
  nameKeyStarts,
  nameRanks,
  notIn,
  rowFilterCondition,
} from './sql-conditions.ts';

/** Runs a statement and gives its rows. */
type Execute = <T>(query: RawBuilder<T>) => Promise<T[]>;

/** The filters the postings hold a column for: the carrier's phy_state, carship, cargo_bits and position. */
const POSTED_FILTERS: ReadonlySet<keyof SearchFilters> = new Set([
  'address_state',
  'company_types',
  'cargo_types',
  'radius',
]);

/**
 * A typed word read from its postings, by its terms (postedTerms), each a list in rank-key order.
 * `name` is everything typed as a name key: the word, or the word with legal-form words that the
 * matches need not hold but the name ranks compare ('cartage llc', search-terms.ts significantWords).
 * `count`: how its matches are counted: in rank-key order by the counting statement, or, with a
 * circle or a state as the only filter, from the postings' index by place (countInCircle) or by
 * state (countInState), which read about the bound's worth where the rank-key order may read many
 * times as many.
 */
export interface PostedWord {
  word: string;
  name: string;
  terms: readonly string[];
  count: PostingsCount;
}

/** How a word's postings are counted (PostedWord.count). */
export type PostingsCount = 'inKeyOrder' | 'byPlace' | 'byState';

/**
 * The terms of search_postings a typed word is read by, each one list: a word of one letter is that
 * one term, a whole word (as in the GIN index's query); a word of 3 letters its lead token ('_l3fre',
 * migration 038); a word of 2 the word itself and the lead tokens it starts ('tr', '_l3tra', '_l3tre',
 * ...: at most one per letter or digit that follows, found a term apiece in search_terms); a longer
 * word the terms it starts, when they are at most `mostTerms` (prefix-terms.ts). Null: a longer word
 * of more terms or none, which the GIN index reads (its postings would be sorted whole).
 */
export async function postedTerms(
  execute: Execute,
  word: string,
  mostTerms: number,
): Promise<readonly string[] | null> {
  if (word.length === 1) return [word];
  if (word.length === 3) return [leadToken(word)];
  if (word.length > 3)
    return (await prefixTerms(execute, [word], { shortest: word.length, mostTerms }))(word);
  // From each term found, the next one past every term of its first 3 letters (U+10FFFF sorts after
  // every character in byte order): one index probe per lead token.
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

/**
 * How a search is read from the postings, or null when the GIN index reads it: one typed word (with
 * legal-form words the matches need not hold), letters and digits only, whose terms are known
 * (postedTerms), with only the filters the postings hold.
 */
export async function postedWord(
  execute: Execute,
  typed: readonly string[],
  filters: SearchFilters,
  mostTerms: number,
): Promise<PostedWord | null> {
  const significant = significantWords(typed);
  const [word] = significant;
  if (significant.length !== 1 || word === undefined || !/^[a-z0-9]+$/.test(word)) return null;
  if (!filtersSet(filters).every((name) => POSTED_FILTERS.has(name))) return null;
  const terms = await postedTerms(execute, word, mostTerms);
  return terms && { word, name: typed.join(' '), terms, count: postingsCount(filters) };
}

/** The term that holds a typed word as a whole word of web domains (its web-label token). */
const webDomainTerm = (word: string) => `${WEB_LABEL}${word}`;

/** Each read of a word's postings, a condition on a posting aliased `c`: its terms, and its web-domain word. */
function wordReads(posted: Pick<PostedWord, 'word' | 'terms'>): RawBuilder<unknown>[] {
  return allTerms(posted).map((term) => sql`c.term = ${term}`);
}

/** The condition that a posting (aliased `c`) is one of the word's. */
export function postingsOf(posted: Pick<PostedWord, 'word' | 'terms'>): RawBuilder<unknown> {
  return sql`(${sql.join(wordReads(posted), sql` OR `)})`;
}

/**
 * Which carriers a read of a word's postings keeps: those with a posting of it flagged as starting
 * their name ('starting'), those with none ('others'), or every carrier with a posting ('all').
 */
type Carriers = 'starting' | 'others' | 'all';

/**
 * The `carriers` among those with a posting of the word that meets `where` (conditions on a posting
 * aliased `c`), each once, in rank-key order. Each term and flag is one ordered read of the index, so
 * PostgreSQL merges them and stops where the statement's LIMIT does (a range of terms is sorted
 * first); a carrier's postings (one a term, each with the carrier's columns) come side by side, its
 * first is kept, and for 'others' whether any is flagged is asked of them all (the window's peers).
 * A window partitioned by the key would say the same, but the planner then sorted every posting the
 * filters keep rather than merge the ordered reads.
 */
function inKeyOrder(posted: PostedWord, carriers: Carriers, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const flags = carriers === 'starting' ? [true] : [true, false];
  const reads = wordReads(posted).flatMap((read) =>
    flags.map(
      (flag) => sql`(SELECT c.id, c.rank_key, c.starts FROM search_postings c
        WHERE ${read} AND c.starts = ${flag} AND ${where} ORDER BY c.rank_key)`,
    ),
  );
  const others = carriers === 'others';
  return sql`(SELECT c.id, c.rank_key FROM (
      SELECT c.id, c.rank_key, lag(c.rank_key) OVER carrier AS previous
        ${others ? sql`, bool_or(c.starts) OVER (carrier RANGE BETWEEN CURRENT ROW AND CURRENT ROW) AS flagged` : sql``}
      FROM (${sql.join(reads, sql` UNION ALL `)}) c WINDOW carrier AS (ORDER BY c.rank_key)
    ) c WHERE c.previous IS DISTINCT FROM c.rank_key ${others ? sql`AND NOT c.flagged` : sql``})`;
}

/**
 * How a word's matches are counted: with a circle or a state as the only filter, from the postings'
 * index by place (search_postings_place, migration 043) or by state (search_postings_state, migration
 * 044); otherwise in rank-key order.
 */
function postingsCount(filters: SearchFilters): PostingsCount {
  if (filters.company_types?.length || filters.cargo_types?.length) return 'inKeyOrder';
  if (filters.radius && !filters.address_state) return 'byPlace';
  if (filters.address_state && !filters.radius) return 'byState';
  return 'inKeyOrder';
}

/** The terms whose postings hold a word read by its terms: those, and its web-domain word's (wordReads). */
const allTerms = (posted: Pick<PostedWord, 'word' | 'terms'>) => [
  ...posted.terms,
  webDomainTerm(posted.word),
];

/** Runs of cells a statement of countInCircle reads: it stops after the statement that passes the bound. */
const RUNS_PER_COUNT = 16;

/**
 * How many carriers with a posting of the word lie within the circle, exactly up to the bound (at
 * least that many past it): those in the quarter-degree cells entirely inside it, read from
 * search_postings_place, a run of cells side by side in a row one range of it per term, without a
 * test, RUNS_PER_COUNT runs a statement until the bound is passed; then, while no more than the
 * bound, those in the cells on its edge whose position passes `where` (the filters, as the postings
 * path tests them). A carrier is in one cell, so it counts once if it counts once in its run, where
 * its postings of several terms are one. The postings in rank-key order would test the circle on
 * each of a common word's postings until the bound.
 */
async function countInCircle(
  execute: Execute,
  posted: PostedWord,
  radius: NonNullable<SearchFilters['radius']>,
  where: RawBuilder<unknown>,
  excluded: number[],
): Promise<number> {
  const { inside, edge } = circleCellRuns(radius);
  const cell = quarterCellSql(sql`c.latitude`, sql`c.longitude`);
  // The postings of `terms` in the cells of `runs`, aliased `c`. OFFSET 0 keeps the test of the
  // position out of the read of a run: given it, the planner read the word's postings by
  // search_postings_term instead, testing every one.
  const inRuns = (runs: [number, number][], terms: readonly string[]) =>
    sql`jsonb_array_elements(${JSON.stringify(runs)}::jsonb) run
      CROSS JOIN LATERAL (SELECT c.id, c.latitude, c.longitude FROM search_postings c
        WHERE c.term = ANY(${terms}::text[]) AND c.latitude IS NOT NULL
          AND ${cell} >= (run ->> 0)::integer AND ${cell} < (run ->> 1)::integer OFFSET 0) c`;
  const carriersIn = async (runs: [number, number][], condition: RawBuilder<unknown>) => {
    if (runs.length === 0) return 0;
    const [row] = await execute(sql<{ n: string }>`SELECT count(DISTINCT c.id) AS n
      FROM ${inRuns(runs, allTerms(posted))} WHERE ${condition}`);
    return Number(row?.n ?? 0);
  };
  let insideCount = 0;
  for (let from = 0; from < inside.length && insideCount <= COUNT_BOUND; from += RUNS_PER_COUNT) {
    const runs = inside.slice(from, from + RUNS_PER_COUNT);
    insideCount += await carriersIn(runs, notIn(sql`c.id`, excluded));
  }
  if (insideCount > COUNT_BOUND) return insideCount;
  return insideCount + (await carriersIn(edge, where));
}

/**
 * How many carriers with a posting of the word are in `state`, exactly up to the bound (that many
 * past it): each term's postings in the state read from search_postings_state in id order, merged,
 * a carrier counted once, the read stopping at the bound: about the bound's worth of postings, where
 * the count in rank-key order reads the word's until the bound's worth lie in the state, many times
 * as many in a large state.
 */
async function countInState(
  execute: Execute,
  posted: PostedWord,
  state: string,
  excluded: number[],
): Promise<number> {
  const reads = allTerms(posted).map(
    (term) => sql`(SELECT c.id FROM search_postings c
      WHERE c.term = ${term} AND c.phy_state = ${state} AND ${notIn(sql`c.id`, excluded)} ORDER BY c.id)`,
  );
  // As in inKeyOrder: the window over the merged reads keeps them streaming in order, and a carrier's
  // postings side by side count once.
  const [row] = await execute(sql<{ n: string }>`SELECT count(*) AS n FROM (
      SELECT c.id FROM (
        SELECT c.id, lag(c.id) OVER (ORDER BY c.id) AS previous FROM (${sql.join(reads, sql` UNION ALL `)}) c
      ) c WHERE c.previous IS DISTINCT FROM c.id LIMIT ${COUNT_BOUND + 1}) c`);
  return Number(row?.n ?? 0);
}

/** Whether the word has more than `count` postings: a read of the index that stops there. */
async function postingsPast(execute: Execute, posted: PostedWord, count: number): Promise<boolean> {
  const [row] = await execute(sql<{ n: string }>`SELECT count(*) AS n FROM (
      SELECT 1 FROM search_postings c WHERE c.term = ANY(${allTerms(posted)}::text[]) LIMIT ${count + 1}) c`);
  return Number(row?.n ?? 0) > count;
}

/**
 * A page of a word searched alone, read from its postings. `excluded`: the exact number matches
 * ranked before every text match; `fewMatches`: SearchTuning's; `sorted`: ids in the exact fleet
 * order.
 */
export async function postingsPage(
  execute: Execute,
  {
    posted,
    filters,
    excluded,
    fewMatches,
    sorted,
  }: {
    posted: PostedWord;
    filters: SearchFilters;
    excluded: number[];
    fewMatches: number;
    sorted: (ids: number[], offset: number, limit: number) => Promise<number[]>;
  },
  offset: number,
  limit: number,
): Promise<SearchHits> {
  // The filters on a posting, and on a companies row for the exact names' read.
  const where = sql`${rowFilterCondition(filters, 'postings')} AND ${notIn(sql`c.id`, excluded)}`;
  const rowWhere = sql`${rowFilterCondition(filters, 'postgres')} AND ${notIn(sql`c.id`, excluded)}`;
  const { exact, rank } = nameRanks(posted.name);
  // Past the bound the statement holds only the first matches by key, too few to rank.
  const ranked = Math.min(fewMatches, COUNT_BOUND);
  // The count, and with few matches their page: their rows are fetched and ranked (exact names, the
  // names that start with what was typed, the rest; then fleetOrder) where the rank groups' reads would
  // each read the word's postings again. The page gates on the count as a
  // one-time filter, so a search of more matches fetches no row; past the end it is one row, the count.
  const counting = () =>
    execute(sql<{ id: number | null; matched: string }>`
    WITH found AS MATERIALIZED (
      SELECT c.id FROM ${inKeyOrder(posted, 'all', where)} c LIMIT ${COUNT_BOUND + 1}
    ), counted AS (SELECT count(*) AS matched FROM found)
    SELECT page.id, counted.matched FROM counted LEFT JOIN LATERAL (
      SELECT r.id, r.position FROM (
        SELECT c.id, row_number() OVER (
            ORDER BY ${rank}, ${fleetOrder('postgres')}
          ) AS position
        FROM companies c WHERE c.id IN (SELECT f.id FROM found f) AND counted.matched <= ${ranked}
      ) r WHERE r.position > ${offset} AND r.position <= ${offset + limit}
    ) page ON true
    ORDER BY page.position`);
  const byGroups = (total: Pick<SearchHits, 'total' | 'totalExact'>) =>
    pageByGroups(execute, { posted, where, rowWhere, exact, sorted }, total, offset, limit);
  // A word with more postings than the statement ranks has its page read by rank group beside the
  // count, on another connection, as if every match up to the bound were there: the count of a common
  // word is most of its search, and the groups' reads need nothing it says. Should the count say few
  // (the filters keep few), or the page past the end, that read goes unused.
  const beside =
    limit > 0 && (await postingsPast(execute, posted, ranked))
      ? byGroups(boundedTotal(COUNT_BOUND + 1))
      : null;
  // A circle or a state is counted by place or by state first (countInCircle, countInState); the
  // counting statement runs only when that finds no more matches than the statement ranks. Other
  // searches count at once.
  const byIndex =
    posted.count === 'byPlace' && filters.radius
      ? countInCircle(execute, posted, filters.radius, where, excluded)
      : posted.count === 'byState' && filters.address_state
        ? countInState(execute, posted, filters.address_state, excluded)
        : null;
  const [indexCount, countedAtOnce, pageBeside] = await Promise.all([
    byIndex,
    byIndex ? null : counting(),
    beside,
  ]);
  const counted = countedAtOnce ?? (indexCount !== null && indexCount > ranked ? null : await counting());
  const matched = counted ? Number(counted[0]?.matched ?? 0) : (indexCount ?? 0);
  const total = boundedTotal(matched);
  if (counted && matched <= ranked)
    return { ids: counted.flatMap((row) => (row.id === null ? [] : [Number(row.id)])), ...total };
  if (limit === 0 || offset >= total.total) return { ids: [], ...total };
  // Read beside the count, the page holds no more than the count leaves for it.
  const ids = pageBeside ? pageBeside.slice(0, total.total - offset) : await byGroups(total);
  return { ids, ...total };
}

/**
 * A page of a word's matches by rank group, each read from its postings in rank-key order up to the
 * page's end: exact names (found by the name-key indexes), the names that start with what was typed,
 * the rest. `where`: the filters, as conditions on a posting aliased `c`, and `rowWhere` on a
 * companies row; `exact`: that a row's name is what was typed; `total`: the matches counted, which
 * the reads do not pass.
 */
async function pageByGroups(
  execute: Execute,
  {
    posted,
    where,
    rowWhere,
    exact,
    sorted,
  }: {
    posted: PostedWord;
    where: RawBuilder<unknown>;
    rowWhere: RawBuilder<unknown>;
    exact: RawBuilder<unknown>;
    sorted: (ids: number[], offset: number, limit: number) => Promise<number[]>;
  },
  total: Pick<SearchHits, 'total' | 'totalExact'>,
  offset: number,
  limit: number,
): Promise<number[]> {
  const exactNames = (
    await execute(sql<{ id: number }>`SELECT c.id FROM companies c
      WHERE ${exact} AND ${rowWhere} ORDER BY ${fleetOrder('postgres')}`)
  ).map((row) => Number(row.id));
  const notExact = sql`${where} AND ${notIn(sql`c.id`, exactNames)}`;
  // Whether a carrier's legal or DBA name key starts with what was typed, asked of its row. A scalar
  // subquery is asked row by row as the read goes; as EXISTS, the planner joined every name that
  // starts with the word first.
  const startsWithName = sql`(SELECT coalesce(${nameKeyStarts(sql`s.legal_name_key`, posted.name)}, false)
    OR coalesce(${nameKeyStarts(sql`s.dba_name_key`, posted.name)}, false) FROM companies s WHERE s.id = c.id)`;
  const group =
    (carriers: Carriers, condition: RawBuilder<unknown>): GroupPage =>
    (from, size) =>
      pageInKeyOrder(
        {
          // The rows come in the window's order, the rank key's (inKeyOrder). With an ORDER BY of its own
          // this statement made PostgreSQL plan the read for every posting the filters keep (it passes
          // a LIMIT down to a subquery only from a query that does not sort): a parallel sort of them
          // all, where the merged reads stop after a page.
          read: async (count) =>
            (
              await execute(sql<{ id: number; bucket: string }>`
                SELECT c.id, ${bucketSql(sql`c.rank_key`)} AS bucket
                FROM ${inKeyOrder(posted, carriers, condition)} c LIMIT ${count}`)
            ).map((row) => ({ id: Number(row.id), bucket: Number(row.bucket) })),
          bucket: async (bucket) => {
            const range = bucketRange('postgres', bucket);
            const inBucket = sql`${condition} AND c.rank_key >= ${range.start} AND c.rank_key < ${range.end}`;
            const rows = await execute(
              sql<{ id: number }>`SELECT c.id FROM ${inKeyOrder(posted, carriers, inBucket)} c`,
            );
            return rows.map((row) => Number(row.id));
          },
          sorted,
        },
        from,
        size,
      );
  // A carrier is in the group of names that start with the word when any posting of the word's terms
  // says so; the other group is the rest, the carriers none of whose postings of the word is flagged
  // (a name starting 'ANDRE' in the city of 'ANDREWS' is not among them), which the read of all their
  // postings tells as it goes, where asking each carrier's row costs a row fetch each. A word of one
  // letter, a whole word, is flagged as one
  // (migration 045). With legal-form words typed after the word, the flag says only that the name
  // starts with the word: the name is asked of each flagged carrier's row, and the flagged carriers
  // whose name goes on otherwise ('CARTAGE EXPRESS' for 'cartage llc') are among the rest.
  const groups =
    posted.name === posted.word
      ? [group('starting', notExact), group('others', notExact)]
      : [
          group('starting', sql`${notExact} AND ${startsWithName}`),
          group('all', sql`${notExact} AND NOT ${startsWithName}`),
        ];
  return (await pageOverGroups(exactNames, groups, total, offset, limit)).ids;
}
