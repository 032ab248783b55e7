/**
 * How PostgreSQL's search engine (engine-postgres.ts) chooses its reads: from the planner's estimates
 * (EXPLAIN), which way a circle narrows a search, which words the GIN index reads, how the names that
 * start with the words are paged, and which typed words are asked as their whole terms. The thresholds
 * are PostgresTuning's.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EngineTuning, SearchFilters } from './engine.ts';
import { brokersOnly, filterFacets } from './facets.ts';
import { prefixTerms, type PrefixTerms } from './prefix-terms.ts';
import {
  allOf,
  MOST_LEAD_LETTERS,
  rowMatches,
  tsQueryParts,
  wholeQuery,
  type QueryParts,
} from './postgres-tsquery.ts';
import {
  allTerms,
  otherPostingsCount,
  postedTerms,
  postingsOf,
  postingsServe,
  type PostedWord,
} from './postgres-postings.ts';
import { significantWords } from './search-terms.ts';
import { COUNT_BOUND, hasFilters, rowFilterCondition } from './sql-conditions.ts';

/** Where PostgreSQL's engine changes strategy, beside the two both engines have. */
export interface PostgresTuning extends EngineTuning {
  /**
   * A word searched alone (no other word, required facet or circle) is asked as its whole terms too
   * when the planner's estimate of the prefix's matches times its terms is at most this: GIN merges
   * the terms' lists one step per term at each match, where it gathers a prefix's matches once
   * (wordTerms, decision 065).
   */
  mostLoneTermSteps: number;
  /**
   * What testing a row against the words costs, in rows a prefix's GIN read costs; it decides whether
   * a search's other prefixes are read in the index or tested on the rows its rarest word finds
   * (matchCondition).
   */
  rowTestCost: number;
  /**
   * A rank group's page is read along companies_rank_key, testing each row, when the counting
   * statement found the page's end among the group's members within the first this many rows of the
   * key index; otherwise the planner reads it (engine-postgres.ts walkEndKey).
   */
  groupWalkRows: number;
  /**
   * A page of the names that start with the words, not walked, is read by the name-key indexes when
   * the planner expects at most this many such names, or when it would sort the
   * group instead of walking the rank key (readsStartsByNameKeys, decision 066).
   */
  startsNameKeyRows: number;
  /**
   * A word searched alone is read from its postings (search_postings, decision 069) when the planner
   * expects that read to pass at most this many postings before the count bound: all of the word's,
   * or, when the filters keep more than the bound, the share of them that holds the bound. A posting
   * read this way costs a fraction of a row (decision 076); the GIN index fetches each counted
   * match's row, and asks a wide circle as its cells or its latitude band, but intersects a small
   * circle's few cells with a word better.
   */
  postingsReadRows: number;
  /**
   * A word read from its postings with at most this many matches is ranked and paged by the statement
   * that counts them, which fetches their rows to rank them (postgres-postings.ts postingsPage); more
   * are paged by rank group, each read in rank-key order from the postings, which fetch no row.
   */
  fewPostedMatches: number;
  /**
   * A page of more matches is read by rank group beside the statement that counts them, on another
   * connection, when the planner expects at least this many of the word's postings to pass the
   * filters (postingsPage); otherwise after the count, which may say there are few or that the page
   * is past the end. Tests set 0 (always beside) or Infinity (never).
   */
  groupsBesideCount: number;
  /**
   * A word counted in rank-key order or by place is first counted by its commonest term alone when
   * the statistics expect at least this many of that term's postings to pass the filters: one list
   * read index-only up to the bound (in a circle, its runs of cells inside) says the word's count is
   * past it, where the counting statement merges every list of the word
   * and a circle's count tells each carrier's postings apart (postgres-postings.ts countPastBound,
   * countInCircle). Tests set 0.
   */
  passingTermPostings: number;
  /**
   * Past the count bound, the counting statement saw only the first matches it found, in the table's
   * order: a rank group is walked when its members it counted within the walk's bound, scaled to
   * the planner's estimate of all matches (sampledShare), reach this many times the page's end.
   */
  sampledWalkMargin: number;
}

