import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../cli/import/import-files.ts';
import { ACME, writeCensus } from '../../../tests/support/census-csv.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { loadConfig } from '../../config.ts';
import { createServices } from '../../services.ts';

const BASE = '/carrier-data/api/v1/company';

/** An intrastate carrier (no authority needed) sharing its office phone with an inactive one. */
const LINKED = { ...ACME, POWER_UNITS: '3', CARRIER_OPERATION: 'C' };
const INACTIVE = {
  ...ACME,
  DOT_NUMBER: '700002',
  LEGAL_NAME: 'OLD ACME LLC',
  DBA_NAME: '',
  PHONE: '(512) 555-0100',
  CELL_PHONE: '',
  FAX: '',
  EMAIL_ADDRESS: '',
  PHY_STREET: '7 ELM ST',
  COMPANY_OFFICER_1: '',
  COMPANY_OFFICER_2: '',
  STATUS_CODE: 'I',
  POWER_UNITS: '2',
};
const SUCCESSOR = {
  ...INACTIVE,
  DOT_NUMBER: '700003',
  LEGAL_NAME: 'NEW DAWN TRUCKING',
  PHONE: '7135550123',
  PHY_STREET: '55 PINE RD',
  STATUS_CODE: 'A',
  PRIOR_REVOKE_FLAG: 'Y',
  PRIOR_REVOKE_DOT_NUMBER: '700002',
};
const CLEAN = {
  ...SUCCESSOR,
  DOT_NUMBER: '700004',
  LEGAL_NAME: 'ACME CLEAN CARRIERS',
  PHONE: '2145550123',
  PHY_STREET: '1 CEDAR LN',
  PRIOR_REVOKE_FLAG: 'N',
  PRIOR_REVOKE_DOT_NUMBER: '',
};

describe(`GET /carrier-data/api/v1/company/{dot}/signals on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-signals-api-'));
  let app: TestApp;
  const get = async (url: string) => {
    const response = await app.fastify.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    app = await createTestApp();
    // The import computes links and signals after it writes the census.
    await importFiles(
      app.database.db,
      testDialect,
      [writeCensus(path.join(dir, 'census.csv'), [LINKED, INACTIVE, SUCCESSOR, CLEAN])],
      { showProgress: false },
    );
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const inactiveLink = {
    dot_number: 700002,
    name: 'OLD ACME LLC',
    links: ['phone'],
    status: 'inactive',
    status_label: 'USDOT inactive',
    url: '/profile/700002',
  };

  it('answers the signals, each with its rule, facts and linked carriers, and every link', async () => {
    const { status, body } = await get(`${BASE}/700001/signals`);
    expect(status).toBe(200);
    expect(body).toEqual({
      dot_number: 700001,
      signals: [
        {
          rule: 'shares_contact_with_troubled',
          title: 'Shares contact details with carriers that are out of service, revoked or inactive',
          strong: true,
          rests_on_fields:
            'Census phone, cell phone, fax, e-mail and physical address of both carriers; their USDOT status, out-of-service orders and L&I revocations',
          rests_on: null,
          detail: '1',
          fact: '1 carrier out of service, revoked or inactive shares its contact details',
          rule_url: '/resources/risk-signals#shares-contact-with-troubled',
          linked_carriers: [inactiveLink],
          reply: null,
        },
      ],
      linked_carriers: [inactiveLink],
      common_values: [],
      link_bound: 8,
      rules_url: '/resources/risk-signals',
    });
  });

  it("names FMCSA's prior-revocation link both ways", async () => {
    const successor = (await get(`${BASE}/700003/signals`)).body;
    expect(
      successor.signals.map((signal: { rule: string; fact: string }) => [signal.rule, signal.fact]),
    ).toEqual([['successor_of_revoked', 'Follows USDOT 700002']]);
    const revoked = (await get(`${BASE}/700002/signals`)).body;
    expect(revoked.signals).toEqual([]);
    expect(
      revoked.linked_carriers.map((link: { dot_number: number; links: string[] }) => [
        link.dot_number,
        link.links,
      ]),
    ).toEqual([
      [700001, ['phone']],
      [700003, ['prior_revocation']],
    ]);
  });

  it('answers a carrier without signals with empty lists', async () => {
    const { status, body } = await get(`${BASE}/700004/signals`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ dot_number: 700004, signals: [], linked_carriers: [], common_values: [] });
  });

  it('refuses an unknown carrier and a DOT number that is not one', async () => {
    expect(await get(`${BASE}/999999/signals`)).toEqual({
      status: 404,
      body: { detail: 'Carrier not found', code: 'not_found' },
    });
    const bad = await get(`${BASE}/abc/signals`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid');
  });

  it('filters the search with no_risk_signals, and refuses a value that is not true or false', async () => {
    const search = async (query: Record<string, string>) =>
      (await app.fastify.inject({ url: '/api/v1/companies/supersearch', query })).json();
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name).sort();
    expect(names(await search({ super_search_term: 'acme' }))).toEqual([
      'ACME CLEAN CARRIERS',
      'ACME HAULING LLC',
      'OLD ACME LLC',
    ]);
    expect(names(await search({ super_search_term: 'acme', no_risk_signals: 'true' }))).toEqual([
      'ACME CLEAN CARRIERS',
      'OLD ACME LLC',
    ]);
    const city = { address_city: 'AUSTIN', address_state: 'TX', no_risk_signals: 'true' };
    expect(names(await search(city))).toEqual(['ACME CLEAN CARRIERS', 'OLD ACME LLC']);
    const bad = await app.fastify.inject({
      url: '/api/v1/companies/supersearch',
      query: { super_search_term: 'acme', no_risk_signals: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'no_risk_signals: must be true or false', code: 'invalid' });
  });

  it('shows the block on an unclaimed profile, turns its verdict to review, within the query budget', async () => {
    const counter = countingQueries(app.database.db);
    const jwtSecret = 'test-secret-that-is-long-enough-for-hs256-signing';
    const config = {
      ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: jwtSecret }),
      jwtSecret,
      database: app.database.config,
    };
    const services = createServices(config, counter.db, () => new Date(), app.fastify.log);
    counter.reset();
    const page = await services.profilePage.publicPage(700001, () => undefined);
    expect(page?.blocks.map((block) => block.block_type)).toContain('connected_carriers');
    expect(page?.panels.connections).toMatchObject({
      status: 'data',
      value: { signals: [{ rule: 'shares_contact_with_troubled' }], linked_carriers: [inactiveLink] },
    });
    expect(page?.profile.verdict).toEqual({
      headline: 'Review before booking',
      level: 'review',
      reasons: [
        'Shares contact details with carriers that are out of service, revoked or inactive',
        'No for-hire authority needed',
        'No for-hire authority on file',
        'Intrastate carriers need no interstate operating authority',
      ],
    });
    // The default blocks read in nine queries before this block (the record history's two and the
    // safety detail's two among them); its signals and links are one more. The verdict reads the row.
    expect(counter.count()).toBeLessThanOrEqual(10);
    expect(counter.holding('FROM carrier_signals')).toBe(1);
  });
});
