import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_BOUND, ruleBit } from '../../../core/signals.ts';
import type { CarrierRecord } from '../carrier-data/records.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { readConnections, refreshLinksAndSignals, wholeRules } from './repo.ts';

const NOW = '2026-12-07T06:00:00.000Z';
const TODAY = NOW.slice(0, 10);

/** Crafted census rows, one story each; the tests below name them. */
const c = {
  active: carrier({ legal_name: 'ACTIVE LINKED', phone: '(214) 555-0101' }),
  inactive: carrier({ legal_name: 'INACTIVE TWIN', phone: '12145550101', status_code: 'I' }),
  commonPool: Array.from({ length: LINK_BOUND + 1 }, (_, index) =>
    carrier({
      legal_name: `DISPATCH CLIENT ${index}`,
      phone: '214-555-0199',
      status_code: index === 0 ? 'I' : 'A',
    }),
  ),
  freeMail: carrier({ legal_name: 'FREE MAIL ONE', email: 'trucker1@gmail.com' }),
  freeMailInactive: carrier({ legal_name: 'FREE MAIL TWO', email: 'trucker2@gmail.com', status_code: 'I' }),
  domain: carrier({ legal_name: 'ACME HAUL', email: 'ops@acme-haul.com' }),
  domainInactive: carrier({ legal_name: 'ACME HAUL OLD', email: 'billing@ACME-HAUL.com', status_code: 'I' }),
  fmcsaSuccessor: carrier({ legal_name: 'FMCSA SUCCESSOR', prior_revoke_flag: true }),
  revoked: carrier({
    legal_name: 'REVOKED ORIGINAL',
    company_officer_1: 'JANE ROE',
    phy_street: '500 Elm Street',
    phy_zip: '75001',
  }),
  successor: carrier({
    legal_name: 'REBORN FREIGHT',
    company_officer_1: 'Jane  Roe',
    phy_street: '500 ELM ST',
    phy_zip: '75001-1234',
    add_date: '2025-09-01',
  }),
  predecessorDated: carrier({
    legal_name: 'OLDER NEIGHBOUR',
    company_officer_1: 'JANE ROE',
    phy_street: '500 ELM ST.',
    phy_zip: '75001',
    add_date: '2024-01-01',
  }),
  vinA: carrier({ legal_name: 'VIN A' }),
  vinB: carrier({ legal_name: 'VIN B' }),
  shortVinA: carrier({ legal_name: 'SHORT VIN A' }),
  shortVinB: carrier({ legal_name: 'SHORT VIN B' }),
  oldVinA: carrier({ legal_name: 'OLD VIN A' }),
  oldVinB: carrier({ legal_name: 'OLD VIN B' }),
  newGrant: carrier({ legal_name: 'NEW GRANT' }),
  oldGrant: carrier({ legal_name: 'OLD GRANT' }),
  phoneChanged: carrier({ legal_name: 'PHONE CHANGED' }),
  unitsChanged: carrier({ legal_name: 'UNITS CHANGED' }),
  phoneChangedLongAgo: carrier({ legal_name: 'PHONE CHANGED LONG AGO' }),
  cancelled: carrier({ legal_name: 'CANCELLED TWICE' }),
  replaced: carrier({ legal_name: 'REPLACED ONCE' }),
  poBox: carrier({ legal_name: 'PO BOX CARRIER', phy_street: 'P.O. Box 77', phy_zip: '75201' }),
  boxwood: carrier({ legal_name: 'BOXWOOD CARRIER', phy_street: '12 Boxwood Lane', phy_zip: '75201' }),
  undeliverable: carrier({ legal_name: 'UNDELIVERABLE', phy_undeliverable: true }),
  idleFleet: carrier({ legal_name: 'IDLE FLEET', power_units: 20, add_date: '2015-01-01' }),
  inspectedFleet: carrier({ legal_name: 'INSPECTED FLEET', power_units: 20, add_date: '2015-01-01' }),
  smallFleet: carrier({ legal_name: 'SMALL FLEET', power_units: 3, add_date: '2015-01-01' }),
  plain: carrier({ legal_name: 'PLAIN CARRIER' }),
} as const;

