import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { createCarrierDataRepo } from './repo.ts';
import { createCarrierDataService } from './service.ts';
import type { InspectionRecord } from './records.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');
const DOT = 295017;

function inspection(
  id: string,
  date: string,
  level: number,
  counts: Partial<InspectionRecord> = {},
): InspectionRecord {
  return {
    inspection_id: id,
    dot_number: DOT,
    insp_date: date,
    report_state: 'WA',
    report_number: `R${id}`,
    insp_level_id: level,
    viol_total: 0,
    oos_total: 0,
    driver_oos_total: 0,
    vehicle_oos_total: 0,
    hazmat_oos_total: 0,
    ...counts,
  };
}

describe(`carrier-data API on ${testDialect}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => TODAY });
    const repo = createCarrierDataRepo(app.database.db);
    await repo.upsertCarriers(
      [
        {
          dot_number: DOT,
          legal_name: 'UNITED MOVING AND STORAGE INC',
          dba_name: null,
          mc_number: '139446',
          phy_city: 'BREMERTON',
          phy_state: 'WA',
          phy_zip: '98311',
          power_units: 18,
          truck_units: 18,
          total_drivers: 24,
          total_cdl: 7,
          mcs150_mileage: 10000,
          mcs150_mileage_year: 2019,
          business_org_desc: 'CORPORATION',
          cargo_codes: ['HOUSEHOLD', 'CARGOOTHR'],
          cargo_other_desc: 'PIANOS',
          status_code: 'A',
          carrier_operation: 'A',
        },
        { dot_number: 7, legal_name: 'NO INSPECTIONS LLC' },
      ],
      '2026-11-01T00:00:00.000Z',
    );
    await repo.upsertInspections([
      // Inside the 24-month window (since 2024-11-22).
      inspection('1', '2026-10-01', 1, {
        viol_total: 3,
        oos_total: 2,
        driver_oos_total: 1,
        vehicle_oos_total: 1,
      }),
      inspection('2', '2026-01-15', 2, { viol_total: 1 }),
      inspection('3', '2025-06-01', 3, { viol_total: 2, oos_total: 1, driver_oos_total: 1 }),
      inspection('4', '2025-02-01', 5, { viol_total: 4, oos_total: 1, vehicle_oos_total: 1 }),
      inspection('5', '2024-11-22', 6),
      inspection('6', '2025-03-03', 4, { viol_total: 1, oos_total: 1, hazmat_oos_total: 1 }),
      // Level 99 counts toward the total only (decision 024).
      inspection('8', '2025-04-04', 99, { driver_oos_total: 1, vehicle_oos_total: 1 }),
      // Outside it.
      inspection('7', '2024-11-21', 1, {
        viol_total: 9,
        oos_total: 9,
        driver_oos_total: 5,
        vehicle_oos_total: 4,
      }),
    ]);
    await repo.upsertCrashes([
      {
        crash_id: 'C1',
        dot_number: DOT,
        report_date: '2026-05-01',
        report_state: 'WA',
        fatalities: 1,
        injuries: 2,
        tow_away: true,
      },
      // The same crash listed again for a second vehicle counts once.
      {
        crash_id: 'C1',
        dot_number: DOT,
        report_date: '2026-05-01',
        report_state: 'WA',
        fatalities: 1,
        injuries: 2,
        tow_away: true,
      },
      {
        crash_id: 'C2',
        dot_number: DOT,
        report_date: '2025-01-10',
        report_state: 'OR',
        fatalities: 0,
        injuries: 0,
        tow_away: true,
      },
      {
        crash_id: 'C3',
        dot_number: DOT,
        report_date: '2023-01-10',
        report_state: 'OR',
        fatalities: 0,
        injuries: 1,
        tow_away: false,
      },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('computes the 24-month safety summary with FMCSA denominators', async () => {
    const response = await app.fastify.inject({ url: `/carrier-data/api/v1/company/${DOT}/safety-summary` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        data: {
          dot_number: DOT,
          total_inspections: 7,
          total_violations: 11,
          total_oos_violations: 5,
          // Driver: levels 1, 2, 3, 6 -> inspections 1, 2, 3, 5; with driver OOS: 1 and 3 -> 2/4.
          driver_oos_rate: 50,
          driver_inspections: 4,
          // Vehicle: levels 1, 2, 5, 6 -> inspections 1, 2, 4, 5; with vehicle OOS: 1 and 4 -> 2/4.
          vehicle_oos_rate: 50,
          vehicle_inspections: 4,
          total_crashes: 2,
          crashes_with_fatalities: 1,
          crashes_with_injuries: 1,
          crashes_with_tow_away: 2,
          window_months: 24,
          updated_at: '2026-11-01T00:00:00.000Z',
          // Written through the repo, not imported: no file dates them.
          inspections_through: null,
          crashes_through: null,
          national_averages: { vehicle_oos_rate: 22.26, driver_oos_rate: 6.67, as_of: '2026-11-22' },
        },
      },
    });
  });

  it('gives the profile, in one read, the safety summary the API computes from its totals', async () => {
    const db = app.database.db;
    const dates = await app.services.carrierData.dataDates();
    for (const dot of [DOT, 7]) {
      const company = await db
        .selectFrom('companies')
        .selectAll()
        .where('dot_number', '=', dot)
        .executeTakeFirstOrThrow();
      const facts = await app.services.carrierData.profileFacts(company, dates, null);
      expect(facts.safety).toEqual(await app.services.carrierData.safetySummary(dot));
    }
  });

  it("keeps a profile's counts until inspections or crashes are imported again, or the day changes", async () => {
    const days = [TODAY];
    const repo = createCarrierDataRepo(app.database.db);
    const counting = { ...repo, inspectionsPerStateAndCrashes: vi.fn(repo.inspectionsPerStateAndCrashes) };
    const service = createCarrierDataService(counting, () => days[0]!);
    const company = await app.database.db
      .selectFrom('companies')
      .selectAll()
      .where('dot_number', '=', DOT)
      .executeTakeFirstOrThrow();
    const dates = await service.dataDates();
    const inspections = async (importedAt: string | null) =>
      (await service.profileFacts(company, dates, importedAt)).safety.total_inspections;

    expect(await inspections('2026-11-01T00:00:00.000Z')).toBe(7);
    await repo.upsertInspections([inspection('9', '2026-11-02', 1)]);
    // The other tests count this carrier's inspections as seeded.
    onTestFinished(async () => {
      await app.database.db.deleteFrom('inspections').where('inspection_id', '=', '9').execute();
    });
    // The same import: the counts read before stand, and the database is not read again.
    expect(await inspections('2026-11-01T00:00:00.000Z')).toBe(7);
    expect(counting.inspectionsPerStateAndCrashes).toHaveBeenCalledTimes(1);
    // A newer import is read.
    expect(await inspections('2026-11-02T00:00:00.000Z')).toBe(8);
    // So is the next day, whose 24-month window has lost 2024-11-22's inspection.
    days[0] = new Date('2026-11-23T12:00:00Z');
    expect(await inspections('2026-11-02T00:00:00.000Z')).toBe(7);
    expect(counting.inspectionsPerStateAndCrashes).toHaveBeenCalledTimes(3);
  });

  it('reports no rate, not 0, for a carrier with no inspections', async () => {
    const response = await app.fastify.inject({ url: '/carrier-data/api/v1/company/7/safety-summary' });
    expect(response.json().data.data).toMatchObject({
      total_inspections: 0,
      driver_oos_rate: null,
      driver_inspections: 0,
      vehicle_oos_rate: null,
      vehicle_inspections: 0,
      total_crashes: 0,
    });
  });

  it('answers 404 JSON for an unknown DOT number', async () => {
    for (const url of [
      '/carrier-data/api/v1/company/999999/safety-summary',
      '/carrier-data/api/v1/company/999999/inspections',
    ]) {
      const response = await app.fastify.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Carrier not found' });
    }
  });

  it.each(['abc', '-5', '0', '1.5', '1234567890', '%27%20OR%201%3D1'])(
    'refuses the DOT number %s with 400',
    async (dot) => {
      const response = await app.fastify.inject({
        url: `/carrier-data/api/v1/company/${dot}/safety-summary`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: 'dotNumber: DOT number must be a positive whole number',
      });
    },
  );

  it('lists inspections of the last 12 months, newest first, with pagination', async () => {
    const response = await app.fastify.inject({
      url: `/carrier-data/api/v1/company/${DOT}/inspections?sinceMonths=12&perPage=1&page=2`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          inspection_id: '2',
          dot_number: DOT,
          insp_date: '2026-01-15',
          report_state: 'WA',
          report_number: 'R2',
          insp_level_id: 2,
          viol_total: 1,
          oos_total: 0,
          driver_oos_total: 0,
          vehicle_oos_total: 0,
          hazmat_oos_total: 0,
          violations: [],
        },
      ],
      page: 2,
      per_page: 1,
      total: 2,
    });
  });

  it('caps perPage at 100 and defaults to 12 months', async () => {
    const response = await app.fastify.inject({
      url: `/carrier-data/api/v1/company/${DOT}/inspections?perPage=5000`,
    });
    expect(response.json()).toMatchObject({ per_page: 100, page: 1, total: 2 });
  });

  it.each([
    ['sinceMonths=0', 'sinceMonths: must be a whole number from 1 to 120'],
    ['sinceMonths=500', 'sinceMonths: must be a whole number from 1 to 120'],
    ['sinceMonths=abc', 'sinceMonths: must be a whole number from 1 to 120'],
    ['sinceMonths=1.5', 'sinceMonths: must be a whole number from 1 to 120'],
    ['perPage=0', 'perPage: must be a whole number of at least 1'],
    ['perPage=%27%3B', 'perPage: must be a whole number of at least 1'],
    ['page=-1', 'page: must be a whole number from 1 to 100,000'],
    ['page=100001', 'page: must be a whole number from 1 to 100,000'],
  ])('refuses %s with 400', async (query, detail) => {
    const response = await app.fastify.inject({
      url: `/carrier-data/api/v1/company/${DOT}/inspections?${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail });
  });

  it('returns the carrier record with every cargo flag', async () => {
    const response = await app.fastify.inject({ url: `/carrier-data/api/v1/search?dotNumber=${DOT}` });
    expect(response.statusCode).toBe(200);
    const [record] = response.json().data;
    expect(record).toMatchObject({
      dot_number: DOT,
      legal_name: 'UNITED MOVING AND STORAGE INC',
      mc_number: 'MC-139446',
      power_units: 18,
      truck_units: 18,
      total_drivers: 24,
      mcs150_mileage: 10000,
      mcs150_mileage_year: 2019,
      total_cdl: 7,
      business_org_desc: 'CORPORATION',
      crgo_household: 'X',
      crgo_genfreight: '',
      crgo_cargoothr: 'X',
      crgo_cargoothr_desc: 'PIANOS',
    });
    expect(Object.keys(record).filter((key) => key.startsWith('crgo_'))).toHaveLength(31);
  });

  it('returns an empty list for an unknown carrier and 400 without a DOT number', async () => {
    const unknown = await app.fastify.inject({ url: '/carrier-data/api/v1/search?dotNumber=424242' });
    expect(unknown.json()).toEqual({ data: [] });
    const missing = await app.fastify.inject({ url: '/carrier-data/api/v1/search' });
    expect(missing.statusCode).toBe(400);
  });

  it('re-importing a carrier from a census without cargo columns keeps its cargo and claim state', async () => {
    const repo = createCarrierDataRepo(app.database.db);
    await app.database.db
      .updateTable('companies')
      .set({ claimed: 1 })
      .where('dot_number', '=', DOT)
      .execute();
    await repo.upsertCarriers(
      [{ dot_number: DOT, legal_name: 'UNITED MOVING & STORAGE', power_units: 20 }],
      '2026-11-20T00:00:00.000Z',
    );
    const company = await repo.findCompanyByDot(DOT);
    expect(company).toMatchObject({
      name: 'UNITED MOVING & STORAGE',
      power_units: 20,
      cargo_codes: 'HOUSEHOLD;CARGOOTHR',
      claimed: 1,
      phy_zip: '98311',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
    });
    expect(company?.latitude).toBeCloseTo(47.6, 0);
  });
});
