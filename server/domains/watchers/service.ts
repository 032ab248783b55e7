import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.ts';
import type {
  AddCarriersResult,
  WatchlistFilters,
  WatchlistPage,
  WatchlistQuery,
  WatchlistRow,
} from '../../../core/contracts/watchers.ts';
import { DomainError } from '../../../core/errors.ts';
import {
  carrierNumberText,
  csvCell,
  MAX_WATCHLIST_CARRIERS,
  MAX_WATCHLISTS,
  parseCarrierNumber,
  readNumberList,
  WATCHLIST_CSV_HEADER,
  type CarrierNumber,
  type NumberListProblem,
  type WatchlistSort,
} from '../../../core/watchlists.ts';
import { carrierStatuses, carrierSummaries, type CarrierSummary } from './carrier-status.ts';
import type { WatchersRepo } from './repo.ts';

const NOT_FOUND = 'Watchlist not found';
/** Lists whose rows a process keeps between requests (a full list's rows take about a megabyte). */
export const CACHED_LISTS = 20;

/** The DOT numbers of carrier numbers, with the reason of each that names no carrier in the store. */
async function resolveNumbers(repo: WatchersRepo, numbers: readonly CarrierNumber[]) {
  const dots = [...new Set(numbers.filter((n) => n.kind === 'dot').map((n) => n.value))];
  const mcs = [...new Set(numbers.filter((n) => n.kind === 'mc').map((n) => n.value))];
  const [known, mcDots] = await Promise.all([repo.carriers(dots), repo.dotsOfMcNumbers(mcs)]);
  const knownDots = new Set(known.map((carrier) => carrier.dot_number));
  return (number: CarrierNumber): number | null =>
    number.kind === 'dot'
      ? knownDots.has(number.value)
        ? number.value
        : null
      : (mcDots.get(number.value) ?? null);
}

