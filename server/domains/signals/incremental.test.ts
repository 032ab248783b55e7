import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_BOUND } from '../../../core/signals.ts';
import type { CarrierRecord } from '../carrier-data/records.ts';
import { refreshFlagsAfterImports, refreshSearchFlags } from '../authority/repo.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { refreshLinksAndSignals, type SignalsRefresh } from './repo.ts';
import type { Db } from '../../db/database.ts';

/**
 * The daily build computes only what changed (docs/decisions/155): after a day of census, L&I,
 * out-of-service, inspection and history changes and a day of the calendar, its keys, shared keys,
 * signals and search flags must equal a full rebuild's.
 */
const DAY_1 = '2026-12-07T06:00:00.000Z';
const DAY_2 = '2026-12-08T06:00:00.000Z';
const WRITTEN_ON_DAY_2 = '2026-12-08T01:00:00.000Z';

const pool = Array.from({ length: LINK_BOUND }, (_, index) =>
  carrier({ legal_name: `POOL ${index}`, phone: '2145550301', status_code: index === 0 ? 'I' : 'A' }),
);
const c = {
  // A linked inactive carrier changes its phone: the link goes.
  unlinked: carrier({ legal_name: 'UNLINKED', phone: '2145550201' }),
  unlinkedTwin: carrier({ legal_name: 'UNLINKED TWIN', phone: '2145550201', status_code: 'I' }),
  // An inactive carrier takes another's phone: a link comes to a carrier nothing wrote.
  joined: carrier({ legal_name: 'JOINED', phone: '2145550202' }),
  joiner: carrier({ legal_name: 'JOINER', phone: '2145550203', status_code: 'I' }),
  // A linked carrier becomes inactive.
  partner: carrier({ legal_name: 'PARTNER', phone: '2145550204' }),
  lapsing: carrier({ legal_name: 'LAPSING', phone: '2145550204' }),
  // A ninth carrier takes the pool's phone: it is too common to link anyone.
  ninth: carrier({ legal_name: 'NINTH', phone: '2145550399' }),
  // An out-of-service order arrives for a linked carrier (the OOS import refreshes its flags).
  ordered: carrier({ legal_name: 'ORDERED', email: 'ops@ordered-freight.com' }),
  orderedNeighbour: carrier({ legal_name: 'ORDERED NEIGHBOUR', email: 'desk@ordered-freight.com' }),
  // A revocation takes effect on day 2 (the calendar's flags find it).
  revokedOnDay2: carrier({ legal_name: 'REVOKED ON DAY 2', fax: '2145550205' }),
  revokedNeighbour: carrier({ legal_name: 'REVOKED NEIGHBOUR', phone: '2145550205' }),
  // A carrier moves to a revoked carrier's address, with its officer, after the revocation.
  revokedLongAgo: carrier({
    legal_name: 'REVOKED LONG AGO',
    company_officer_1: 'JOHN DOE',
    phy_street: '9 Pine Road',
    phy_zip: '75002',
  }),
  mover: carrier({ legal_name: 'MOVER', company_officer_1: 'John Doe', add_date: '2025-10-01' }),
  // FMCSA's link set by the census.
  flagged: carrier({ legal_name: 'FLAGGED' }),
  // Vehicles: one shared from a day-2 inspection, one whose shared inspection leaves the window.
  vinNewA: carrier({ legal_name: 'VIN NEW A' }),
  vinNewB: carrier({ legal_name: 'VIN NEW B' }),
  vinOldA: carrier({ legal_name: 'VIN OLD A' }),
  vinOldB: carrier({ legal_name: 'VIN OLD B' }),
  // Calendar rules at their window's edge.
  grantAtEdge: carrier({ legal_name: 'GRANT AT EDGE' }),
  cancelledAtEdge: carrier({ legal_name: 'CANCELLED AT EDGE' }),
  changedAtEdge: carrier({ legal_name: 'CHANGED AT EDGE' }),
  changedOnDay2: carrier({ legal_name: 'CHANGED ON DAY 2' }),
  inspectedAtEdge: carrier({ legal_name: 'INSPECTED AT EDGE', power_units: 20, add_date: '2015-01-01' }),
  // Census: a fleet grows, an address becomes a box.
  growing: carrier({ legal_name: 'GROWING', power_units: 3, add_date: '2015-01-01' }),
  boxed: carrier({ legal_name: 'BOXED', phy_street: '4 Oak St', phy_zip: '75201' }),
  plain: carrier({ legal_name: 'PLAIN' }),
  // A new filing changes a linked carrier's fleet: nothing its partner sees of it.
  refiler: carrier({ legal_name: 'REFILER', phone: '2145550206', power_units: 2 }),
  refilerPartner: carrier({ legal_name: 'REFILER PARTNER', phone: '2145550206' }),
} as const;
const records: CarrierRecord[] = [...pool, ...Object.values(c)];

