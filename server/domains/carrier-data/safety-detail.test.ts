import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { createCarrierDataRepo } from './repo.ts';
import { createCarrierDataService } from './service.ts';
import type { InspectionRecord, ViolationRecord } from './records.ts';

const TODAY = new Date('2026-11-22T12:00:00Z');
const DOT = 565656;
const API = `/carrier-data/api/v1/company/${DOT}`;

function inspection(id: string, date: string, level: number, state = 'TX'): InspectionRecord {
  return {
    inspection_id: id,
    dot_number: DOT,
    insp_date: date,
    report_state: state,
    report_number: `R${id}`,
    insp_level_id: level,
    viol_total: 0,
    oos_total: 0,
    driver_oos_total: 0,
    vehicle_oos_total: 0,
    hazmat_oos_total: 0,
  };
}

function violation(inspectionId: string, date: string, code: string, extra: Partial<ViolationRecord> = {}) {
  return {
    inspection_id: inspectionId,
    dot_number: DOT,
    insp_date: date,
    viol_code: code,
    basic: 'Vehicle Maint.',
    description: `Description of ${code}`,
    unit: '1',
    oos: false,
    ...extra,
  } satisfies ViolationRecord;
}

/** Issue 56: the inspections, violations and crashes behind the safety summary. */
describe(`the safety detail on ${testDialect}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => TODAY });
    const repo = createCarrierDataRepo(app.database.db);
    await repo.upsertCarriers(
      [{ dot_number: DOT, legal_name: 'DETAILED HAULING LLC' }],
      '2026-11-01T00:00:00Z',
    );
    await repo.upsertInspections([
      inspection('A1', '2026-10-01', 1),
      inspection('A2', '2026-09-01', 2, 'OK'),
      inspection('A3', '2026-08-01', 3),
      // Outside the 24-month window (since 2024-11-22).
      inspection('A0', '2024-11-21', 1),
    ]);
    await repo.upsertViolations([
      violation('A1', '2026-10-01', '396.3A1BOS', { oos: true, description: 'Brakes out of adjustment' }),
      violation('A1', '2026-10-01', '393.9A1', { description: 'Inoperable Required Lamp' }),
      violation('A1', '2026-10-01', '392.2C', { basic: 'Unsafe Driving', unit: 'D' }),
      violation('A3', '2026-08-01', '395.8E', { basic: 'HOS Compliance', unit: 'D', oos: true }),
      violation('A0', '2024-11-21', '393.9A1'),
    ]);
    await repo.upsertCrashes([
      {
        crash_id: 'K1',
        dot_number: DOT,
        report_date: '2026-07-01',
        report_state: 'TX',
        fatalities: 1,
        injuries: 2,
        tow_away: true,
      },
      {
        crash_id: 'K2',
        dot_number: DOT,
        report_date: '2025-03-01',
        report_state: 'LA',
        fatalities: 0,
        injuries: 0,
        tow_away: false,
      },
      {
        crash_id: 'K0',
        dot_number: DOT,
        report_date: '2024-01-01',
        report_state: 'LA',
        fatalities: 0,
        injuries: 1,
        tow_away: true,
      },
    ]);
  });
  afterAll(() => app.close());

  it('lists each inspection with its violations, in order, and none where none was cited', async () => {
    const response = await app.fastify.inject({ url: `${API}/inspections?sinceMonths=24&perPage=2` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(body.data.map((row: { inspection_id: string }) => row.inspection_id)).toEqual(['A1', 'A2']);
    // By unit, then code: the violation key's order.
    expect(body.data[0].violations).toEqual([
      {
        viol_code: '393.9A1',
        description: 'Inoperable Required Lamp',
        basic: 'Vehicle Maint.',
        unit: '1',
        oos: false,
      },
      {
        viol_code: '396.3A1BOS',
        description: 'Brakes out of adjustment',
        basic: 'Vehicle Maint.',
        unit: '1',
        oos: true,
      },
      {
        viol_code: '392.2C',
        description: 'Description of 392.2C',
        basic: 'Unsafe Driving',
        unit: 'D',
        oos: false,
      },
    ]);
    expect(body.data[1]).toMatchObject({
      inspection_id: 'A2',
      report_state: 'OK',
      insp_level_id: 2,
      violations: [],
    });
    // The VINs kept for a later fraud signal are not part of the answer.
    expect(body.data[0]).not.toHaveProperty('vin');
    const page2 = (
      await app.fastify.inject({ url: `${API}/inspections?sinceMonths=24&perPage=2&page=2` })
    ).json();
    expect(page2.data.map((row: { inspection_id: string }) => row.inspection_id)).toEqual(['A3']);
  });

  it('lists the crashes of the safety window, newest first, paged', async () => {
    const response = await app.fastify.inject({ url: `${API}/crashes?perPage=1` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          crash_id: 'K1',
          report_date: '2026-07-01',
          report_state: 'TX',
          fatalities: 1,
          injuries: 2,
          tow_away: true,
        },
      ],
      page: 1,
      per_page: 1,
      total: 2,
    });
    const past = await app.fastify.inject({ url: `${API}/crashes?page=3&perPage=1` });
    expect(past.json()).toEqual({ data: [], page: 3, per_page: 1, total: 2 });
    const all = await app.fastify.inject({ url: `${API}/crashes?sinceMonths=36` });
    expect(all.json()).toMatchObject({ total: 3 });
  });

  it('counts the violations per BASIC over the window, most cited first', async () => {
    const response = await app.fastify.inject({ url: `${API}/violation-counts` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        since: '2024-11-22',
        by_basic: [
          { basic: 'Vehicle Maint.', violations: 2, oos_violations: 1 },
          { basic: 'HOS Compliance', violations: 1, oos_violations: 1 },
          { basic: 'Unsafe Driving', violations: 1, oos_violations: 0 },
        ],
      },
    });
  });

  it.each(['inspections', 'crashes', 'violation-counts'])(
    'answers 404 for the %s of an unknown carrier',
    async (path) => {
      const response = await app.fastify.inject({ url: `/carrier-data/api/v1/company/999998/${path}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Carrier not found', code: 'not_found' });
    },
  );

  it.each([
    ['crashes?page=0', 'page: must be a whole number from 1 to 100,000'],
    ['crashes?page=abc', 'page: must be a whole number from 1 to 100,000'],
    ['inspections?page=1.5', 'page: must be a whole number from 1 to 100,000'],
    ['crashes?perPage=0', 'perPage: must be a whole number of at least 1'],
    ['violation-counts?sinceMonths=121', 'sinceMonths: must be a whole number from 1 to 120'],
  ])('refuses %s with 400', async (query, detail) => {
    const response = await app.fastify.inject({ url: `${API}/${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail, code: 'invalid' });
  });

  it('gives a report the whole detail with its totals, and the profile its pages in two queries', async () => {
    const service = createCarrierDataService(createCarrierDataRepo(app.database.db), () => TODAY);
    const detail = await service.safetyDetail(DOT, { inspectionsPage: 2, crashesPage: 1, perPage: 2 });
    expect(detail?.by_basic.map((count) => count.basic)).toEqual([
      'Vehicle Maint.',
      'HOS Compliance',
      'Unsafe Driving',
    ]);
    expect(detail?.inspections).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(detail?.inspections.data.map((row) => [row.inspection_id, row.violations.length])).toEqual([
      ['A3', 1],
    ]);
    expect(detail?.crashes).toMatchObject({ page: 1, per_page: 2, total: 2 });
    expect(detail?.crashes.data.map((crash) => crash.crash_id)).toEqual(['K1', 'K2']);
    // Written through the repo, not imported: no file dates the violations.
    expect(detail?.violations_through).toBeNull();
    expect(await service.safetyDetail(999998, { inspectionsPage: 1, crashesPage: 1 })).toBeNull();
  });
});