const compareText = (a: string | null, b: string | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a.localeCompare(b);

/** Each column's order; rows without a value go last whichever way, then by DOT number. */
const SORT_KEYS: Record<WatchlistSort, (a: WatchlistRow, b: WatchlistRow) => number> = {
  name: (a, b) => compareText(a.name, b.name),
  dot_number: (a, b) => a.dot_number - b.dot_number,
  verdict: (a, b) => compareText(a.verdict, b.verdict),
  insurance: (a, b) => compareText(a.insurance, b.insurance),
  last_change: (a, b) => compareText(a.last_change_on, b.last_change_on),
  added: (a, b) => compareText(a.added_on, b.added_on),
};

function rowOf(dotNumber: number, addedAt: string, summary: CarrierSummary | undefined): WatchlistRow {
  return {
    dot_number: dotNumber,
    mc_number: summary?.mc_number ?? null,
    name: summary?.name ?? null,
    verdict: summary?.verdict ?? null,
    verdict_level: summary?.verdict_level ?? null,
    insurance: summary?.insurance ?? null,
    signals: summary?.signals ?? [],
    last_change: summary?.last_change ?? null,
    last_change_on: summary?.last_change_on ?? null,
    added_on: addedAt.slice(0, 10),
  };
}

function passes(row: WatchlistRow, filters: WatchlistFilters): boolean {
  if (filters.verdict && row.verdict !== filters.verdict) return false;
  if (filters.insurance && row.insurance !== filters.insurance) return false;
  if (filters.signals && row.signals.length > 0 !== (filters.signals === 'with')) return false;
  if (filters.changed_since && (row.last_change_on === null || row.last_change_on < filters.changed_since))
    return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    const digits = q.replace(/^(mc|dot)[\s#-]*/, '');
    const matches =
      (row.name ?? '').toLowerCase().includes(q) ||
      (/^\d+$/.test(digits) &&
        (String(row.dot_number).includes(digits) || (row.mc_number ?? '').includes(digits)));
    if (!matches) return false;
  }
  return true;
}

/** A list's rows as kept: `judged` names the import and day their statuses were judged on. */
interface KeptList {
  version: string;
  judged: string;
  rows: WatchlistRow[];
  byDot: Map<number, WatchlistRow>;
}

interface WatchlistDependencies {
  db: Db;
  repo: WatchersRepo;
  clock: () => Date;
}

/** Watchlists of an account (issue 54), and the lookup of many carriers at once. */
export function createWatchlistService({ db, repo, clock }: WatchlistDependencies) {
  const now = () => clock().toISOString();
  const today = () => now().slice(0, 10);

  /** The account's list, or 404: another account's list is as unknown as one that does not exist. */
  async function ownList(accountId: number, id: number) {
    const [list] = await repo.watchlists(accountId, id);
    if (!list) throw new DomainError('not_found', NOT_FOUND);
    return list;
  }

  async function refuseTakenName(accountId: number, name: string, except?: number) {
    const taken = await repo.watchlistNamed(accountId, name);
    if (taken && taken.id !== except) {
      throw new DomainError('conflict', `You already have a watchlist named "${name}".`);
    }
  }

  /**
   * A list's rows are read once and kept while nothing they show can have changed: the version is the
   * list's size and last change, the newest import (records, L&I and history change only with one)
   * and the day (verdicts are judged on it). Paging, sorting and filtering read the kept rows; each
   * instance keeps its own, checked against the database on every request. An edit of the list keeps
   * the statuses of the carriers it still holds while the import and the day stand: only the carriers
   * it added are read.
   */
  const kept = new LRUCache<number, KeptList>({ max: CACHED_LISTS });

  async function rowsOf(list: Awaited<ReturnType<typeof ownList>>, day: string) {
    const judged = `${await repo.newestImportAt()}|${day}`;
    const version = `${list.carrier_count}|${list.updated_at}|${judged}`;
    const cached = kept.get(list.id);
    if (cached?.version === version) return cached.rows;
    const listed = await repo.listedCarriers(list.id);
    const known = cached?.judged === judged ? cached.byDot : new Map<number, WatchlistRow>();
    const summaries = await carrierSummaries(
      db,
      repo,
      listed.filter((row) => !known.has(row.dot_number)).map((row) => row.dot_number),
      day,
    );
    const rows = listed.map(({ dot_number, added_at }) => {
      const row = known.get(dot_number);
      const addedOn = added_at.slice(0, 10);
      if (!row) return rowOf(dot_number, added_at, summaries.get(dot_number));
      return row.added_on === addedOn ? row : { ...row, added_on: addedOn };
    });
    kept.set(list.id, { version, judged, rows, byDot: new Map(rows.map((row) => [row.dot_number, row])) });
    return rows;
  }

  /** Every row of a list that passes the filters, in the order asked for. */
  async function filteredRows(accountId: number, id: number, query: WatchlistFilters) {
    const list = await ownList(accountId, id);
    const day = today();
    const compare = SORT_KEYS[query.sort];
    const direction = query.order === 'desc' ? -1 : 1;
    const rows = (await rowsOf(list, day))
      .filter((row) => passes(row, query))
      .sort((a, b) => direction * compare(a, b) || a.dot_number - b.dot_number);
    return { list, rows, day };
  }

  /** Adds the numbers read from a paste or a CSV, keeping the usable ones and reporting the rest. */
  async function addNumbers(accountId: number, id: number, text: string): Promise<AddCarriersResult> {
    await ownList(accountId, id);
    const { numbers, problems } = readNumberList(text);
    const dotOf = await resolveNumbers(
      repo,
      numbers.map((line) => line.number),
    );
    const dots = new Set((await repo.listedCarriers(id)).map((row) => row.dot_number));
    const before = dots.size;
    const lineProblems: NumberListProblem[] = [...problems];
    let alreadyListed = 0;
    const fresh: number[] = [];
    for (const { line, number } of numbers) {
      const dot = dotOf(number);
      if (dot === null) {
        lineProblems.push({ line, text: carrierNumberText(number), reason: 'no carrier with this number' });
      } else if (dots.has(dot)) {
        alreadyListed += 1;
      } else if (dots.size >= MAX_WATCHLIST_CARRIERS) {
        lineProblems.push({
          line,
          text: carrierNumberText(number),
          reason: `the list is full (${MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')} carriers)`,
        });
      } else {
        dots.add(dot);
        fresh.push(dot);
      }
    }
    const added = fresh.length === 0 ? 0 : await repo.addCarriers(id, fresh, now());
    if (added > 0) await repo.touchWatchlist(id, now());
    lineProblems.sort((a, b) => a.line - b.line);
    return {
      added,
      already_listed: alreadyListed,
      problems: lineProblems,
      carrier_count: before + added,
    };
  }

  return {
    lists: (accountId: number) => repo.watchlists(accountId),

    async create(accountId: number, name: string) {
      if ((await repo.countWatchlists(accountId)) >= MAX_WATCHLISTS) {
        throw new DomainError('conflict', `An account holds at most ${MAX_WATCHLISTS} watchlists.`);
      }
      await refuseTakenName(accountId, name);
      return ownList(accountId, await repo.insertWatchlist(accountId, name, now()));
    },

    async rename(accountId: number, id: number, name: string) {
      await ownList(accountId, id);
      await refuseTakenName(accountId, name, id);
      await repo.renameWatchlist(accountId, id, name, now());
      return ownList(accountId, id);
    },

    async remove(accountId: number, id: number) {
      if (!(await repo.deleteWatchlist(accountId, id))) throw new DomainError('not_found', NOT_FOUND);
    },

    addNumbers,

    async removeCarrier(accountId: number, id: number, dotNumber: number) {
      await ownList(accountId, id);
      if (!(await repo.removeCarrier(id, dotNumber))) {
        throw new DomainError('not_found', `DOT ${dotNumber} is not on this watchlist`);
      }
      await repo.touchWatchlist(id, now());
    },

    /** A page of the list's rows, sorted and filtered on the server. */
    async page(accountId: number, id: number, query: WatchlistQuery): Promise<WatchlistPage> {
      const { list, rows, day } = await filteredRows(accountId, id, query);
      const start = (query.page - 1) * query.page_size;
      return {
        watchlist: list,
        data: rows.slice(start, start + query.page_size),
        page: query.page,
        page_size: query.page_size,
        total: rows.length,
        as_of: day,
      };
    },

    /** Every row that passes the filters, as CSV (core/watchlists.ts WATCHLIST_CSV_HEADER). */
    async exportCsv(accountId: number, id: number, query: WatchlistFilters) {
      const { list, rows } = await filteredRows(accountId, id, query);
      const lines = rows.map((row) =>
        [
          row.dot_number,
          row.mc_number,
          row.name,
          row.verdict,
          row.signals.join('; '),
          row.insurance,
          row.last_change,
          row.last_change_on,
          row.added_on,
        ]
          .map(csvCell)
          .join(','),
      );
      return { name: list.name, csv: [WATCHLIST_CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n' };
    },

    /** The status of each number sent, in the order sent; unknown and malformed numbers say so. */
    async lookup(inputs: readonly (string | number)[]) {
      const parsed = inputs.map((input) => ({
        input: String(input),
        number: parseCarrierNumber(String(input)),
      }));
      // A DOT number is asked for as it is (carrierStatuses leaves out what the census does not
      // hold, answered not found): the census rows are read once, there.
      const mcs = parsed.flatMap((item) => (item.number?.kind === 'mc' ? [item.number.value] : []));
      const mcDots = await repo.dotsOfMcNumbers([...new Set(mcs)]);
      const dots = parsed.map(({ number }) =>
        !number ? null : number.kind === 'dot' ? number.value : (mcDots.get(number.value) ?? null),
      );
      const statuses = await carrierStatuses(
        db,
        repo,
        [...new Set(dots.filter((dot) => dot !== null))],
        today(),
      );
      return {
        results: parsed.map(({ input, number }, index) => {
          if (!number) {
            return { input, status: 'invalid' as const, detail: 'Not a DOT or MC number', carrier: null };
          }
          const dot = dots[index];
          const carrier = dot === null || dot === undefined ? undefined : statuses.get(dot);
          return carrier
            ? { input, status: 'found' as const, detail: null, carrier }
            : {
                input,
                status: 'not_found' as const,
                detail: `No carrier with ${carrierNumberText(number)}`,
                carrier: null,
              };
        }),
      };
    },
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
