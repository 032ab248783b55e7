import type { NewHistoryEvent } from '../../core/history.ts';
import { sqliteConnection, type Db } from '../../server/db/database.ts';
import { createRowUpserter, type RowSet, type RowUpserter } from '../../server/db/upsert-rows.ts';
import { insertHistoryEvents, recordEventsOf } from '../../server/domains/history/repo.ts';
import type { ChangeSource } from '../../server/domains/history/record-changes.ts';
import type { CarrierRecord } from '../../server/domains/carrier-data/records.ts';

/**
 * A census refresh's rows and their history events, in one transaction a batch: a kill leaves both
 * or neither, and a re-run finds the same changes again, whose events are kept once by their key
 * (docs/decisions/097-record-history-events.md). SQLite: the upserter commits the transaction begun
 * here, with its own rows. PostgreSQL: one batch's transaction runs while the importer reads the
 * next batch, and a batch's stored rows are read once the one before is committed.
 */
export function createHistoryWriter(db: Db, upserter: RowUpserter, source: ChangeSource) {
  const connection = sqliteConnection(db);
  let inFlight: Promise<number> = Promise.resolve(0);
  let written = 0;

  async function settled(): Promise<void> {
    const batch = inFlight;
    inFlight = Promise.resolve(0);
    written += await batch;
  }

  async function transaction(sets: readonly RowSet[], events: readonly NewHistoryEvent[]) {
    if (connection) {
      if (events.length > 0 && !connection.inTransaction) connection.exec('BEGIN');
      const count = await insertHistoryEvents(db, events);
      for (const set of sets) await upserter.upsert(set);
      return count;
    }
    return db.transaction().execute(async (trx) => {
      const count = await insertHistoryEvents(trx, events);
      const inTransaction = createRowUpserter(trx);
      for (const set of sets) await inTransaction.upsert(set);
      await inTransaction.close();
      return count;
    });
  }

  return {
    /** The events of a batch of changed records, read against their stored rows. */
    async eventsOf(records: readonly CarrierRecord[]): Promise<NewHistoryEvent[]> {
      await settled();
      return recordEventsOf(db, records, source);
    },
    /** Starts writing a batch's rows (`sets`) and events; a failure surfaces at the next call. */
    async write(sets: readonly RowSet[], events: readonly NewHistoryEvent[]): Promise<void> {
      await settled();
      inFlight = transaction(sets, events);
      // Awaited by the next call; until then, not an unhandled rejection.
      inFlight.catch(() => undefined);
    },
    /** Waits for the batch in flight; how many events the refresh kept. */
    async finish(): Promise<number> {
      await settled();
      return written;
    },
  };
}
