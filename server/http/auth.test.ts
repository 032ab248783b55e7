import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../services.ts';
import { registerAuthentication } from './auth.ts';
import { registerErrorHandling } from './errors.ts';

/** Two users: 'admin-token' is an admin of company 1, 'staff-token' a user of it; any other token is refused. */
const USERS = {
  'admin-token': { companyId: 1, dot_number: 101, id: 1, email: 'a@one.example', is_admin: 1 },
  'staff-token': { companyId: 1, dot_number: 101, id: 2, email: 's@one.example', is_admin: 0 },
};
const services = {
  sessions: { authenticate: async (token: string) => USERS[token as keyof typeof USERS] ?? null },
} as unknown as Services;

describe('authentication declared per route', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerAuthentication(app, services);
    app.get('/own', { config: { auth: 'session' } }, async (request) => request.session);
    app.get('/admin', { config: { auth: 'admin' } }, async (request) => ({ userId: request.session.userId }));
    app.get('/public', async () => ({ ok: true }));
    app.get('/forgot-to-declare', async (request) => request.session);
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('gives a route that declares auth the caller’s session', async () => {
    const response = await get('/own', 'staff-token');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      companyId: 1,
      dotNumber: 101,
      userId: 2,
      email: 's@one.example',
      isAdmin: false,
    });
  });

  it('refuses a missing or unknown token before the handler runs', async () => {
    const missing = await get('/own');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
    const unknown = await get('/own', 'forged');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Session expired or invalid', code: 'unauthenticated' });
  });

  it('lets only admins call an admin route', async () => {
    const staff = await get('/admin', 'staff-token');
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ detail: 'Only company admins can manage users', code: 'forbidden' });
    expect((await get('/admin', 'admin-token')).json()).toEqual({ userId: 1 });
  });

  it('asks nothing of a route that declares no auth, and fails loudly if it reads the session', async () => {
    expect((await get('/public')).statusCode).toBe(200);
    const misuse = await get('/forgot-to-declare', 'admin-token');
    expect(misuse.statusCode).toBe(500);
    expect(misuse.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
  });
});
