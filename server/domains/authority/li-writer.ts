/**
 * Writes L&I records (li-records.ts) in batches: one row set per table through the importer's upserter,
 * removals as deletes, the touched dockets noted for the search flags (docs/decisions/035), and the
 * history events the batch shows (li-history.ts), written before the rows they come from.
 */
import { LEGACY_LI_FROZEN_ON, type PublishedAuthorityStatus } from '../../../core/authority.ts';
import type { NewHistoryEvent } from '../../../core/history.ts';
import type { Db } from '../../db/database.ts';
import type { LiSource } from '../../db/schema.ts';
import type { RowSet, RowUpserter } from '../../db/upsert-rows.ts';
import { authorityEventsOf, deleteHistoryEvents, storesUndatedAuthorityEvents } from '../history/repo.ts';
import {
  authHistEvents,
  authorityStatusEvent,
  changeDatedAlready,
  changesNowDated,
  filingEvents,
  historyRowSet,
  revocationEvent,
  type EventContext,
  type StoredFiling,
} from './li-history.ts';
import { filingKey, type LiFiling, type LiRecord } from './li-records.ts';
import {
  dotsOfDockets,
  emptyTables,
  LI_TABLES,
  markFlagsDue,
  removeLiRows,
  storedByKeys,
  type LiTable,
} from './repo.ts';

const DOCKET_FACTS = [
  'legal_name',
  'dba_name',
  'bipd_required_dollars',
  'bipd_on_file_dollars',
  'cargo_required',
  'cargo_on_file',
  'bond_required',
  'bond_on_file',
] as const;

const FILING_COLUMNS = [
  'kind',
  'form_code',
  'insurer',
  'policy_number',
  'amount_dollars',
  'effective_on',
] as const;

/** The secondary indexes a batch reads or deletes by: a bulk load into empty tables keeps them. */
export const LI_WRITER_INDEXES: readonly string[] = ['li_insurance_docket'];

/** The keys a batch removes: those it maps to null. */
const keysOfRemoved = (rows: ReadonlyMap<string, unknown>) =>
  [...rows].filter(([, row]) => row === null).map(([key]) => key);

/** Where several rows of one batch state an authority, the strongest status stands (Motus lists one row per authority type). */
const STATUS_RANK = { Active: 3, 'Revocation pending': 2, Pending: 1, Inactive: 0 } as const;

export interface LiBatch {
  add(record: LiRecord): void;
  size(): number;
  /** Writes the batch; the upserter may still be sending its statements when this returns. */
  flush(): Promise<void>;
}

export interface LiBatchOptions {
  /** When the rows were written (updated_at). */
  timestamp: string;
  /** The ISO day the file describes: the day its events are first seen. */
  asOf: string;
  /** Which system the file comes from; a legacy file describes no day after the freeze. */
  system: LiSource;
  /** The dataset's portal id, the source its history events name. */
  portalId: string;
  /**
   * The table the file fills, when it was empty (a first load, import-files.ts): the batches ask the
   * store once whether it holds undated authority events rather than read their carriers' each
   * time, which on a first load finds none (and, with the history's indexes suspended, would scan
   * the table).
   */
  emptyTable?: string;
}

interface PendingFiling {
  docket: string;
  filing: LiFiling;
}

