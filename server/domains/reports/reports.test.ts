import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../cli/import/import-files.ts';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { ACME, ACME_CHANGED, writeCensus } from '../../../tests/support/census-csv.ts';
import { multipartFile, pdfAttachment, pdfText } from '../../../tests/support/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { createCarrierDataRepo } from '../carrier-data/repo.ts';

const DOT = 700001;
const ORIGIN = 'http://localhost:3000';
const MADE_AT = new Date('2026-12-07T12:00:00Z');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
/** Whitespace as pdftotext lays it out is not the test's business. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ');

describe(`vetting reports on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-reports-'));
  let now = MADE_AT;
  let app: TestApp;
  const importCensus = (name: string, row: typeof ACME) =>
    importFiles(app.database.db, testDialect, [writeCensus(path.join(dir, name), [row])], {
      showProgress: false,
    });
  const make = (dot: unknown = DOT) =>
    app.fastify.inject({ method: 'POST', url: '/api/v1/reports', payload: { dot_number: dot } });
  const download = async (id: string) => {
    const response = await app.fastify.inject({ url: `/reports/${id}.pdf` });
    return { response, pdf: response.rawPayload };
  };
  const verify = (id: string, file: ReturnType<typeof multipartFile>, url = `/api/v1/reports/${id}/verify`) =>
    app.fastify.inject({ method: 'POST', url, ...file, headers: { ...file.headers, origin: ORIGIN } });
  const pdfUpload = (data: Buffer) => multipartFile('file', 'report.pdf', 'application/pdf', data);

  beforeAll(async () => {
    app = await createTestApp({ APP_URL: ORIGIN }, { clock: () => now });
    const db = app.database.db;
    await importCensus('census_20261101.csv', ACME);
    const repo = createCarrierDataRepo(db);
    const inspection = { report_number: 'TX0001', viol_total: 2, oos_total: 1, hazmat_oos_total: 0 };
    await repo.upsertInspections([
      {
        ...inspection,
        inspection_id: 'I1',
        dot_number: DOT,
        insp_date: '2026-10-01',
        report_state: 'OK',
        insp_level_id: 2,
        driver_oos_total: 0,
        vehicle_oos_total: 1,
      },
    ]);
    await repo.upsertViolations([
      {
        inspection_id: 'I1',
        dot_number: DOT,
        insp_date: '2026-10-01',
        viol_code: '396.3A1BOS',
        basic: 'Vehicle Maint.',
        description: 'Brakes out of adjustment',
        unit: '1',
        oos: true,
      },
    ]);
    await repo.upsertCrashes([
      {
        crash_id: 'K1',
        dot_number: DOT,
        report_date: '2026-07-04',
        report_state: 'TX',
        fatalities: 0,
        injuries: 2,
        tow_away: true,
      },
    ]);
    await seedAuthorityRows(
      db,
      [
        {
          docket: 'MC700001',
          dotNumber: DOT,
          bipdRequiredDollars: 750_000,
          bipdOnFileDollars: 1_000_000,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2015-03-02' }],
          insurance: [
            {
              kind: 'BI&PD primary',
              form_code: '91X',
              amount_dollars: 1_000_000,
              insurer: 'PROGRESSIVE COUNTY MUTUAL',
              policy_number: 'PGR-100',
              effective_on: '2024-01-01',
            },
          ],
        },
      ],
      '2026-12-07',
    );
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a report and answers its metadata at its permanent link', async () => {
    const made = await make();
    expect(made.statusCode).toBe(201);
    const meta = made.json();
    expect(meta).toMatchObject({
      dot_number: DOT,
      legal_name: 'ACME HAULING LLC',
      verdict: 'Authorized for hire',
      made_at: '2026-12-07T12:00:00.000Z',
      expires_at: '2029-12-06T12:00:00.000Z',
      url: `/reports/${meta.id}`,
      pdf_url: `/reports/${meta.id}.pdf`,
    });
    expect(meta.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const read = await app.fastify.inject({ url: `/api/v1/reports/${meta.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(meta);
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('downloads a PDF whose text holds the record, and whose hashes are the ones shown', async () => {
    const meta = (await make()).json();
    const { response, pdf } = await download(meta.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="vetting-report-usdot-700001-2026-12-07.pdf"',
    );
    expect(sha256(pdf)).toBe(meta.pdf_sha256);
    expect(pdf.length).toBe(meta.pdf_bytes);
    expect(response.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(response.headers.etag).toBe(`"${meta.pdf_sha256}"`);
    // The printed content hash is the attached content's.
    const attached = pdfAttachment(pdf, 'report.json');
    expect(sha256(attached)).toBe(meta.content_sha256);
    expect(JSON.parse(attached.toString('utf8'))).toMatchObject({
      made_at: '2026-12-07T12:00:00.000Z',
      carrier: { dot_number: DOT, legal_name: 'ACME HAULING LLC' },
    });

    const text = squeezed(pdfText(pdf));
    for (const fact of [
      'Carrier vetting report',
      'ACME HAULING LLC (USDOT 700001)',
      'Made December 7, 2026 at 12:00 UTC',
      `Content SHA-256: ${meta.content_sha256}`,
      'Legal name: ACME HAULING LLC',
      'DBA name: ACME',
      'MC number: not on the record',
      'Physical address: 100 MAIN ST, AUSTIN, TX 78701',
      'Phone: 5125550100',
      'Operation: Interstate',
      'Power units: 10',
      'Drivers: 12',
      'USDOT status: Active',
      'MCS-150 date: January 10, 2025',
      'Safety rating: Satisfactory (March 1, 2023)',
      'Verdict Authorized for hire',
      'Judged on December 7, 2026',
      // The inspections were stored after the census import that judged the signals.
      'Risk signals and connected carriers Many power units, no inspection in 24 months 10 power units',
      'Connected carriers (0) None linked',
      'Dockets: MC-700001',
      'MC-700001 Common: Active, granted March 2, 2015',
      'MC-700001 BI&PD primary (form 91X), PROGRESSIVE COUNTY MUTUAL, policy PGR-100, $1,000,000, effective January 1, 2024, On file',
      'Safety, 24 months since December 7, 2024',
      'Inspections: 1',
      'Vehicle out-of-service rate: 100% of 1 vehicle inspections',
      'Vehicle Maint.: 1 violations, 1 out of service',
      '2026-10-01 OK level 2 report TX0001: 2 violations, 1 out of service',
      '396.3A1BOS Brakes out of adjustment (Vehicle Maint., unit 1) OUT OF SERVICE',
      '2026-07-04 TX: 0 fatalities, 2 injuries, tow-away yes',
      'Record history, 24 months since December 7, 2024',
      'FMCSA census as of: November 1, 2026',
      'Inspections through: never imported',
      'Report made December 7, 2026 at 12:00 UTC.',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('dispatch@acme-hauling.example');
  });

  it('serves a stored PDF as a static file: strong ETag, 304 on a match, never compressed again', async () => {
    const meta = (await make()).json();
    const etag = `"${meta.pdf_sha256}"`;
    const get = (headers: Record<string, string>) =>
      app.fastify.inject({ url: `/reports/${meta.id}.pdf`, headers });
    const full = await get({ 'accept-encoding': 'br, gzip' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-encoding']).toBeUndefined();
    expect(full.headers['content-length']).toBe(String(meta.pdf_bytes));
    expect(sha256(full.rawPayload)).toBe(meta.pdf_sha256);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await get({ 'if-none-match': ifNoneMatch, 'accept-encoding': 'br, gzip' });
      expect([ifNoneMatch, revalidated.statusCode, revalidated.rawPayload.length]).toEqual([
        ifNoneMatch,
        304,
        0,
      ]);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe('public, max-age=86400, immutable');
      expect(revalidated.headers['content-encoding']).toBeUndefined();
    }
    const changed = await get({ 'if-none-match': `"${'0'.repeat(64)}"` });
    expect([changed.statusCode, sha256(changed.rawPayload)]).toEqual([200, meta.pdf_sha256]);
    // No browser keeps it past the report's expiry.
    now = new Date(Date.parse(meta.expires_at) - 3_600_000);
    try {
      const late = await get({ 'if-none-match': etag });
      expect([late.statusCode, late.headers['cache-control']]).toEqual([
        304,
        'public, max-age=3600, immutable',
      ]);
    } finally {
      now = MADE_AT;
    }
    const missing = await app.fastify.inject({
      url: `/reports/${'B'.repeat(22)}.pdf`,
      headers: { 'if-none-match': '*' },
    });
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { detail: 'Report not found', code: 'not_found' },
    ]);
  });

  it('keeps a stored report unchanged after a later import changes the carrier', async () => {
    const before = (await make()).json();
    const { pdf: original } = await download(before.id);
    await importCensus('census_20261102.csv', ACME_CHANGED);

    const { pdf: again } = await download(before.id);
    expect(again.equals(original)).toBe(true);
    const stored = await app.database.db
      .selectFrom('vetting_reports')
      .select('pdf')
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.pdf).equals(original)).toBe(true);
    expect(sha256(again)).toBe(before.pdf_sha256);
    expect((await app.fastify.inject({ url: `/api/v1/reports/${before.id}` })).json()).toEqual(before);
    const text = squeezed(pdfText(again));
    expect(text).toContain('Legal name: ACME HAULING LLC');
    expect(text).toContain('Phone: 5125550100');
    expect(text).not.toContain('ACME FREIGHT LLC');

    // A report made now records the change and its history.
    const after = (await make()).json();
    expect(after.legal_name).toBe('ACME FREIGHT LLC');
    const newText = squeezed(pdfText((await download(after.id)).pdf));
    expect(newText).toContain('Legal name: ACME FREIGHT LLC');
    expect(newText).toContain('Phone: 5125550200');
    expect(newText).toContain('Phone changed: 5125550100 to 5125550200');
    expect(newText).toContain('E-mail on the FMCSA record changed');
    expect(newText).not.toContain('owner@acme-freight.example');
  });

  it('verifies an uploaded copy of the PDF and refuses a tampered one', async () => {
    const meta = (await make()).json();
    const { pdf } = await download(meta.id);
    const same = await verify(meta.id, pdfUpload(pdf));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ matches: true, uploaded_sha256: meta.pdf_sha256, report: meta });

    // One byte of the PDF's middle changed, as an edit of its content would change it.
    const tampered = Buffer.from(pdf);
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle]! ^ 0xff;
    const changed = await verify(meta.id, pdfUpload(tampered));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ matches: false, uploaded_sha256: sha256(tampered) });
  });

  it('verifies from the page form: a redirect to the permanent link with the upload hash', async () => {
    const meta = (await make()).json();
    const { pdf } = await download(meta.id);
    const checked = await verify(meta.id, pdfUpload(pdf), `/reports/${meta.id}/verify`);
    expect(checked.statusCode).toBe(303);
    expect(checked.headers.location).toBe(`/reports/${meta.id}?verified=${meta.pdf_sha256}`);
  });

  it('makes a report from the profile form and leads to its permanent link', async () => {
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/reports',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: `dot_number=${DOT}`,
    });
    expect(response.statusCode).toBe(303);
    const id = /^\/reports\/([A-Za-z0-9_-]{22})$/.exec(String(response.headers.location))?.[1];
    expect(id).toBeDefined();
    expect((await app.fastify.inject({ url: `/api/v1/reports/${id}` })).json().dot_number).toBe(DOT);
  });

  it('refuses bad input with a clear error', async () => {
    const meta = (await make()).json();
    expect((await make('abc')).json()).toEqual({
      detail: 'dot_number: DOT number must be a positive whole number',
      code: 'invalid',
    });
    const unknown = await make(999_999_999);
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { detail: 'Carrier not found', code: 'not_found' },
    ]);
    const noSuchId = 'A'.repeat(22);
    for (const url of [`/api/v1/reports/${noSuchId}`, `/reports/${noSuchId}.pdf`, '/reports/not-an-id.pdf']) {
      const response = await app.fastify.inject({ url });
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        404,
        { detail: 'Report not found', code: 'not_found' },
      ]);
    }
    const badId = await app.fastify.inject({ url: '/api/v1/reports/x' });
    expect([badId.statusCode, badId.json()]).toEqual([
      400,
      { detail: 'id: is not a report id', code: 'invalid' },
    ]);

    const text = await verify(
      meta.id,
      multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('hello')),
    );
    expect([text.statusCode, text.json()]).toEqual([
      400,
      { detail: 'file: the file is not a PDF', code: 'invalid' },
    ]);
    const large = await verify(
      meta.id,
      pdfUpload(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(21 * 1024 * 1024)])),
    );
    expect([large.statusCode, large.json()]).toEqual([
      413,
      { detail: 'file: the PDF is larger than 20 MB', code: 'too_large' },
    ]);
    const empty = await verify(meta.id, pdfUpload(Buffer.alloc(0)));
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { detail: 'file: choose the PDF to check', code: 'invalid' },
    ]);
    const json = await app.fastify.inject({
      method: 'POST',
      url: `/api/v1/reports/${meta.id}/verify`,
      payload: { file: 'x' },
    });
    expect([json.statusCode, json.json().code]).toEqual([415, 'unsupported_media_type']);

    // The page form's refusals are pages with the same status.
    const formText = await verify(
      meta.id,
      multipartFile('file', 'notes.txt', 'text/plain', Buffer.from('hello')),
      `/reports/${meta.id}/verify`,
    );
    expect(formText.statusCode).toBe(400);
    expect(formText.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(formText.body).toContain('<h1>The request was refused</h1>');
    expect(formText.body).toContain('file: the file is not a PDF');

    const otherSite = await app.fastify.inject({
      method: 'POST',
      url: '/reports',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      payload: `dot_number=${DOT}`,
    });
    expect(otherSite.statusCode).toBe(403);
  });

  it('lists the newest 250 inspections of a larger record and counts them all', async () => {
    const busy = 700_002;
    await importCensus('census_20261103.csv', {
      ...ACME,
      DOT_NUMBER: String(busy),
      LEGAL_NAME: 'BUSY LINES',
    });
    await createCarrierDataRepo(app.database.db).upsertInspections(
      Array.from({ length: 251 }, (_, index) => ({
        inspection_id: `B${index}`,
        dot_number: busy,
        insp_date: new Date(Date.UTC(2026, 10, 30) - index * 86_400_000).toISOString().slice(0, 10),
        report_state: 'TX',
        report_number: null,
        insp_level_id: 1,
        viol_total: 0,
        oos_total: 0,
        driver_oos_total: 0,
        vehicle_oos_total: 0,
        hazmat_oos_total: 0,
      })),
    );
    const meta = (await make(busy)).json();
    const { pdf } = await download(meta.id);
    const text = squeezed(pdfText(pdf));
    expect(text).toContain('Inspections (251)');
    expect(text).toContain('The 250 newest of the 251 inspections are listed.');
    expect(text).toContain('2026-11-30 TX level 1');
    expect(text).not.toContain(
      `${new Date(Date.UTC(2026, 10, 30) - 250 * 86_400_000).toISOString().slice(0, 10)} TX`,
    );
    const content = JSON.parse(pdfAttachment(pdf, 'report.json').toString('utf8'));
    expect([content.safety.inspections.total, content.safety.inspections.listed.length]).toEqual([251, 250]);
  });

  it('records the risk signals and the linked carriers, and the reviewed verdict', async () => {
    const plain = { ...ACME, FAX: '', CELL_PHONE: '', COMPANY_OFFICER_1: '', COMPANY_OFFICER_2: '' };
    const rows = [
      {
        ...plain,
        DOT_NUMBER: '700010',
        LEGAL_NAME: 'LINKED ACTIVE',
        PHONE: '2145550101',
        EMAIL_ADDRESS: 'ops@linked-active.example',
        PHY_STREET: '1 ELM ST',
        POWER_UNITS: '2',
      },
      {
        ...plain,
        DOT_NUMBER: '700011',
        LEGAL_NAME: 'LINKED INACTIVE',
        PHONE: '(214) 555-0101',
        EMAIL_ADDRESS: 'ops@linked-inactive.example',
        PHY_STREET: '2 OAK ST',
        POWER_UNITS: '2',
        STATUS_CODE: 'I',
      },
    ];
    await seedAuthorityRows(
      app.database.db,
      [
        {
          docket: 'MC700010',
          dotNumber: 700010,
          bipdRequiredDollars: 750_000,
          bipdOnFileDollars: 750_000,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2015-03-02' }],
          insurance: [{ kind: 'BI&PD primary', amount_dollars: 750_000, effective_on: '2024-01-01' }],
        },
      ],
      '2026-12-07',
    );
    await importFiles(
      app.database.db,
      testDialect,
      [writeCensus(path.join(dir, 'census_20261104.csv'), rows)],
      {
        showProgress: false,
      },
    );
    const meta = (await make(700010)).json();
    expect(meta.verdict).toBe('Review before booking');
    const { pdf } = await download(meta.id);
    const text = squeezed(pdfText(pdf));
    for (const fact of [
      'Verdict Review before booking',
      'Risk signals and connected carriers',
      'Shares contact details with carriers that are out of service, revoked or inactive (strong)',
      '1 carrier out of service, revoked or inactive shares its contact details',
      'USDOT 700011 LINKED INACTIVE (USDOT inactive), shares: Phone number',
      'Connected carriers (1)',
      'Each rule, what it rests on and its limits: http://localhost:3000/resources/risk-signals',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain('No risk signals');
    const content = JSON.parse(pdfAttachment(pdf, 'report.json').toString('utf8'));
    expect(content.verdict.headline).toBe('Review before booking');
    expect(content.signals.held).toEqual([
      {
        rule: 'shares_contact_with_troubled',
        title: 'Shares contact details with carriers that are out of service, revoked or inactive',
        strong: true,
        fact: '1 carrier out of service, revoked or inactive shares its contact details',
        rests_on: null,
        detail: '1',
        linked_carriers: [
          { dot_number: 700011, name: 'LINKED INACTIVE', links: ['phone'], status_label: 'USDOT inactive' },
        ],
      },
    ]);

    // The inactive carrier holds no signal: nothing troubles it through an active one.
    const other = (await make(700011)).json();
    const otherText = squeezed(pdfText((await download(other.id)).pdf));
    expect(otherText).toContain('Risk signals and connected carriers No risk signals');
    expect(otherText).toContain(
      'Connected carriers (1) USDOT 700010 LINKED ACTIVE (Active), shares: Phone number',
    );
  });

  it('purges a report once it expires', async () => {
    const meta = (await make()).json();
    // Downloaded once: the copy the server keeps in memory expires with it.
    expect((await download(meta.id)).response.statusCode).toBe(200);
    now = new Date(MADE_AT.getTime() + 1095 * 86_400_000);
    try {
      expect((await app.fastify.inject({ url: `/api/v1/reports/${meta.id}` })).statusCode).toBe(404);
      expect((await download(meta.id)).response.statusCode).toBe(404);
      const stored = () =>
        app.database.db.selectFrom('vetting_reports').select('id').where('id', '=', meta.id).execute();
      expect(await stored()).toHaveLength(1);
      // The next report made deletes every expired one.
      expect((await make()).statusCode).toBe(201);
      expect(await stored()).toEqual([]);
    } finally {
      now = MADE_AT;
    }
  });
});

describe(`the reports' rate limit on ${testDialect}`, () => {
  let app: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-reports-limit-'));

  beforeAll(async () => {
    app = await createTestApp({ APP_URL: ORIGIN, REPORT_RATE_LIMIT_MAX: '2' }, { clock: () => MADE_AT });
    await importFiles(app.database.db, testDialect, [writeCensus(path.join(dir, 'census.csv'), [ACME])], {
      showProgress: false,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the API and the form together and says so past the limit', async () => {
    const api = () =>
      app.fastify.inject({ method: 'POST', url: '/api/v1/reports', payload: { dot_number: DOT } });
    const form = () =>
      app.fastify.inject({
        method: 'POST',
        url: '/reports',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
          referer: `${ORIGIN}/profile/${DOT}`,
        },
        payload: `dot_number=${DOT}`,
      });
    expect((await api()).statusCode).toBe(201);
    expect((await form()).statusCode).toBe(303);
    const refused = await api();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      code: 'rate_limited',
    });
    const page = await form();
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('<h1>Too many reports</h1>');
    expect(page.body).toContain('<a href="/">Go back</a>');
  });
});

describe(`stored PDFs beside the general per-client limit on ${testDialect}`, () => {
  let app: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-reports-static-'));

  beforeAll(async () => {
    app = await createTestApp({ APP_URL: ORIGIN, RATE_LIMIT_MAX: '2' }, { clock: () => MADE_AT });
    await importFiles(app.database.db, testDialect, [writeCensus(path.join(dir, 'census.csv'), [ACME])], {
      showProgress: false,
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts no download of a stored PDF, as no static file is counted', async () => {
    const made = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/reports',
      payload: { dot_number: DOT },
    });
    expect(made.statusCode).toBe(201);
    const { id } = made.json();
    for (let download = 0; download < 4; download += 1) {
      expect((await app.fastify.inject({ url: `/reports/${id}.pdf` })).statusCode).toBe(200);
    }
    const reads = [];
    for (let read = 0; read < 3; read += 1) {
      reads.push((await app.fastify.inject({ url: `/api/v1/reports/${id}` })).statusCode);
    }
    expect(reads).toEqual([200, 200, 429]);
  });
});
