import { afterEach, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

const TOKEN = 'metrics-token-long-enough';

describe(`GET /metrics on ${testDialect}`, () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  const metrics = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app!.fastify.inject({ url: '/metrics', ...options });

  it('counts requests by route pattern and status, with durations, in the Prometheus text format', async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 801, legal_name: 'METERED LLC' }),
    ]);
    await app.fastify.inject({ url: '/api/v1/companies/profile/801' });
    await app.fastify.inject({ url: '/api/v1/companies/profile/801' });
    await app.fastify.inject({ url: '/api/v1/companies/profile/999999' });
    await app.fastify.inject({ url: '/api/v1/no-such-endpoint' });

    const response = await metrics();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/v1/companies/profile/:dotNumber",status="200"} 2',
    );
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/v1/companies/profile/:dotNumber",status="404"} 1',
    );
    expect(text).toContain('http_requests_total{method="GET",route="/api/v1/*",status="404"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/v1/companies/profile/:dotNumber",status="200"} 2',
    );
    expect(text).not.toContain('/api/v1/companies/profile/801');
    expect(text).toContain('process_resident_memory_bytes');
    if (testDialect === 'postgres') {
      expect(text).toMatch(/^db_pool_connections_total \d+$/m);
      expect(text).toMatch(/^db_pool_connections_idle \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests 0$/m);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('shows the mail queue depth and failed attempts, and the newest import of each dataset', async () => {
    app = await createTestApp({ APP_URL: 'https://carrierpage.example' });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 802, legal_name: 'UNSENT LLC', email: 'ops@unsent.example.com' }),
    ]);
    app.services.mail.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await app.fastify.inject({ method: 'POST', url: '/api/v1/auth/claim-profile/802', payload: {} });
    for (const [as_of, rows, at] of [
      ['2026-10-01', 1000, '2026-10-02T03:00:00.000Z'],
      ['2026-11-01', 1234, '2026-11-02T03:00:00.000Z'],
    ] as const) {
      await app.database.db
        .insertInto('data_imports')
        .values({
          dataset: 'company_census',
          table_name: 'companies',
          file: `census-${as_of}.csv`,
          as_of,
          imported_rows: rows,
          imported_at: at,
        })
        .execute();
    }

    await app.database.db
      .insertInto('sync_datasets')
      .values({
        dataset_id: 'az4n-8mr2',
        rows_updated_at: 1_796_000_000,
        synced_at: '2026-11-02T06:30:05.000Z',
      })
      .execute();

    const text = (await metrics()).body;
    expect(text).toMatch(/^mail_queue_waiting 1$/m);
    expect(text).toContain(
      `fmcsa_sync_last_success_seconds{dataset="az4n-8mr2"} ${Date.parse('2026-11-02T06:30:05.000Z') / 1000}`,
    );
    expect(text).toMatch(/^mail_queue_failed 0$/m);
    expect(text).toMatch(/^mail_attempts_failed_total 1$/m);
    expect(text).toMatch(/^mail_sent_total 0$/m);
    expect(text).toContain('import_last_rows{dataset="company_census"} 1234');
    expect(text).toContain(
      `import_last_finished_seconds{dataset="company_census"} ${Date.parse('2026-11-02T03:00:00.000Z') / 1000}`,
    );
  });

  it('answers only this machine without METRICS_TOKEN', async () => {
    app = await createTestApp();
    const refused = await metrics({ remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'The metrics are readable from this machine, or with the metrics token.',
      code: 'forbidden',
    });
    // A proxy on this machine forwarding someone else's request is not this machine.
    expect((await metrics({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(403);
    expect((await metrics()).statusCode).toBe(200);
  });

  it('answers only the bearer of METRICS_TOKEN when it is set, even on this machine', async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
    expect((await metrics()).statusCode).toBe(403);
    expect((await metrics({ headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(403);
    expect((await metrics({ headers: { authorization: `Basic ${TOKEN}` } })).statusCode).toBe(403);
    const allowed = await metrics({
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE http_requests_total counter');
  });
});