const records: CarrierRecord[] = Object.values(c).flat();
(c.fmcsaSuccessor as CarrierRecord).prior_revoke_dot_number = c.revoked.dot_number;

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

function contactEvent(dot: number, subject: string, day: string) {
  return {
    event_key: `${dot}|${subject}|${day}`,
    dot_number: dot,
    kind: 'record',
    event: 'changed',
    subject,
    value_before: '1',
    value_after: '2',
    effective_on: null,
    first_seen_on: day,
    source: 'company_census',
  };
}

describe(`links and risk signals on ${testDialect}`, () => {
  let database: TestDatabase;
  const signalsOf = async (dot: number) =>
    (await readConnections(database.db, dot, TODAY)).signals.map((signal) => signal.rule).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await seedCarriers(db, testDialect, records);
    await seedAuthorityRows(
      db,
      [
        {
          docket: 'MC900001',
          dotNumber: c.revoked.dot_number,
          authorities: [{ kind: 'common', status: 'Inactive' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2020-01-01' }],
          revocations: [
            { kind: 'common', type: 'INSURANCE', served_on: '2025-05-01', effective_on: '2025-06-01' },
          ],
        },
        {
          docket: 'MC900002',
          dotNumber: c.newGrant.dot_number,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2026-11-01' }],
        },
        {
          docket: 'MC900003',
          dotNumber: c.oldGrant.dot_number,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2026-01-01' }],
        },
        {
          docket: 'MC900004',
          dotNumber: c.cancelled.dot_number,
          insurance: [
            { kind: 'BI&PD primary', effective_on: '2025-01-01', cancellation_effective_on: '2025-08-01' },
            { kind: 'BI&PD primary', effective_on: '2025-08-01', cancellation_effective_on: '2026-03-01' },
          ],
        },
        {
          docket: 'MC900005',
          dotNumber: c.replaced.dot_number,
          insurance: [
            { kind: 'BI&PD primary', effective_on: '2025-01-01', cancellation_effective_on: '2025-08-01' },
            {
              kind: 'BI&PD primary',
              effective_on: '2025-08-01',
              cancellation_effective_on: '2026-03-01',
              ended_by: 'replaced',
            },
          ],
        },
      ],
      TODAY,
    );
    await db
      .insertInto('inspections')
      .values([
        inspection(c.vinA.dot_number, 'I1', '2026-03-01', '1FUJGLDR12LM12345'),
        inspection(c.vinB.dot_number, 'I2', '2026-06-01', '1fujgldr12lm12345'),
        inspection(c.shortVinA.dot_number, 'I3', '2026-03-01', 'UNKNOWN'),
        inspection(c.shortVinB.dot_number, 'I4', '2026-06-01', 'UNKNOWN'),
        inspection(c.oldVinA.dot_number, 'I5', '2024-03-01', '3AKJGLDR5HSHL1234'),
        inspection(c.oldVinB.dot_number, 'I6', '2024-06-01', '3AKJGLDR5HSHL1234'),
        inspection(c.inspectedFleet.dot_number, 'I7', '2026-02-01', null),
      ])
      .execute();
    await db
      .insertInto('record_history_events')
      .values([
        contactEvent(c.phoneChanged.dot_number, 'phone', '2026-11-20'),
        contactEvent(c.unitsChanged.dot_number, 'power_units', '2026-11-20'),
        contactEvent(c.phoneChangedLongAgo.dot_number, 'phone', '2026-05-01'),
      ])
      .execute();
    await refreshLinksAndSignals(db, NOW);
  });

  afterAll(() => database.destroy());

  it('flags a carrier sharing a phone with an inactive one, and names it as a link', async () => {
    expect(await signalsOf(c.active.dot_number)).toEqual(['shares_contact_with_troubled']);
    const connections = await readConnections(database.db, c.active.dot_number, TODAY);
    expect(connections.links).toEqual([
      { kind: 'phone', dot_number: c.inactive.dot_number, name: 'INACTIVE TWIN', status: 'inactive' },
    ]);
    // The inactive carrier's own link is to an active one: nothing troubles it through that.
    expect(await signalsOf(c.inactive.dot_number)).toEqual([]);
  });

  it(`does not link carriers through a value more than ${LINK_BOUND} share, but says it is common`, async () => {
    const pooled = c.commonPool[1] as CarrierRecord;
    expect(await signalsOf(pooled.dot_number)).toEqual([]);
    const connections = await readConnections(database.db, pooled.dot_number, TODAY);
    expect(connections.links).toEqual([]);
    expect(connections.common).toEqual([{ kind: 'phone', carriers: LINK_BOUND + 1 }]);
  });

  it('links by a company e-mail domain, never by a free-mail one', async () => {
    expect(await signalsOf(c.domain.dot_number)).toEqual(['shares_contact_with_troubled']);
    const links = (await readConnections(database.db, c.domain.dot_number, TODAY)).links;
    expect(links).toEqual([
      {
        kind: 'email_domain',
        dot_number: c.domainInactive.dot_number,
        name: 'ACME HAUL OLD',
        status: 'inactive',
      },
    ]);
    expect(await signalsOf(c.freeMail.dot_number)).toEqual([]);
    expect((await readConnections(database.db, c.freeMail.dot_number, TODAY)).links).toEqual([]);
  });

  it("flags FMCSA's prior-revocation link, both ways as a link", async () => {
    expect(await signalsOf(c.fmcsaSuccessor.dot_number)).toEqual(['successor_of_revoked']);
    const fromRevoked = (await readConnections(database.db, c.revoked.dot_number, TODAY)).links;
    expect(fromRevoked).toContainEqual({
      kind: 'prior_revocation',
      dot_number: c.fmcsaSuccessor.dot_number,
      name: 'FMCSA SUCCESSOR',
      status: 'active',
    });
  });

  it('flags a carrier added after a revocation at the revoked one’s address with its officer', async () => {
    expect(await signalsOf(c.successor.dot_number)).toEqual([
      'shares_contact_with_troubled',
      'successor_of_revoked',
    ]);
    const links = (await readConnections(database.db, c.successor.dot_number, TODAY)).links;
    expect(links).toContainEqual({
      kind: 'officer',
      dot_number: c.revoked.dot_number,
      name: 'REVOKED ORIGINAL',
      status: 'revoked',
    });
    // The same officer and address, but added before the revocation: not its successor.
    expect(await signalsOf(c.predecessorDated.dot_number)).toEqual(['shares_contact_with_troubled']);
  });

  it('flags vehicles inspected under two carriers in 24 months, and only full VINs of the window', async () => {
    expect(await signalsOf(c.vinA.dot_number)).toEqual(['shared_vehicles']);
    expect(await signalsOf(c.vinB.dot_number)).toEqual(['shared_vehicles']);
    expect((await readConnections(database.db, c.vinA.dot_number, TODAY)).links).toEqual([
      { kind: 'vin', dot_number: c.vinB.dot_number, name: 'VIN B', status: 'active' },
    ]);
    expect(await signalsOf(c.shortVinA.dot_number)).toEqual([]);
    expect(await signalsOf(c.oldVinA.dot_number)).toEqual([]);
  });

  it('flags an authority granted fewer than 90 days ago, with its date', async () => {
    const signals = (await readConnections(database.db, c.newGrant.dot_number, TODAY)).signals;
    expect(signals).toEqual([{ rule: 'new_authority', rests_on: '2026-11-01', detail: null, reply: null }]);
    expect(await signalsOf(c.oldGrant.dot_number)).toEqual([]);
  });

  it('flags contact details changed in the last 90 days, not other fields or older changes', async () => {
    expect(await signalsOf(c.phoneChanged.dot_number)).toEqual(['contact_changed']);
    expect(await signalsOf(c.unitsChanged.dot_number)).toEqual([]);
    expect(await signalsOf(c.phoneChangedLongAgo.dot_number)).toEqual([]);
  });

  it('flags several insurance cancellations in 24 months, not a replaced policy', async () => {
    const signals = (await readConnections(database.db, c.cancelled.dot_number, TODAY)).signals;
    expect(signals).toEqual([
      { rule: 'insurance_cancellations', rests_on: '2026-03-01', detail: '2', reply: null },
    ]);
    expect(await signalsOf(c.replaced.dot_number)).toEqual([]);
  });

  it('flags a PO box as the physical address and undeliverable mail, not a street named Boxwood', async () => {
    expect(await signalsOf(c.poBox.dot_number)).toEqual(['po_box_or_undeliverable']);
    expect(await signalsOf(c.undeliverable.dot_number)).toEqual(['po_box_or_undeliverable']);
    expect(await signalsOf(c.boxwood.dot_number)).toEqual([]);
  });

  it('flags a fleet of many power units with no inspection in 24 months', async () => {
    const signals = (await readConnections(database.db, c.idleFleet.dot_number, TODAY)).signals;
    expect(signals).toEqual([{ rule: 'idle_fleet', rests_on: null, detail: '20', reply: null }]);
    expect(await signalsOf(c.inspectedFleet.dot_number)).toEqual([]);
    expect(await signalsOf(c.smallFleet.dot_number)).toEqual([]);
  });

  it("keeps the search's flag: set where a signal holds, cleared where none does", async () => {
    const flags = await database.db
      .selectFrom('companies')
      .select(['dot_number', 'risk_signals'])
      .where('dot_number', 'in', [c.idleFleet.dot_number, c.plain.dot_number])
      .orderBy('dot_number')
      .execute();
    expect(flags).toEqual([
      { dot_number: c.idleFleet.dot_number, risk_signals: ruleBit('idle_fleet') },
      { dot_number: c.plain.dot_number, risk_signals: 0 },
    ]);
  });

  it('follows the calendar and rebuilds only carriers written since, keeping the others', async () => {
    const { db } = database;
    // 90 days after the grant it is no longer new.
    await refreshLinksAndSignals(db, '2027-02-01T06:00:00.000Z');
    expect(await signalsOf(c.newGrant.dot_number)).toEqual([]);
    expect(await signalsOf(c.active.dot_number)).toEqual(['shares_contact_with_troubled']);
    // A census change that removes the shared phone unlinks the carriers.
    await db
      .updateTable('companies')
      .set({ phone: '2145550777', updated_at: '2027-02-02T00:00:00.000Z' })
      .where('dot_number', '=', c.inactive.dot_number)
      .execute();
    const refresh = await refreshLinksAndSignals(db, '2027-02-02T06:00:00.000Z');
    expect(refresh.carriersKeyed).toBe(1);
    expect(await signalsOf(c.active.dot_number)).toEqual([]);
    const row = await db
      .selectFrom('companies')
      .select('risk_signals')
      .where('dot_number', '=', c.successor.dot_number)
      .executeTakeFirstOrThrow();
    expect(row.risk_signals).toBe(ruleBit('shares_contact_with_troubled') + ruleBit('successor_of_revoked'));
  });
});

