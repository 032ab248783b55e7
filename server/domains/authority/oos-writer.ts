/**
 * Writes out-of-service orders (li-records.ts OosRecord) in batches through the importer's upserter,
 * with their history events ('issued', 'rescinded') written first, and recomputes the search flags
 * of the carriers they name.
 */
import type { Db } from '../../db/database.ts';
import type { RowUpserter } from '../../db/upsert-rows.ts';
import { historyRowSet, orderEvents, type EventContext, type StoredOrder } from './li-history.ts';
import { orderKey, type OosRecord } from './li-records.ts';
import { refreshSearchFlags, storedByKeys } from './repo.ts';

const COLUMNS = [
  'order_key',
  'dot_number',
  'ordered_on',
  'reason',
  'status',
  'rescinded_on',
  'legal_name',
  'updated_at',
];

export interface OosBatch {
  add(record: OosRecord): void;
  size(): number;
  flush(): Promise<void>;
}

export function createOosBatch(
  db: Db,
  upserter: RowUpserter,
  options: { timestamp: string; asOf: string; portalId: string; today: string },
): OosBatch {
  const context: EventContext = { firstSeenOn: options.asOf, source: options.portalId };
  const orders = new Map<string, OosRecord>();
  let count = 0;
  return {
    size: () => count,
    add(record) {
      count += 1;
      orders.set(orderKey(record), record);
    },
    async flush() {
      if (count === 0) return;
      await upserter.settle();
      const stored = await storedByKeys(
        db,
        'oos_orders',
        'order_key',
        [...orders.keys()],
        ['rescinded_on', 'status'],
      );
      const events = [...orders].flatMap(([key, order]) =>
        orderEvents(order, stored.get(key) as StoredOrder | undefined, context),
      );
      // The events land before the rows they come from (li-writer.ts).
      if (events.length > 0) {
        await upserter.upsert(historyRowSet(events));
        await upserter.settle();
      }
      await upserter.upsert({
        table: 'oos_orders',
        key: 'order_key',
        insertOnly: [],
        changedAt: 'updated_at',
        columns: COLUMNS,
        rows: [...orders].map(([key, order]) => [
          key,
          order.dot,
          order.ordered_on,
          order.reason,
          order.status,
          order.rescinded_on,
          order.legal_name,
          options.timestamp,
        ]),
      });
      await upserter.settle();
      await refreshSearchFlags(
        db,
        [...new Set([...orders.values()].map((order) => order.dot))],
        options.today,
      );
      orders.clear();
      count = 0;
    },
  };
}