function inspection(dot: number, id: string, day: string, vin: string | null) {
  return {
    inspection_id: id,
    dot_number: dot,
    insp_date: day,
    report_state: 'TX',
    report_number: id,
    insp_level_id: 1,
    viol_total: 0,
    oos_total: 0,
    driver_oos_total: 0,
    vehicle_oos_total: 0,
    hazmat_oos_total: 0,
    vin,
    vin2: null,
  };
}

function contactEvent(dot: number, day: string) {
  return {
    event_key: `${dot}|phone|${day}`,
    dot_number: dot,
    kind: 'record',
    event: 'changed',
    subject: 'phone',
    value_before: '1',
    value_after: '2',
    effective_on: null,
    first_seen_on: day,
    source: 'company_census',
  };
}

/** Everything a build writes, in one comparable value. */
async function builtState(db: Db) {
  const [keys, shared, signals, flags] = await Promise.all([
    db
      .selectFrom('carrier_link_keys')
      .selectAll()
      .orderBy('kind')
      .orderBy('key')
      .orderBy('dot_number')
      .execute(),
    db.selectFrom('shared_link_keys').selectAll().orderBy('kind').orderBy('key').execute(),
    db.selectFrom('carrier_signals').selectAll().orderBy('dot_number').orderBy('rule').execute(),
    db
      .selectFrom('companies')
      .select(['dot_number', 'risk_signals'])
      .where('risk_signals', '<>', 0)
      .orderBy('dot_number')
      .execute(),
  ]);
  return { keys, shared, signals, flags };
}

