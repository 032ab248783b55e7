import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`liveness and readiness on ${testDialect}`, () => {
  it('answers ready while the database answers, and keeps /health as it was', async () => {
    const app = await createTestApp({ RATE_LIMIT_MAX: '1' });
    try {
      for (let i = 0; i < 3; i += 1) {
        // Polled often by load balancers, so never rate limited.
        const ready = await app.fastify.inject({ method: 'GET', url: '/api/v1/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ready' });
      }
      const health = await app.fastify.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: 'reachable' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 with a detail and code when the database does not answer', async () => {
    const app = await createTestApp();
    try {
      await app.database.db.destroy();
      const ready = await app.fastify.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({ detail: 'Not ready: the database does not answer.', code: 'busy' });
    } finally {
      await app.close();
    }
  });
});
