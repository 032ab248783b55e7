import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { createRowUpserter, type RowSet, type RowUpserter } from '../../db/upsert-rows.ts';
import type { LiFiling } from './li-records.ts';
import { createLiBatch } from './li-writer.ts';

/**
 * An upserter that writes nothing until it is settled or closed: the slowest a server can be. A batch
 * that reads what an earlier batch wrote without settling first reads nothing.
 */
function writesWhenSettled(inner: RowUpserter) {
  const held: RowSet[] = [];
  let settles = 0;
  const writeHeld = async () => {
    for (const set of held.splice(0)) await inner.upsert(set);
  };
  const upserter: RowUpserter = {
    async upsert(set) {
      held.push(set);
    },
    async settle() {
      settles += 1;
      await writeHeld();
      await inner.settle();
    },
    fence() {},
    async close() {
      await writeHeld();
      await inner.close();
    },
  };
  return { upserter, settles: () => settles };
}

const filing = (policy: string): LiFiling => ({
  kind: 'BI&PD primary',
  form_code: '91X',
  insurer: 'NORTHLAND INSURANCE COMPANY',
  policy_number: policy,
  amount_dollars: 1_000_000,
  effective_on: '2025-09-02',
  cancellation_effective_on: null,
});

describe(`a first L&I load's batches on ${testDialect}`, () => {
  let database: TestDatabase;
  const owner = carrier({ legal_name: 'FIRST LOAD LINES', carrier_operation: 'A' });

  beforeEach(async () => {
    database = await createTestDatabase();
    await seedCarriers(database.db, testDialect, [owner]);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const firstLoad = (upserter: RowUpserter) =>
    createLiBatch(database.db, upserter, {
      timestamp: '2026-12-01T09:30:00.000Z',
      asOf: '2026-12-01',
      system: 'motus',
      portalId: '3uet-3z4i',
      emptyTable: 'li_insurance',
    });

  const eventsOf = (dotNumber: number) =>
    database.db
      .selectFrom('record_history_events')
      .select(['event', 'subject'])
      .where('dot_number', '=', dotNumber)
      .orderBy('subject')
      .execute();

  it('are judged without waiting for the batches before them when every row names its carrier', async () => {
    const { upserter, settles } = writesWhenSettled(createRowUpserter(database.db));
    const batch = firstLoad(upserter);
    batch.add({ docket: 'MC500001', dot: owner.dot_number, filing: filing('POLICY-A') });
    await batch.flush();
    batch.add({ docket: 'MC500001', dot: owner.dot_number, filing: filing('POLICY-B') });
    await batch.flush();
    expect(settles()).toBe(0);
    await upserter.close();
    expect((await eventsOf(owner.dot_number)).map((event) => event.event)).toEqual(['filed', 'filed']);
  });

  it('wait for the earlier writes before finding the carrier of a docket a row gives no DOT number', async () => {
    const { upserter, settles } = writesWhenSettled(createRowUpserter(database.db));
    const batch = firstLoad(upserter);
    batch.add({ docket: 'MC500001', dot: owner.dot_number, filing: filing('POLICY-A') });
    await batch.flush();
    // The docket's carrier is known only from the row the batch before wrote.
    batch.add({ docket: 'MC500001', dot: null, filing: filing('POLICY-B') });
    await batch.flush();
    expect(settles()).toBe(1);
    await upserter.close();
    expect(await eventsOf(owner.dot_number)).toHaveLength(2);
  });

  it('wait for the earlier writes before removing what they wrote', async () => {
    const { upserter } = writesWhenSettled(createRowUpserter(database.db));
    const batch = firstLoad(upserter);
    batch.add({ docket: 'MC500001', dot: owner.dot_number, filing: filing('POLICY-A') });
    await batch.flush();
    // A blank row: the docket's filings without a cancellation date are gone.
    batch.add({ docket: 'MC500001', dot: owner.dot_number, filingsRemoved: true });
    await batch.flush();
    await upserter.close();
    const stored = await database.db.selectFrom('li_insurance').select('policy_number').execute();
    expect(stored).toEqual([]);
  });
});
