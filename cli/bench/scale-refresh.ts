/**
 * The monthly refresh of bench:scale (issue 15, item 5): the real import command loads next month's
 * files into a store holding last month's, while the built server answers searches, and this
 * measures what a visitor would feel meanwhile. bench:sync measures its daily sync the same way.
 */
import { routePath } from '../../core/contracts/route.ts';
import { searchContracts } from '../../core/contracts/search.ts';
import type { RunningServer } from './built-server.ts';
import { percentile } from './figures.ts';
import { runImport } from './run-import.ts';

export interface RefreshFigures extends SearchFigures {
  seconds: number;
  importerPeakMb: number;
  /** The import command's report: rows and time per file. */
  importReport: string;
}

/** Searchers run in turns: each waits for its answer, then pauses, like people typing. */
const SEARCHERS = 2;
const PAUSE_MS = 50;
/** Every month's census has thousands of these, so an empty answer means the index was not whole. */
const ALWAYS_FOUND = { super_search_term: 'TRUCKING' };

const searchUrl = (baseUrl: string, query: Record<string, string>) =>
  `${baseUrl}${routePath(searchContracts.supersearch)}?${new URLSearchParams({ limit: '10', ...query })}`;

/** What searchers saw while some work ran. */
export interface SearchFigures {
  searches: number;
  searchP50: number;
  searchP99: number;
  /** Answers other than 200 (a refusal, a timeout, a 500). */
  failedSearches: number;
  /** Searches for a word every month's data holds that found nothing: a half-built index. */
  emptyAnswers: number;
}

/**
 * Runs `work` while `SEARCHERS` clients search `server` in turns, cycling through `queries` and every
 * tenth search for ALWAYS_FOUND; the work's result and what the searchers saw.
 */
export async function searchesDuring<T>(
  server: RunningServer,
  queries: Record<string, string>[],
  work: () => Promise<T>,
): Promise<{ result: T; searches: SearchFigures }> {
  const timings: number[] = [];
  let failedSearches = 0;
  let emptyAnswers = 0;
  let working = true;
  let next = 0;

  async function searcher(): Promise<void> {
    while (working) {
      const sentinel = next % 10 === 0;
      const query = sentinel ? ALWAYS_FOUND : queries[next % queries.length]!;
      next += 1;
      const started = performance.now();
      try {
        const response = await fetch(searchUrl(server.baseUrl, query));
        const body = (await response.json()) as { total?: number };
        if (response.status !== 200) failedSearches += 1;
        else if (sentinel && !body.total) emptyAnswers += 1;
      } catch {
        failedSearches += 1;
      }
      timings.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }

  const searchers = Array.from({ length: SEARCHERS }, searcher);
  let result: T;
  try {
    result = await work();
  } finally {
    working = false;
    await Promise.all(searchers);
  }
  return {
    result,
    searches: { searches: timings.length, ...summary(timings), failedSearches, emptyAnswers },
  };
}

/** Runs the import of `files` (environment `importEnv` names the store) under searches (searchesDuring). */
export async function refreshUnderSearches(
  server: RunningServer,
  files: string[],
  importEnv: Record<string, string>,
  queries: Record<string, string>[],
): Promise<RefreshFigures> {
  const { result: run, searches } = await searchesDuring(server, queries, () => runImport(files, importEnv));
  return {
    seconds: run.seconds,
    importerPeakMb: run.peakMb,
    ...searches,
    importReport: run.output.trim(),
  };
}

function summary(timings: number[]): { searchP50: number; searchP99: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  return { searchP50: percentile(sorted, 50), searchP99: percentile(sorted, 99) };
}
