import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../cli/import/import-files.ts';
import { ACME, ACME_CHANGED, writeCensus } from '../../../tests/support/census-csv.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { insertHistoryEvents } from './repo.ts';

const BASE = '/carrier-data/api/v1/company';
const LATECOMER = { ...ACME, DOT_NUMBER: '700009', LEGAL_NAME: 'LATECOMER LINES' };

describe(`GET /carrier-data/api/v1/company/{dot}/history on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-history-api-'));
  let app: TestApp;
  const get = async (url: string) => {
    const response = await app.fastify.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    const run = (name: string, rows: (typeof ACME)[]) =>
      importFiles(db, testDialect, [writeCensus(path.join(dir, name), rows)], { showProgress: false });
    await run('census_20261101.csv', [ACME]);
    await run('census_20261102.csv', [ACME_CHANGED, LATECOMER]);
    // An event of another kind, as the L&I import writes them.
    await insertHistoryEvents(db, [
      {
        dotNumber: 700001,
        kind: 'authority',
        event: 'granted',
        subject: 'MC770001 common',
        valueBefore: null,
        valueAfter: null,
        effectiveOn: '2026-11-03',
        firstSeenOn: '2026-11-04',
        source: 'yu5v-wbh6',
      },
    ]);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a page newest first, by the day each change took effect', async () => {
    const { status, body } = await get(`${BASE}/700001/history?page_size=3`);
    expect(status).toBe(200);
    expect(body).toEqual({
      dot_number: 700001,
      data: [
        {
          kind: 'authority',
          event: 'granted',
          subject: 'MC770001 common',
          label: 'MC770001 common',
          description: 'Authority granted: MC770001 common',
          value_before: null,
          value_after: null,
          effective_on: '2026-11-03',
          first_seen_on: '2026-11-04',
          source: 'yu5v-wbh6',
        },
        {
          kind: 'record',
          event: 'changed',
          subject: 'usdot_status',
          label: 'USDOT status',
          description: 'USDOT status changed',
          value_before: 'A',
          value_after: 'I',
          effective_on: null,
          first_seen_on: '2026-11-02',
          source: 'az4n-8mr2',
        },
        {
          kind: 'record',
          event: 'changed',
          subject: 'legal_name',
          label: 'Legal name',
          description: 'Legal name changed',
          value_before: 'ACME HAULING LLC',
          value_after: 'ACME FREIGHT LLC',
          effective_on: '2026-10-28',
          first_seen_on: '2026-11-02',
          source: 'az4n-8mr2',
        },
      ],
      page: 1,
      page_size: 3,
      total: 17,
      history_starts_on: '2026-11-01',
      history_starts_at_first_import: true,
      contact_unchanged_since: '2026-10-28',
      contact_unchanged_at_least: false,
    });
  });

  it('filters by kind, pages to the end, and never holds the e-mail address', async () => {
    const records = await get(`${BASE}/700001/history?kind=record&page=2&page_size=10`);
    expect(records.status).toBe(200);
    expect(records.body.total).toBe(16);
    expect(records.body.data).toHaveLength(6);
    const authority = await get(`${BASE}/700001/history?kind=authority`);
    expect(authority.body.data.map((event: { subject: string }) => event.subject)).toEqual([
      'MC770001 common',
    ]);
    const all = await get(`${BASE}/700001/history?page_size=100`);
    const email = all.body.data.find((event: { subject: string }) => event.subject === 'email');
    expect(email).toMatchObject({
      description: 'E-mail on the FMCSA record changed',
      value_before: null,
      value_after: null,
    });
    expect(JSON.stringify(all.body)).not.toContain('@');
    const past = await get(`${BASE}/700001/history?page=9`);
    expect(past.body).toMatchObject({ data: [], page: 9, total: 17 });
  });

  it('starts a carrier first imported later there, without "at least"', async () => {
    const { body } = await get(`${BASE}/700009/history`);
    expect(body).toMatchObject({
      data: [],
      total: 0,
      history_starts_on: '2026-11-02',
      history_starts_at_first_import: false,
      contact_unchanged_since: '2026-11-02',
      contact_unchanged_at_least: false,
    });
  });

  it('refuses a bad kind, page or page size, and an unknown carrier', async () => {
    expect(await get(`${BASE}/700001/history?kind=phone`)).toEqual({
      status: 400,
      body: {
        detail: 'kind: must be one of record, authority, insurance, out_of_service',
        code: 'invalid',
      },
    });
    expect(await get(`${BASE}/700001/history?page=0`)).toEqual({
      status: 400,
      body: { detail: 'page: must be a whole number from 1 to 100,000', code: 'invalid' },
    });
    expect(await get(`${BASE}/700001/history?page_size=101`)).toEqual({
      status: 400,
      body: { detail: 'page_size: must be a whole number from 1 to 100', code: 'invalid' },
    });
    expect(await get(`${BASE}/0/history`)).toEqual({
      status: 400,
      body: { detail: 'dotNumber: DOT number must be a positive whole number', code: 'invalid' },
    });
    expect(await get(`${BASE}/123456/history`)).toEqual({
      status: 404,
      body: { detail: 'Carrier not found', code: 'not_found' },
    });
  });
});
