/**
 * Writes L&I records (li-records.ts) in batches: one row set per table through the importer's upserter,
 * removals as deletes, and the touched dockets noted for the search flags (docs/decisions/035).
 */
import type { Db } from '../../db/database.ts';
import type { RowSet, RowUpserter } from '../../db/upsert-rows.ts';
import { filingKey, type LiFiling, type LiRecord } from './li-records.ts';
import { markFlagsDue } from './repo.ts';

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

/** SQLite binds at most 32,766 parameters; deletes go in lists well below that. */
const DELETE_LIST = 1_000;

/** Where several rows of one batch state an authority, the strongest status stands (Motus lists one row per authority type). */
const STATUS_RANK = { Active: 3, 'Revocation pending': 2, Pending: 1, Inactive: 0 } as const;

export interface LiBatch {
  add(record: LiRecord): void;
  size(): number;
  /** Writes the batch; the upserter may still be sending its statements when this returns. */
  flush(): Promise<void>;
}

export function createLiBatch(db: Db, upserter: RowUpserter, timestamp: string): LiBatch {
  const dots = new Map<string, number>();
  const facts = new Map<string, unknown[]>();
  const authorities = new Map<string, unknown[] | null>();
  const events = new Map<string, unknown[]>();
  /** Filings by key; null: remove it. Filings with and without a cancellation date are kept apart. */
  const filings = new Map<string, { row: unknown[]; cancellation: boolean } | null>();
  const docketsCleared = new Set<string>();
  const revocations = new Map<string, unknown[]>();
  const touched = new Set<string>();
  let count = 0;

  const addFiling = (docket: string, filing: LiFiling) => {
    const key = filingKey(docket, filing.kind, filing.policy_number);
    const row: unknown[] = [key, docket, ...FILING_COLUMNS.map((column) => filing[column]), timestamp];
    const cancellation = filing.cancellation_effective_on !== undefined;
    if (cancellation) row.push(filing.cancellation_effective_on);
    filings.set(key, { row, cancellation });
  };

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
        const key = `${docket}|${authority.kind}`;
        const stored = authorities.get(key);
        if (authority.status === null) {
          authorities.set(key, null);
          continue;
        }
        if (stored && STATUS_RANK[stored[3] as keyof typeof STATUS_RANK] > STATUS_RANK[authority.status])
          continue;
        authorities.set(key, [
          key,
          docket,
          authority.kind,
          authority.status,
          authority.description,
          timestamp,
        ]);
      }
      if (record.filingsRemoved) {
        for (const [key, filing] of filings) if (filing && key.startsWith(`${docket}|`)) filings.delete(key);
        docketsCleared.add(docket);
      }
      if (record.filingRemoved) {
        filings.set(filingKey(docket, record.filingRemoved.kind, record.filingRemoved.policy_number), null);
      }
      if (record.filing) addFiling(docket, record.filing);
      if (record.event) {
        const { kind, sub_number, action, action_on, final_action, final_on } = record.event;
        const key = [docket, kind ?? '', sub_number ?? '', action, action_on ?? ''].join('|');
        events.set(key, [key, docket, kind, action, action_on, final_action, final_on]);
      }
      if (record.revocation) {
        const { kind, type, served_on, effective_on } = record.revocation;
        const key = [docket, kind ?? '', type, served_on ?? ''].join('|');
        revocations.set(key, [key, docket, kind, type, served_on, effective_on]);
      }
    },
    async flush() {
      if (count === 0) return;
      const set = (table: string, key: string, columns: string[], rows: unknown[][]): RowSet => ({
        table,
        key,
        insertOnly: [],
        columns,
        rows,
      });
      const removedAuthorities = [...authorities].filter(([, row]) => row === null).map(([key]) => key);
      const removedFilings = [...filings].filter(([, row]) => row === null).map(([key]) => key);
      if (removedAuthorities.length + removedFilings.length + docketsCleared.size > 0) {
        // Deletes go after every earlier write of the same rows has landed.
        await upserter.close();
        for (let start = 0; start < removedAuthorities.length; start += DELETE_LIST) {
          const keys = removedAuthorities.slice(start, start + DELETE_LIST);
          await db.deleteFrom('li_authorities').where('authority_key', 'in', keys).execute();
        }
        for (let start = 0; start < removedFilings.length; start += DELETE_LIST) {
          const keys = removedFilings.slice(start, start + DELETE_LIST);
          await db.deleteFrom('li_insurance').where('filing_key', 'in', keys).execute();
        }
        const cleared = [...docketsCleared];
        for (let start = 0; start < cleared.length; start += DELETE_LIST) {
          // A filing with a cancellation date stays: it shows as cancelled.
          await db
            .deleteFrom('li_insurance')
            .where('docket', 'in', cleared.slice(start, start + DELETE_LIST))
            .where('cancellation_effective_on', 'is', null)
            .execute();
        }
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
      const authorityRows = [...authorities.values()].filter((row) => row !== null);
      if (authorityRows.length > 0) {
        sets.push(
          set(
            'li_authorities',
            'authority_key',
            ['authority_key', 'docket', 'kind', 'status', 'description', 'updated_at'],
            authorityRows,
          ),
        );
      }
      const filingColumns = ['filing_key', 'docket', ...FILING_COLUMNS, 'updated_at'];
      const filingRows = [...filings.values()].filter((filing) => filing !== null);
      const plain = filingRows.filter((filing) => !filing.cancellation).map((filing) => filing.row);
      const dated = filingRows.filter((filing) => filing.cancellation).map((filing) => filing.row);
      if (plain.length > 0) sets.push(set('li_insurance', 'filing_key', filingColumns, plain));
      if (dated.length > 0) {
        sets.push(set('li_insurance', 'filing_key', [...filingColumns, 'cancellation_effective_on'], dated));
      }
      if (events.size > 0) {
        sets.push(
          set(
            'li_authority_events',
            'event_key',
            ['event_key', 'docket', 'kind', 'action', 'action_on', 'final_action', 'final_on'],
            [...events.values()],
          ),
        );
      }
      if (revocations.size > 0) {
        sets.push(
          set(
            'li_revocations',
            'revocation_key',
            ['revocation_key', 'docket', 'kind', 'type', 'served_on', 'effective_on'],
            [...revocations.values()],
          ),
        );
      }
      for (const rows of sets) await upserter.upsert(rows);
      await markFlagsDue(db, touched);
      for (const map of [dots, facts, authorities, events, filings, revocations]) map.clear();
      docketsCleared.clear();
      touched.clear();
      count = 0;
    },
  };
}
