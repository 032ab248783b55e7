import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

// Issue 18: the carrier-data API's /authority and /insurance, the profile's verdict and the
// supersearch's L&I filters, over four carriers judged on one day.
const TODAY = '2026-11-22';
const AUTHORIZED = 510_001;
const CANCELLING = 510_002;
const REVOKED = 510_003;
const PRIVATE = 510_004;
/** Two dockets of its own, and an L&I docket naming its DOT that the census gives another carrier. */
const SEVERAL_DOCKETS = 510_005;
const CENSUS_OWNER = 510_006;

const BIPD = { kind: 'BI&PD primary' as const, form_code: '91X', amount_dollars: 1_000_000 };

describe(`L&I in the API on ${testDialect}`, () => {
  let app: TestApp;

  const get = async (url: string, query?: Record<string, string>) => {
    const response = await app.fastify.inject({ url, query });
    return { status: response.statusCode, body: response.json() };
  };
  const dots = (body: { data: { dot_number: number }[] }) =>
    body.data.map((company) => company.dot_number).sort();

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => new Date(`${TODAY}T12:00:00Z`) });
    const db = app.database.db;
    await seedCarriers(db, testDialect, [
      carrier({
        dot_number: AUTHORIZED,
        legal_name: 'VETTED AUTHORIZED LLC',
        mc_number: '510001',
        carrier_operation: 'A',
      }),
      carrier({
        dot_number: CANCELLING,
        legal_name: 'VETTED CANCELLING LLC',
        mc_number: '510002',
        carrier_operation: 'A',
      }),
      carrier({
        dot_number: REVOKED,
        legal_name: 'VETTED REVOKED LLC',
        mc_number: '510003',
        carrier_operation: 'A',
      }),
      carrier({ dot_number: PRIVATE, legal_name: 'VETTED PRIVATE LLC', carrier_operation: 'C' }),
      carrier({
        dot_number: SEVERAL_DOCKETS,
        legal_name: 'MANY DOCKETS INC',
        mc_number: '510005',
        carrier_operation: 'A',
        carship: 'C;B',
        phy_city: 'HOUSTON',
      }),
      carrier({
        dot_number: CENSUS_OWNER,
        legal_name: 'DOCKET OWNER INC',
        mc_number: '510006',
        phy_city: 'HOUSTON',
      }),
    ]);
    await seedAuthorityRows(
      db,
      [
        {
          docket: 'MC510001',
          dotNumber: AUTHORIZED,
          bipdRequiredDollars: 750_000,
          bipdOnFileDollars: 1_000_000,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2015-03-02' }],
          insurance: [
            {
              ...BIPD,
              insurer: 'PROGRESSIVE COUNTY MUTUAL',
              policy_number: 'PGR-100',
              effective_on: '2024-01-01',
            },
          ],
        },
        {
          docket: 'MC510002',
          dotNumber: CANCELLING,
          bipdRequiredDollars: 750_000,
          bipdOnFileDollars: 1_000_000,
          authorities: [{ kind: 'common', status: 'Active' }],
          insurance: [
            {
              ...BIPD,
              insurer: 'CANAL INSURANCE',
              policy_number: 'CAN-200',
              effective_on: '2023-06-01',
              cancellation_effective_on: '2026-12-15',
            },
          ],
        },
        {
          docket: 'MC510003',
          dotNumber: REVOKED,
          bipdRequiredDollars: 750_000,
          authorities: [{ kind: 'common', status: 'Inactive' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2010-01-04' }],
          insurance: [
            {
              ...BIPD,
              insurer: 'NORTHLAND',
              policy_number: 'NL-300',
              effective_on: '2020-02-01',
              cancellation_effective_on: '2026-08-15',
            },
          ],
          revocations: [
            {
              kind: 'common',
              type: 'INVOLUNTARY REVOCATION',
              served_on: '2026-08-01',
              effective_on: '2026-09-01',
            },
          ],
        },
        {
          docket: 'MC510005',
          dotNumber: SEVERAL_DOCKETS,
          authorities: [
            { kind: 'common', status: 'Active' },
            { kind: 'contract', status: 'Revocation pending' },
          ],
          insurance: [{ ...BIPD, insurer: 'GREAT WEST', policy_number: 'GW-5', effective_on: '2022-05-01' }],
          revocations: [
            {
              kind: 'contract',
              type: 'INVOLUNTARY REVOCATION',
              served_on: '2026-11-01',
              effective_on: '2026-12-20',
            },
          ],
        },
        {
          docket: 'FF5105',
          dotNumber: SEVERAL_DOCKETS,
          authorities: [{ kind: 'broker', status: 'Active' }],
          insurance: [
            {
              kind: 'surety bond',
              form_code: '84',
              insurer: 'BOND CO',
              policy_number: 'B-1',
              effective_on: '2021-01-01',
            },
          ],
        },
        {
          docket: 'MC510006',
          dotNumber: SEVERAL_DOCKETS,
          authorities: [{ kind: 'common', status: 'Active' }],
        },
      ],
      TODAY,
    );
  });

  it('reads in one query for the profile page the same record and verdict as authorityRecord', async () => {
    const db = app.database.db;
    for (const dot of [AUTHORIZED, CANCELLING, REVOKED, PRIVATE, SEVERAL_DOCKETS, CENSUS_OWNER]) {
      const company = await db
        .selectFrom('companies')
        .selectAll()
        .where('dot_number', '=', dot)
        .executeTakeFirstOrThrow();
      expect(await app.services.authority.companyVetting(company)).toEqual(
        await app.services.authority.vetting(dot),
      );
    }
    const several = await app.services.authority.vetting(SEVERAL_DOCKETS);
    expect(several?.record.dockets).toEqual(['FF-5105', 'MC-510005']);
    expect(several?.verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Authority revocation pending December 20, 2026'],
    });
    expect((await app.services.authority.vetting(CENSUS_OWNER))?.record.dockets).toEqual(['MC-510006']);
  });

  afterAll(() => app.close());

  it('answers an authorized carrier’s authorities and insurance', async () => {
    const authority = await get(`/carrier-data/api/v1/company/${AUTHORIZED}/authority`);
    expect(authority.status).toBe(200);
    expect(authority.body.data).toEqual({
      dot_number: AUTHORIZED,
      as_of: TODAY,
      verdict: { headline: 'Authorized for hire', level: 'authorized', reasons: [] },
      for_hire: true,
      authority_need: 'needed',
      dockets: ['MC-510001'],
      authorities: [
        {
          docket: 'MC-510001',
          authority: 'common',
          status: 'Active',
          granted_on: '2015-03-02',
          revoked_on: null,
          description: null,
        },
      ],
      revocations: [],
      out_of_service_orders: [],
      sources: {
        legacy_li_as_of: null,
        motus_as_of: null,
        out_of_service_orders_as_of: null,
        census_as_of: null,
      },
    });
    const insurance = await get(`/carrier-data/api/v1/company/${AUTHORIZED}/insurance`);
    expect(insurance.status).toBe(200);
    expect(insurance.body.data).toMatchObject({
      dot_number: AUTHORIZED,
      as_of: TODAY,
      bipd_required_dollars: 750_000,
      bipd_on_file_dollars: 1_000_000,
      filings: [
        {
          docket: 'MC-510001',
          kind: 'BI&PD primary',
          form_code: '91X',
          insurer: 'PROGRESSIVE COUNTY MUTUAL',
          policy_number: 'PGR-100',
          amount_dollars: 1_000_000,
          effective_on: '2024-01-01',
          cancellation_effective_on: null,
          ended_by: null,
          standing: 'On file',
        },
      ],
    });
  });

  it('answers an out-of-service order in force as the verdict, with its date and reason, and a rescinded one as history', async () => {
    const db = app.database.db;
    const order = (ordered_on: string, reason: string, rescinded_on: string | null) => ({
      order_key: `${AUTHORIZED}|${ordered_on}|${reason}`,
      dot_number: AUTHORIZED,
      ordered_on,
      reason,
      status: rescinded_on ? 'RESCINDED' : 'ACTIVE',
      rescinded_on,
      legal_name: 'VETTED AUTHORIZED LLC',
      updated_at: `${TODAY}T00:00:00.000Z`,
    });
    await db
      .insertInto('oos_orders')
      .values([
        order('2026-11-02', 'UNSATISFACTORY SAFETY RATING', null),
        order('2025-03-01', 'FAILURE TO PAY CIVIL PENALTY', '2025-04-01'),
      ])
      .execute();
    try {
      const { status, body } = await get(`/carrier-data/api/v1/company/${AUTHORIZED}/authority`);
      expect(status).toBe(200);
      expect(body.data.verdict).toEqual({
        headline: 'Out of service',
        level: 'not authorized',
        reasons: ['Out-of-service order November 2, 2026: UNSATISFACTORY SAFETY RATING'],
      });
      expect(body.data.out_of_service_orders).toEqual([
        {
          ordered_on: '2026-11-02',
          reason: 'UNSATISFACTORY SAFETY RATING',
          status: 'ACTIVE',
          rescinded_on: null,
          in_force: true,
        },
        {
          ordered_on: '2025-03-01',
          reason: 'FAILURE TO PAY CIVIL PENALTY',
          status: 'RESCINDED',
          rescinded_on: '2025-04-01',
          in_force: false,
        },
      ]);
    } finally {
      await db.deleteFrom('oos_orders').where('dot_number', '=', AUTHORIZED).execute();
    }
  });

  it('says when a cancellation is pending and when a filing was cancelled', async () => {
    const pending = await get(`/carrier-data/api/v1/company/${CANCELLING}/insurance`);
    expect(pending.body.data.filings).toMatchObject([
      { cancellation_effective_on: '2026-12-15', standing: 'Cancellation pending' },
    ]);
    const cancelled = await get(`/carrier-data/api/v1/company/${REVOKED}/insurance`);
    expect(cancelled.body.data.filings).toMatchObject([
      { cancellation_effective_on: '2026-08-15', standing: 'Cancelled' },
    ]);
  });

  it('answers a revoked authority with its revocation', async () => {
    const { body } = await get(`/carrier-data/api/v1/company/${REVOKED}/authority`);
    expect(body.data.verdict).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['Authority revoked September 1, 2026'],
    });
    expect(body.data.authorities).toMatchObject([
      { docket: 'MC-510003', status: 'Revoked', granted_on: '2010-01-04', revoked_on: '2026-09-01' },
    ]);
    expect(body.data.revocations).toEqual([
      {
        docket: 'MC-510003',
        authority: 'common',
        type: 'INVOLUNTARY REVOCATION',
        served_on: '2026-08-01',
        effective_on: '2026-09-01',
      },
    ]);
  });

  it('answers a carrier without dockets: no authority on file, and none needed', async () => {
    const { status, body } = await get(`/carrier-data/api/v1/company/${PRIVATE}/authority`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      for_hire: false,
      authorities: [],
      verdict: { headline: 'No for-hire authority needed', level: 'not needed' },
    });
    expect((await get(`/carrier-data/api/v1/company/${PRIVATE}/insurance`)).body.data.filings).toEqual([]);
  });

  it.each(['authority', 'insurance'])(
    'refuses an unknown and a malformed DOT number on /%s',
    async (path) => {
      expect(await get(`/carrier-data/api/v1/company/999999999/${path}`)).toEqual({
        status: 404,
        body: { detail: 'Carrier not found', code: 'not_found' },
      });
      const bad = await get(`/carrier-data/api/v1/company/12ab/${path}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        detail: 'dotNumber: DOT number must be a positive whole number',
        code: 'invalid',
      });
    },
  );

  it('carries the verdict in the profile JSON', async () => {
    const cancelling = await get(`/api/v1/companies/profile/${CANCELLING}`);
    expect(cancelling.body.verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Insurance cancellation pending December 15, 2026'],
    });
    const revoked = await get(`/api/v1/companies/profile/${REVOKED}`);
    expect(revoked.body.verdict.headline).toBe('Not authorized for hire');
  });

  it('filters the supersearch on authorized_only and insured_only, with words and without', async () => {
    const search = (query: Record<string, string>) => get('/api/v1/companies/supersearch', query);
    const words = { super_search_term: 'vetted' };
    expect(dots((await search(words)).body)).toEqual([AUTHORIZED, CANCELLING, REVOKED, PRIVATE]);
    expect(dots((await search({ ...words, authorized_only: 'true' })).body)).toEqual([
      AUTHORIZED,
      CANCELLING,
    ]);
    expect(dots((await search({ ...words, insured_only: 'true' })).body)).toEqual([AUTHORIZED, CANCELLING]);
    expect(dots((await search({ ...words, authorized_only: 'false' })).body)).toHaveLength(4);
    // Filters alone (the city pages): the row conditions of both engines.
    const inDallas = { address_state: 'TX', address_city: 'Dallas' };
    const authorized = (await search({ ...inDallas, authorized_only: 'true', limit: '100' })).body;
    expect(dots(authorized)).toEqual([AUTHORIZED, CANCELLING]);
    expect(authorized.total).toBe(2);
    // An exact DOT number match obeys the filters too.
    expect((await search({ super_search_term: String(REVOKED), authorized_only: 'true' })).body.data).toEqual(
      [],
    );
  });

  it.each(['authorized_only', 'insured_only'])('refuses %s other than true or false', async (name) => {
    expect(
      await get('/api/v1/companies/supersearch', { super_search_term: 'vetted', [name]: 'yes' }),
    ).toEqual({
      status: 400,
      body: { detail: `${name}: must be true or false`, code: 'invalid' },
    });
  });
});