describe.skipIf(testDialect !== 'postgres')('the idle fleet rule on a national store, on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("reads the window's inspected carriers once, never once a fleet, when their list outgrows memory", async () => {
    await database.db.transaction().execute(async (trx) => {
      // Many more inspected carriers than a hash of them fits in the work memory given: a NOT IN list
      // of them is then scanned again for each large fleet (the national store's hours-long build).
      await sql`INSERT INTO inspections (inspection_id, dot_number, insp_date, insp_level_id, viol_total,
          oos_total, driver_oos_total, vehicle_oos_total, hazmat_oos_total)
        SELECT 'p' || n, n, '2026-06-01', 1, 0, 0, 0, 0, 0 FROM generate_series(1, 50000) AS n`.execute(trx);
      await sql`INSERT INTO companies (dot_number, name, power_units, status_code, add_date, created_at, updated_at)
        SELECT 9000000 + n, 'FLEET ' || n, 20, 'A', '2015-01-01', '2026-01-01', '2026-01-01'
        FROM generate_series(1, 5000) AS n`.execute(trx);
      await sql`ANALYZE inspections, companies`.execute(trx);
      await sql`SET LOCAL work_mem = '64kB'`.execute(trx);
      const [statement] = wholeRules(TODAY).idle_fleet!;
      const plan = (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${statement}`.execute(trx)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Anti Join/);
      expect(plan).not.toMatch(/SubPlan/);
    });
  });
});