export function createLiBatch(db: Db, upserter: RowUpserter, options: LiBatchOptions): LiBatch {
  const { timestamp, system } = options;
  const statusOn =
    system === 'legacy' && options.asOf > LEGACY_LI_FROZEN_ON ? LEGACY_LI_FROZEN_ON : options.asOf;
  const context: EventContext = { firstSeenOn: options.asOf, source: options.portalId };
  const dots = new Map<string, number>();
  const facts = new Map<string, unknown[]>();
  const authorities = new Map<
    string,
    { docket: string; kind: string; status: PublishedAuthorityStatus } | null
  >();
  const authorityDescriptions = new Map<string, string | null>();
  const events = new Map<string, { docket: string; event: NonNullable<LiRecord['event']> }>();
  /** Filings by key; null: remove it. */
  const filings = new Map<string, PendingFiling | null>();
  const docketsCleared = new Set<string>();
  const revocations = new Map<string, { docket: string; revocation: NonNullable<LiRecord['revocation']> }>();
  const touched = new Set<string>();
  let count = 0;
  /**
   * The tables that held no row before the file's first batch: a first load of them reads nothing
   * back, no row of them being stored before the file, and writes its rows as mostly new.
   */
  let emptyAtStart: Promise<Set<LiTable>> | null = null;
  const emptyBeforeFile = () => (emptyAtStart ??= emptyTables(db, LI_TABLES));
  /** Whether the store may hold undated authority events: asked once on a first load. */
  let undatedStored: Promise<boolean> | null = options.emptyTable ? null : Promise.resolve(true);

  /** Some columns of the stored rows with these keys; none on a first load. */
  async function stored(
    table: 'li_insurance' | 'li_authorities',
    key: 'filing_key' | 'authority_key',
    keys: string[],
    columns: string[],
  ): Promise<Map<string, Record<string, unknown>>> {
    return (await emptyBeforeFile()).has(table) ? new Map() : storedByKeys(db, table, key, keys, columns);
  }

  /**
   * The events of the batch, from what the store held before it, and the stored undated status
   * changes its dated events stand for (one change, one event: docs/decisions/108).
   */
  async function historyEvents(): Promise<{ events: NewHistoryEvent[]; nowDated: string[] }> {
    const carriers = await dotsOfDockets(db, [...touched], dots);
    const kept = [...filings].filter((entry): entry is [string, PendingFiling] => entry[1] !== null);
    const storedFilings = await stored(
      'li_insurance',
      'filing_key',
      kept.map(([key]) => key),
      ['cancellation_effective_on', 'ended_by'],
    );
    const storedAuthorities = await stored(
      'li_authorities',
      'authority_key',
      [...authorities.keys()],
      ['status', 'status_on'],
    );
    const result: NewHistoryEvent[] = [];
    /** Carrier-file status changes, with the day of the status they changed from. */
    const changes: { event: NewHistoryEvent; statusOn: string | null }[] = [];
    /** AuthHist and revocation events: dated where the file says. */
    const dated: NewHistoryEvent[] = [];
    for (const [key, { docket, filing }] of kept) {
      const dot = carriers.get(docket);
      if (dot === undefined) continue;
      const stored = storedFilings.get(key) as StoredFiling | undefined;
      // A file without cancellation dates (Insur) leaves the stored one as it is.
      const seen =
        filing.cancellation_effective_on === undefined && stored ? { ...filing, ...stored } : filing;
      result.push(...filingEvents(dot, docket, seen as LiFiling, stored, context));
    }
    for (const [key, authority] of authorities) {
      if (!authority) continue;
      const stored = storedAuthorities.get(key);
      // A file older than the status stored from the same system changes nothing (newest wins).
      if (stored && ((stored.status_on as string | null) ?? '') > statusOn) {
        authorities.delete(key);
        continue;
      }
      const dot = carriers.get(authority.docket);
      const before = stored?.status as PublishedAuthorityStatus | undefined;
      if (dot === undefined || !before) continue;
      const event = authorityStatusEvent(
        dot,
        authority.docket,
        authority.kind,
        before,
        authority.status,
        context,
      );
      if (event) changes.push({ event, statusOn: (stored?.status_on as string | null) ?? null });
    }
    for (const { docket, event } of events.values()) {
      const dot = carriers.get(docket);
      if (dot !== undefined) dated.push(...authHistEvents(dot, docket, event, system === 'motus', context));
    }
    for (const { docket, revocation } of revocations.values()) {
      const dot = carriers.get(docket);
      if (dot !== undefined) dated.push(revocationEvent(dot, docket, revocation, context));
    }
    const dotsOf = (list: NewHistoryEvent[]) => [...new Set(list.map((event) => event.dotNumber))];
    if (changes.length > 0) {
      const stored = await authorityEventsOf(db, dotsOf(changes.map(({ event }) => event)));
      for (const { event, statusOn } of changes)
        if (!changeDatedAlready(event, statusOn, stored)) {
          result.push(event);
          undatedStored = Promise.resolve(true);
        }
    }
    result.push(...dated);
    let nowDated: string[] = [];
    const withDays = dated.filter((event) => event.effectiveOn !== null);
    // Only carriers with an undated change (none on a first load) read their whole authority history.
    undatedStored ??= storesUndatedAuthorityEvents(db);
    const undated =
      withDays.length > 0 && (await undatedStored) ? await authorityEventsOf(db, dotsOf(withDays), true) : [];
    if (undated.length > 0) {
      const owners = new Set(undated.map((event) => event.dot_number));
      const candidates = withDays.filter((event) => owners.has(event.dotNumber));
      nowDated = [...changesNowDated(candidates, await authorityEventsOf(db, [...owners]))];
    }
    return { events: result, nowDated };
  }

  /**
   * Whether judging the batch reads what earlier batches of the file may still be writing: stored
   * filings or authorities of a table that held rows before the file, the carrier of a docket the
   * batch gives no DOT number, or stored undated authority events. A first load whose rows name
   * their carriers reads none of it, and is judged while the batches before it are written.
   */
  async function readsEarlierWrites(): Promise<boolean> {
    const empty = await emptyBeforeFile();
    if (filings.size > 0 && !empty.has('li_insurance')) return true;
    if (authorities.size > 0 && !empty.has('li_authorities')) return true;
    for (const docket of touched) if (!dots.has(docket)) return true;
    return (events.size > 0 || revocations.size > 0) && undatedStored !== null && (await undatedStored);
  }

  return {
    size: () => count,
    add(record) {
      count += 1;
      const { docket } = record;
      touched.add(docket);
      if (record.dot !== null) dots.set(docket, record.dot);
      if (record.facts) {
        facts.set(docket, [
          docket,
          ...DOCKET_FACTS.map((column) => record.facts?.[column] ?? null),
          timestamp,
        ]);
      }
      for (const authority of record.authorities ?? []) {
        const key = `${docket}|${authority.kind}|${system}`;
        const stored = authorities.get(key);
        if (authority.status === null) {
          authorities.set(key, null);
          continue;
        }
        if (stored && STATUS_RANK[stored.status] > STATUS_RANK[authority.status]) continue;
        authorities.set(key, { docket, kind: authority.kind, status: authority.status });
        authorityDescriptions.set(key, authority.description);
      }
      if (record.filingsRemoved) {
        for (const [key, filing] of filings) if (filing && filing.docket === docket) filings.delete(key);
        docketsCleared.add(docket);
      }
      if (record.filing) filings.set(filingKey(docket, record.filing), { docket, filing: record.filing });
      if (record.event) {
        const { kind, sub_number, action, action_on } = record.event;
        const key = [docket, kind ?? '', sub_number ?? '', action, action_on ?? ''].join('|');
        events.set(key, { docket, event: record.event });
      }
      if (record.revocation) {
        const { kind, type, served_on } = record.revocation;
        const key = [docket, kind ?? '', type, served_on ?? ''].join('|');
        revocations.set(key, { docket, revocation: record.revocation });
      }
    },
    async flush() {
      if (count === 0) return;
      // The batch is judged against the store as every earlier write left it, and its events land
      // before its rows: an import killed in between finds the same differences again. The rows
      // wait for the events on the server (fence), while the importer reads the next batch.
      if (await readsEarlierWrites()) await upserter.settle();
      const { events: observed, nowDated } = await historyEvents();
      if (observed.length > 0) await upserter.upsert(historyRowSet(observed));
      if (nowDated.length > 0) {
        // After the dated events are in: killed in between, the re-run finds the same ones to remove.
        await upserter.settle();
        await deleteHistoryEvents(db, nowDated);
      }
      upserter.fence();
      const empty = await emptyBeforeFile();
      const set = (table: LiTable, key: string, columns: string[], rows: unknown[][]): RowSet => ({
        table,
        key,
        mostlyNew: empty.has(table),
        insertOnly: [],
        columns,
        rows,
      });
      // Even in a first load: an earlier batch of the file may have written what a later row removes.
      const removed = {
        authorities: keysOfRemoved(authorities),
        filings: keysOfRemoved(filings),
        openFilingsOf: [...docketsCleared],
      };
      if (Object.values(removed).some((keys) => keys.length > 0)) {
        await upserter.settle();
        await removeLiRows(db, removed);
      }
      const sets: RowSet[] = [];
      const links = [...dots].filter(([docket]) => !facts.has(docket));
      if (links.length > 0) {
        sets.push(
          set(
            'li_dockets',
            'docket',
            ['docket', 'dot_number', 'updated_at'],
            links.map(([docket, dot]) => [docket, dot, timestamp]),
          ),
        );
      }
      const withDot = [...facts].filter(([docket]) => dots.has(docket));
      const withoutDot = [...facts].filter(([docket]) => !dots.has(docket));
      const factColumns = ['docket', ...DOCKET_FACTS, 'updated_at'];
      if (withDot.length > 0) {
        sets.push(
          set(
            'li_dockets',
            'docket',
            [...factColumns, 'dot_number'],
            withDot.map(([docket, row]) => [...row, dots.get(docket)]),
          ),
        );
      }
      if (withoutDot.length > 0)
        sets.push(
          set(
            'li_dockets',
            'docket',
            factColumns,
            withoutDot.map(([, row]) => row),
          ),
        );
      const authorityRows = [...authorities]
        .filter((entry) => entry[1] !== null)
        .map(([key, row]) => [
          key,
          row?.docket,
          row?.kind,
          row?.status,
          authorityDescriptions.get(key) ?? null,
          system,
          statusOn,
          timestamp,
        ]);
      if (authorityRows.length > 0) {
        sets.push(
          set(
            'li_authorities',
            'authority_key',
            ['authority_key', 'docket', 'kind', 'status', 'description', 'source', 'status_on', 'updated_at'],
            authorityRows,
          ),
        );
      }
      sets.push(
        ...filingSets(
          [...filings].filter((entry): entry is [string, PendingFiling] => entry[1] !== null),
          empty.has('li_insurance'),
        ),
      );
      if (events.size > 0) {
        sets.push(
          set(
            'li_authority_events',
            'event_key',
            ['event_key', 'docket', 'kind', 'action', 'action_on', 'final_action', 'final_on', 'source'],
            [...events].map(([key, { docket, event }]) => [
              key,
              docket,
              event.kind,
              event.action,
              event.action_on,
              event.final_action,
              event.final_on,
              system,
            ]),
          ),
        );
      }
      if (revocations.size > 0) {
        sets.push(
          set(
            'li_revocations',
            'revocation_key',
            ['revocation_key', 'docket', 'kind', 'type', 'served_on', 'effective_on'],
            [...revocations].map(([key, { docket, revocation }]) => [
              key,
              docket,
              revocation.kind,
              revocation.type,
              revocation.served_on,
              revocation.effective_on,
            ]),
          ),
        );
      }
      for (const rows of sets) await upserter.upsert(rows);
      await markFlagsDue(db, touched);
      for (const map of [dots, facts, authorities, authorityDescriptions, events, filings, revocations])
        map.clear();
      docketsCleared.clear();
      touched.clear();
      count = 0;
    },
  };

  /**
   * The filings' row sets, one per column set: a file without cancellation dates (Insur) leaves the
   * stored date, and one that does not say how a filing ended leaves that too.
   */
  function filingSets(rows: [string, PendingFiling][], mostlyNew: boolean): RowSet[] {
    const bySet = new Map<string, { columns: string[]; rows: unknown[][] }>();
    for (const [key, { docket, filing }] of rows) {
      const columns = ['filing_key', 'docket', ...FILING_COLUMNS, 'updated_at'];
      const row: unknown[] = [key, docket, ...FILING_COLUMNS.map((column) => filing[column]), timestamp];
      if (filing.cancellation_effective_on !== undefined) {
        columns.push('cancellation_effective_on');
        row.push(filing.cancellation_effective_on);
      }
      if (filing.ended_by !== undefined) {
        columns.push('ended_by');
        row.push(filing.ended_by);
      }
      const id = columns.join();
      const group = bySet.get(id) ?? { columns, rows: [] };
      group.rows.push(row);
      bySet.set(id, group);
    }
    return [...bySet.values()].map((group) => ({
      table: 'li_insurance',
      key: 'filing_key',
      mostlyNew,
      insertOnly: [],
      columns: group.columns,
      rows: group.rows,
    }));
  }
}