describe(`the daily build of links and signals on ${testDialect}`, () => {
  let database: TestDatabase;
  let daily: SignalsRefresh;
  let dayOne: Awaited<ReturnType<typeof builtState>>;
  const rulesOf = async (carrierRecord: CarrierRecord) =>
    (
      await database.db
        .selectFrom('carrier_signals')
        .select('rule')
        .where('dot_number', '=', carrierRecord.dot_number)
        .orderBy('rule')
        .execute()
    ).map((row) => row.rule);

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await seedCarriers(db, testDialect, records);
    await seedAuthorityRows(
      db,
      [
        {
          docket: 'MC910001',
          dotNumber: c.revokedOnDay2.dot_number,
          authorities: [{ kind: 'common', status: 'Inactive' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2019-01-01' }],
          revocations: [
            { kind: 'common', type: 'INSURANCE', served_on: '2026-11-01', effective_on: '2026-12-08' },
          ],
        },
        {
          docket: 'MC910002',
          dotNumber: c.revokedLongAgo.dot_number,
          authorities: [{ kind: 'common', status: 'Inactive' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2018-01-01' }],
          revocations: [
            { kind: 'common', type: 'INSURANCE', served_on: '2025-04-01', effective_on: '2025-05-01' },
          ],
        },
        {
          docket: 'MC910003',
          dotNumber: c.grantAtEdge.dot_number,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2026-09-09' }],
        },
        {
          docket: 'MC910004',
          dotNumber: c.cancelledAtEdge.dot_number,
          insurance: [
            { kind: 'BI&PD primary', effective_on: '2024-01-01', cancellation_effective_on: '2024-12-08' },
            { kind: 'BI&PD primary', effective_on: '2025-01-01', cancellation_effective_on: '2026-01-01' },
          ],
        },
      ],
      DAY_1.slice(0, 10),
    );
    await db
      .insertInto('inspections')
      .values([
        inspection(c.vinNewA.dot_number, 'J1', '2026-06-01', '1FUJGLDR12LM54321'),
        inspection(c.vinOldA.dot_number, 'J2', '2024-12-08', '3AKJGLDR5HSHL4321'),
        inspection(c.vinOldB.dot_number, 'J3', '2026-02-01', '3AKJGLDR5HSHL4321'),
        inspection(c.inspectedAtEdge.dot_number, 'J4', '2024-12-08', null),
      ])
      .execute();
    await db
      .insertInto('record_history_events')
      .values([contactEvent(c.changedAtEdge.dot_number, '2026-09-09')])
      .execute();
    // Written at the very time of the first build: the daily one must not read them again.
    await db.updateTable('companies').set({ updated_at: DAY_1 }).execute();
    await refreshFlagsAfterImports(db, DAY_1.slice(0, 10));
    await refreshLinksAndSignals(db, DAY_1);
    dayOne = await builtState(db);

    // Day 2: what the imports write, then the sync's flags and build.
    const census = async (record: CarrierRecord, set: Record<string, unknown>) =>
      db
        .updateTable('companies')
        .set({ ...set, updated_at: WRITTEN_ON_DAY_2 })
        .where('dot_number', '=', record.dot_number)
        .execute();
    await census(c.unlinkedTwin, { phone: '2145550299' });
    await census(c.joiner, { phone: '2145550202' });
    await census(c.lapsing, { status_code: 'I' });
    await census(c.ninth, { phone: '2145550301' });
    await census(c.mover, { phy_street: '9 PINE RD', phy_zip: '75002' });
    await census(c.flagged, { prior_revoke_flag: 1, prior_revoke_dot_number: c.revokedLongAgo.dot_number });
    await census(c.growing, { power_units: 12 });
    await census(c.boxed, { phy_street: 'PO Box 12' });
    await census(c.refiler, { power_units: 3 });
    await db
      .insertInto('oos_orders')
      .values({
        order_key: `${c.ordered.dot_number}|2026-12-07|IMMINENT HAZARD`,
        dot_number: c.ordered.dot_number,
        ordered_on: '2026-12-07',
        reason: 'IMMINENT HAZARD',
        status: 'ACTIVE',
        rescinded_on: null,
        legal_name: 'ORDERED',
        updated_at: WRITTEN_ON_DAY_2,
      })
      .execute();
    await refreshSearchFlags(db, [c.ordered.dot_number], DAY_2.slice(0, 10));
    await db
      .insertInto('inspections')
      .values(inspection(c.vinNewB.dot_number, 'J5', '2026-12-07', '1FUJGLDR12LM54321'))
      .execute();
    await db
      .insertInto('record_history_events')
      .values(contactEvent(c.changedOnDay2.dot_number, '2026-12-08'))
      .execute();
    await refreshFlagsAfterImports(db, DAY_2.slice(0, 10));
    daily = await refreshLinksAndSignals(db, DAY_2);
  });

  afterAll(() => database.destroy());

  it('builds only the changed carriers and those linked to them', () => {
    expect(daily.full).toBe(false);
    expect(daily.carriersKeyed).toBe(9);
    // Each written carrier, the carriers linked to those whose status changed, the holders of keys
    // that came or went, and the carriers of the calendar's changes: not REFILER's partner.
    expect(daily.carriersDue).toBe(29);
  });

  it('follows each kind of change of the day', async () => {
    expect(await rulesOf(c.unlinked)).toEqual([]);
    expect(await rulesOf(c.joined)).toEqual(['shares_contact_with_troubled']);
    expect(await rulesOf(c.partner)).toEqual(['shares_contact_with_troubled']);
    expect(await rulesOf(pool[1] as CarrierRecord)).toEqual([]);
    expect(await rulesOf(c.orderedNeighbour)).toEqual(['shares_contact_with_troubled']);
    expect(await rulesOf(c.revokedNeighbour)).toEqual(['shares_contact_with_troubled']);
    expect(await rulesOf(c.mover)).toEqual(['shares_contact_with_troubled', 'successor_of_revoked']);
    expect(await rulesOf(c.flagged)).toEqual(['successor_of_revoked']);
    expect(await rulesOf(c.vinNewA)).toEqual(['shared_vehicles']);
    expect(await rulesOf(c.vinOldB)).toEqual([]);
    expect(await rulesOf(c.grantAtEdge)).toEqual([]);
    expect(await rulesOf(c.cancelledAtEdge)).toEqual([]);
    expect(await rulesOf(c.changedAtEdge)).toEqual([]);
    expect(await rulesOf(c.changedOnDay2)).toEqual(['contact_changed']);
    expect(await rulesOf(c.inspectedAtEdge)).toEqual(['idle_fleet']);
    expect(await rulesOf(c.growing)).toEqual(['idle_fleet']);
    expect(await rulesOf(c.boxed)).toEqual(['po_box_or_undeliverable']);
  });

  it('held the other answers on day 1', () => {
    const day1Rules = (record: CarrierRecord) =>
      dayOne.signals.filter((signal) => signal.dot_number === record.dot_number).map((signal) => signal.rule);
    expect(day1Rules(c.unlinked)).toEqual(['shares_contact_with_troubled']);
    expect(day1Rules(pool[1] as CarrierRecord)).toEqual(['shares_contact_with_troubled']);
    expect(day1Rules(c.vinOldB)).toEqual(['shared_vehicles']);
    expect(day1Rules(c.grantAtEdge)).toEqual(['new_authority']);
    expect(day1Rules(c.cancelledAtEdge)).toEqual(['insurance_cancellations']);
    expect(day1Rules(c.changedAtEdge)).toEqual(['contact_changed']);
    expect(day1Rules(c.joined)).toEqual([]);
    expect(day1Rules(c.orderedNeighbour)).toEqual([]);
    expect(day1Rules(c.revokedNeighbour)).toEqual([]);
  });

  it('equals a full rebuild', async () => {
    const { db } = database;
    const incremental = await builtState(db);
    await db.deleteFrom('signals_state').execute();
    const rebuilt = await refreshLinksAndSignals(db, DAY_2);
    expect(rebuilt.full).toBe(true);
    expect(incremental).toEqual(await builtState(db));
    // A day with nothing new changes nothing either.
    const quiet = await refreshLinksAndSignals(db, DAY_2);
    expect(quiet.full).toBe(false);
    expect(await builtState(db)).toEqual(incremental);
  });
});