/**
 * PostgreSQL ranks every match up to the bound in the statement that counts them (`fewMatches`): it
 * fetches each match's row to count it anyway, while another statement would build the words' index
 * bitmap again.
 */
export const POSTGRES_TUNING: PostgresTuning = {
  fewMatches: COUNT_BOUND,
  mostPrefixTerms: 32,
  mostLoneTermSteps: 5_000_000,
  rowTestCost: 10,
  groupWalkRows: 20_000,
  startsNameKeyRows: 20_000,
  postingsReadRows: 200_000,
  fewPostedMatches: 1_000,
  groupsBesideCount: 1_000,
  passingTermPostings: 3 * COUNT_BOUND,
  sampledWalkMargin: 2,
};

/** Runs a statement and gives its rows. */
type Execute = <T>(query: RawBuilder<T>) => Promise<T[]>;

/** The engine's choices, each made from the planner's estimates for the search at hand. */
export function createPostgresStrategy(
  execute: Execute,
  {
    mostPrefixTerms,
    mostLoneTermSteps,
    rowTestCost,
    startsNameKeyRows,
    postingsReadRows,
    passingTermPostings,
  }: PostgresTuning,
) {
  /**
   * How many rows of `table` (carriers, unless said) the planner expects a condition to hold for,
   * from the table's statistics.
   */
  async function estimatedRows(
    condition: RawBuilder<unknown>,
    table: RawBuilder<unknown> = sql`companies`,
  ): Promise<number> {
    const [plan] = await execute(
      sql<{
        'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
      }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} c WHERE ${condition}`,
    );
    return plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
  }

  /** How many carriers the planner expects a tsquery to match, from the search vector's statistics. */
  const estimatedMatches = (query: string) => estimatedRows(sql`c.search_vector @@ ${query}::tsquery`);

  /**
   * The condition that a row matches the words and facets. The GIN index reads each prefix of a
   * tsquery in full before any row, however rare another word makes the matches (a long name of
   * common words). Testing a row costs about `rowTestCost` rows of that read (fetching it). So when
   * the rows of the rarest word cost less to test than the other prefixes cost to read, the index
   * reads the rarest word, the words asked as whole lexemes (single letters, and prefixes of few
   * terms: postgres-tsquery.ts wordQuery), which it intersects cheaply, and the facets, and each row
   * it finds is tested against the whole query (decision 060).
   */
  async function matchCondition(parts: QueryParts): Promise<RawBuilder<unknown>> {
    const { words, facets, excluded } = parts;
    const query = wholeQuery(parts);
    const whole = sql`c.search_vector @@ ${query}::tsquery`;
    const prefixes = words.filter((word) => word.includes(':*'));
    if (words.length < 2 || prefixes.length === 0) return whole;
    const estimated: { word: string; rows: number }[] = [];
    for (const word of words) estimated.push({ word, rows: await estimatedMatches(word) });
    const rarest = estimated.reduce((a, b) => (b.rows < a.rows ? b : a));
    const tested = estimated.filter(({ word }) => word !== rarest.word && prefixes.includes(word));
    const readInIndex = tested.reduce((sum, { rows }) => sum + rows, 0);
    if (tested.length === 0 || rarest.rows * rowTestCost >= readInIndex) return whole;
    const indexed = words.filter((word) => !tested.some((other) => other.word === word));
    return sql`c.search_vector @@ ${allOf([...indexed, ...facets], excluded)}::tsquery
      AND ${rowMatches(parts)}`;
  }

  /**
   * Whether the page of the names that start with the words, when it is not walked, is read by the
   * name-key indexes (migration 020), each such name tested on the row, rather than as the planner
   * chooses. Not when the planner expects more such names than matches (a rare facet or a circle's
   * cells make the matches fewer, and the GIN read short; a circle tested on the row is not in the
   * estimate, which then stands for the words alone). Otherwise when the names are few (at most
   * `startsNameKeyRows`), or when the planner would sort the group: it then builds the words' GIN
   * bitmap again and fetches every match to sort those that start with the words, where the name
   * keys find just those names. When the planner walks companies_rank_key, the walk is shorter than
   * reading many names.
   */
  async function readsStartsByNameKeys(
    parts: QueryParts,
    starts: RawBuilder<unknown>,
    plannersRead: RawBuilder<unknown>,
  ): Promise<boolean> {
    const names = await estimatedRows(starts);
    if (names > (await estimatedMatches(wholeQuery(parts)))) return false;
    return names <= startsNameKeyRows || (await plansSort(plannersRead));
  }

  /** Whether the planner would sort for a statement: its plan has a sort node. */
  async function plansSort(statement: RawBuilder<unknown>): Promise<boolean> {
    const [plan] = await execute(sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${statement}`);
    return /"Node Type": ?"(Incremental )?Sort"/.test(JSON.stringify(plan?.['QUERY PLAN'] ?? ''));
  }

  /**
   * The whole terms of the typed words of 4 letters and more (postgres-tsquery.ts wordQuery). Where
   * the tsquery intersects a word with another word, a facet or a circle's cells (circleWay), GIN
   * skips along the rarer lists. A word searched alone is read in full either way, and its whole
   * terms are taken only when their lists are short enough to merge: merging many long lists costs
   * more than gathering the prefix's matches once (decision 065).
   */
  async function wordTerms(typed: readonly string[], filters: SearchFilters): Promise<PrefixTerms> {
    const words = significantWords(typed);
    const circles = filters.radius ? 1 : 0;
    const termsOf = await prefixTerms(execute, words, {
      shortest: MOST_LEAD_LETTERS + 1,
      mostTerms: mostPrefixTerms,
    });
    if (words.length + filterFacets(filters).required.length + circles >= 2) return termsOf;
    const [word] = words;
    const terms = word === undefined ? null : termsOf(word);
    if (terms === null || terms.length * (await estimatedMatches(`${word}:*`)) > mostLoneTermSteps)
      return () => null;
    return termsOf;
  }

  /**
   * How a search of one typed word, alone or with legal-form words the matches need not hold
   * (significantWords), with filters the postings hold, reads search_postings (postgres-postings.ts):
   * by its terms (postedTerms: a word of 2 or 3 letters by 3-letter lead tokens, decision 077; a
   * longer word by the terms it starts when they are at most `mostPrefixTerms`), otherwise by their
   * range, which is read whole. Null: the search is the GIN index's, as is one the planner expects to
   * pass more than `postingsReadRows` postings (the terms' lists stop at the count bound, a range is
   * read whole). A search for brokers alone passes only brokers' postings, which an index of their
   * own holds (decision 081).
   */
  async function postedWord(typed: readonly string[], filters: SearchFilters): Promise<PostedWord | null> {
    const significant = significantWords(typed);
    const [word] = significant;
    if (
      significant.length !== 1 ||
      word === undefined ||
      !/^[a-z0-9]+$/.test(word) ||
      !postingsServe(filters)
    )
      return null;
    const terms = await postedTerms(execute, word, mostPrefixTerms);
    const ofWord = postingsOf({ word, terms });
    const { cargo_types: cargo, ...others } = filters;
    // A search for brokers alone reads the index of their postings (migration 040): the read itself
    // keeps only brokers, and the other filters are what the postings they keep are estimated for.
    const brokers = brokersOnly(filters);
    const postingsWhere = (condition: RawBuilder<unknown>) =>
      estimatedRows(sql`${ofWord} AND ${condition}`, sql`search_postings`);
    // The estimates at once, on as many connections: each is a round trip.
    const [scanned, kept, cargoShare] = await Promise.all([
      postingsWhere(
        brokers ? rowFilterCondition({ company_types: filters.company_types }, 'postings') : sql`true`,
      ),
      hasFilters(brokers ? { ...others, company_types: undefined } : others)
        ? postingsWhere(rowFilterCondition(others, 'postings'))
        : null,
      cargo?.length ? cargoShareOf(cargo) : 1,
    ]);
    const expected = (kept ?? scanned) * cargoShare;
    // The count in rank-key order reads the word's postings until the bound's worth lie in the
    // filters; by place or by state, only those in the circle or the state, up to about the bound.
    const inKeyOrder =
      terms !== null && expected > COUNT_BOUND ? (scanned * (COUNT_BOUND + 1)) / expected : scanned;
    const other = otherPostingsCount(terms, filters);
    const otherRead = Math.min(expected, COUNT_BOUND + 1);
    const count = other && otherRead < inKeyOrder ? other : 'inKeyOrder';
    const read = count === 'inKeyOrder' ? inKeyOrder : otherRead;
    if (read > postingsReadRows) return null;
    // The commonest of the word's terms, and how many of its postings the filters are expected to keep
    // (their share of the word's), for a count in key order or by place: a search for brokers alone
    // reads their own index, which the term's statistics do not describe.
    const commonest =
      count !== 'byState' && terms !== null && !brokers
        ? commonestOf(await commonTermPostings(), allTerms({ word, terms }))
        : null;
    // By place, a read that falls short stops within the bound's worth of the term's postings inside
    // the circle, so the bound is margin enough; in key order it reads every posting of the term.
    const enough = count === 'byPlace' ? Math.min(passingTermPostings, COUNT_BOUND) : passingTermPostings;
    const passingTerm =
      commonest && scanned > 0 && (commonest.postings * expected) / scanned >= enough ? commonest.term : null;
    return { word, name: typed.join(' '), terms, expected, count, passingTerm };
  }

  /**
   * The postings of search_postings' commonest terms, from its statistics (the planner's most common
   * values of `term` and the table's row estimate); none before the table is analysed.
   */
  const commonTermPostings = readHourly(async () => {
    const rows = await execute(sql<{ term: string; postings: number }>`SELECT s.term,
        s.frequency * c.reltuples AS postings
      FROM pg_stats p CROSS JOIN LATERAL unnest(p.most_common_vals::text::text[], p.most_common_freqs)
          AS s(term, frequency),
        pg_class c
      WHERE p.schemaname = current_schema() AND p.tablename = 'search_postings' AND p.attname = 'term'
        AND c.oid = 'search_postings'::regclass`);
    return new Map(rows.map((row) => [row.term, Number(row.postings)]));
  });

  /**
   * The share of carriers that carry any of `cargo`, from the search vector's statistics of their
   * facets: the planner has none for the postings' cargo bits, and guesses that a test of them keeps
   * nearly every posting.
   */
  async function cargoShareOf(cargo: NonNullable<SearchFilters['cargo_types']>): Promise<number> {
    const [carrying, carriers] = await Promise.all([
      estimatedMatches(wholeQuery(tsQueryParts([], { cargo_types: cargo }, () => null))),
      estimatedRows(sql`true`),
    ]);
    return carriers > 0 ? Math.min(1, carrying / carriers) : 1;
  }

  /**
   * How many matches each of the `counted` a statement stopped at stands for: the planner's estimate
   * of all the rows `matches` holds over `counted`, at least 1. The first matches a bitmap read finds
   * come in the table's order, which follows the import's, not the rank key: about an even sample.
   */
  async function sampledShare(matches: RawBuilder<unknown>, counted: number): Promise<number> {
    return Math.max(1, (await estimatedRows(matches)) / counted);
  }

  return { matchCondition, readsStartsByNameKeys, wordTerms, postedWord, sampledShare };
}

/** Of `terms`, the one with the most postings by the statistics, with their number; null if none is common. */
function commonestOf(
  postings: ReadonlyMap<string, number>,
  terms: readonly string[],
): { term: string; postings: number } | null {
  let commonest: { term: string; postings: number } | null = null;
  for (const term of terms) {
    const held = postings.get(term);
    if (held !== undefined && (commonest === null || held > commonest.postings))
      commonest = { term, postings: held };
  }
  return commonest;
}

/**
 * How long the engine keeps what moves only when an import does (the statistics its ANALYZE writes,
 * the rank key at a row) before it reads it again.
 */
const HOURLY_READ_MAX_AGE_MS = 60 * 60 * 1000;

/** A read kept for HOURLY_READ_MAX_AGE_MS, then read again at its next use. */
export function readHourly<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: { value: T; readAt: number } | null = null;
  return async () => {
    if (kept === null || Date.now() - kept.readAt > HOURLY_READ_MAX_AGE_MS) {
      kept = { value: await read(), readAt: Date.now() };
    }
    return kept.value;
  };
}
