import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as checkPage from '../../../app/routes/public/check.tsx';
import {
  CLAIM_UNREADABLE,
  CONTACT_CHECKS_PER_WINDOW,
  CONTACT_MISSING,
  CONTACT_UNREADABLE,
  EMAIL_UNREADABLE,
  PHONE_UNREADABLE,
} from '../../../core/contact-check.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { pageBuild } from '../../../tests/support/page-build.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { refreshLinksAndSignals } from '../signals/repo.ts';
import { createContactCheckRepo } from './repo.ts';
import { createContactCheckService } from './service.ts';

const ALPHA = 'ALPHA FREIGHT LLC (USDOT 7701)';
const BRAVO = 'BRAVO LINES (USDOT 7702)';
const CHARLIE = 'CHARLIE HAUL (USDOT 7703)';
const ALPHA_EMAIL = 'dispatch@alpha-freight.com';

describe(`contact check on ${testDialect}`, () => {
  let app: TestApp;
  let client = 0;
  /** Each check from an address of its own, so the per-client limit counts only the limit's test. */
  const check = (payload: object, remoteAddress = `10.1.0.${(client += 1) % 250}`) =>
    app.fastify.inject({ method: 'POST', url: '/api/v1/contact-check', payload, remoteAddress });
  const answer = async (contact: string, claimed?: string) => {
    const response = await check({ contact, ...(claimed === undefined ? {} : { claimed }) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const postPage = (form: Record<string, string>, remoteAddress = `10.2.0.${(client += 1) % 250}`) =>
    app.fastify.inject({
      method: 'POST',
      url: '/check',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });

  beforeAll(async () => {
    app = await createTestApp(
      {},
      { serverBuild: pageBuild({ 'routes/public/check': { path: 'check', module: checkPage } }) },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({
        dot_number: 7701,
        legal_name: 'ALPHA FREIGHT LLC',
        mc_number: '123456',
        phone: '(214) 555-0101',
        email: 'Dispatch@Alpha-Freight.com',
      }),
      // The same company domain as Alpha, another address: a domain is never a match.
      carrier({
        dot_number: 7702,
        legal_name: 'BRAVO LINES',
        phone: '2145550199',
        email: 'ops@alpha-freight.com',
      }),
      carrier({
        dot_number: 7703,
        legal_name: 'CHARLIE HAUL',
        dba_name: 'CHARLIE EXPRESS',
        phone: '214-555-0101',
      }),
    ]);
    await refreshLinksAndSignals(app.database.db, new Date().toISOString());
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads a phone number in any format as its ten digits', async () => {
    for (const typed of ['(214) 555-0101', '214.555.0101', '+1 214 555 0101', '12145550101', '2145550101']) {
      expect(await answer(typed)).toEqual({
        read_as: 'phone',
        shown_as: '2145550101',
        holders: [
          { dot_number: 7701, name: 'ALPHA FREIGHT LLC' },
          { dot_number: 7703, name: 'CHARLIE HAUL' },
        ],
        more_holders: 0,
        claimed_carrier: null,
        verdict: null,
        summary: `This phone number is on the FMCSA record of ${ALPHA} and ${CHARLIE}.`,
      });
    }
    expect((await answer('214 555 0100')).summary).toBe('No carrier’s FMCSA record holds this phone number.');
  });

  it('matches an e-mail address whole, in any letter case, and never repeats it', async () => {
    for (const typed of [ALPHA_EMAIL, ' DISPATCH@Alpha-Freight.COM ']) {
      const response = await check({ contact: typed });
      expect(response.json()).toEqual({
        read_as: 'email',
        shown_as: null,
        holders: [{ dot_number: 7701, name: 'ALPHA FREIGHT LLC' }],
        more_holders: 0,
        claimed_carrier: null,
        verdict: null,
        summary: `This e-mail address is on the FMCSA record of ${ALPHA}.`,
      });
      expect(response.body.toLowerCase()).not.toContain('alpha-freight');
    }
  });

  it('says nothing of addresses near one on a record: a part of it, its domain, another mailbox there', async () => {
    const miss = await answer('someone@unheard-of.example.com');
    for (const near of [
      'ispatch@alpha-freight.com',
      'dispatch@alpha-freight.co',
      'x@alpha-freight.com',
      'dispatch+1@alpha-freight.com',
    ]) {
      expect(await answer(near), near).toEqual(miss);
    }
    expect(miss.summary).toBe('No carrier’s FMCSA record holds this e-mail address.');
    const partials: [string, string][] = [
      ['alpha-freight.com', CONTACT_UNREADABLE],
      ['@alpha-freight.com', EMAIL_UNREADABLE],
      ['dispatch@', EMAIL_UNREADABLE],
      ['dispatch@alpha-freight', EMAIL_UNREADABLE],
    ];
    for (const [partial, detail] of partials) {
      const response = await check({ contact: partial });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail, code: 'invalid' });
    }
  });

  it('runs the same queries for an address on a record, a near one and one on none', async () => {
    const counting = countingQueries(app.database.db);
    const service = createContactCheckService(createContactCheckRepo(counting.db));
    const costs = [];
    for (const contact of [ALPHA_EMAIL, 'x@alpha-freight.com', 'nobody@unheard-of.example.com']) {
      for (const claimed of [undefined, '7702', 'Alpha Freight']) {
        counting.reset();
        await service.check({ contact, claimed });
        costs.push(`${claimed}:${counting.count()}:${counting.reading('carrier_link_keys')}`);
      }
    }
    expect(costs).toEqual(
      Array.from({ length: 3 }, () => ['undefined:1:1', '7702:2:1', 'Alpha Freight:1:1']).flat(),
    );
  });

  it('looks DOT and MC numbers up in any usual spelling', async () => {
    const alpha = {
      read_as: 'dot',
      shown_as: '7701',
      holders: [{ dot_number: 7701, name: 'ALPHA FREIGHT LLC' }],
    };
    for (const typed of ['7701', 'USDOT 7701', 'DOT# 7701', 'dot 0007701'])
      expect(await answer(typed)).toMatchObject(alpha);
    for (const typed of ['MC-123456', 'mc 123456', 'MC#0123456']) {
      expect(await answer(typed)).toMatchObject({ ...alpha, read_as: 'mc', shown_as: '123456' });
    }
    expect(await answer('999999')).toMatchObject({
      holders: [],
      verdict: 'not_on_record',
      summary: 'No carrier on FMCSA records has this DOT number.',
    });
  });

  it('says whether the detail is the claimed carrier’s, by DOT number, MC number or name', async () => {
    expect(await answer('(214) 555-0101', '7701')).toMatchObject({
      claimed_carrier: { dot_number: 7701, name: 'ALPHA FREIGHT LLC' },
      verdict: 'match',
      summary: `Matches the carrier the offer names: this phone number is on the FMCSA record of ${ALPHA}. It is also on the record of ${CHARLIE}.`,
    });
    expect(await answer('2145550199', 'MC 123456')).toMatchObject({
      verdict: 'mismatch',
      summary: `Does not match: this phone number is on the FMCSA record of ${BRAVO} only, not of ${ALPHA}.`,
    });
    expect((await answer(ALPHA_EMAIL, 'Alpha Freight, L.L.C.')).verdict).toBe('match');
    expect((await answer('214-555-0101', 'Charlie Express')).verdict).toBe('match');
    const other = await check({ contact: ALPHA_EMAIL, claimed: '7702' });
    expect(other.json()).toMatchObject({
      verdict: 'mismatch',
      summary: `Does not match: this e-mail address is on the FMCSA record of ${ALPHA} only, not of ${BRAVO}.`,
    });
    expect(other.body.toLowerCase()).not.toContain('alpha-freight');
    expect((await answer('2145550199', 'Delta Trucking')).summary).toBe(
      `Does not match: this phone number is on the FMCSA record of ${BRAVO} only, not of a carrier named “Delta Trucking”.`,
    );
    expect(await answer('2145550199', '999999')).toMatchObject({
      verdict: 'claimed_unknown',
      summary: `We found no carrier with the DOT number the offer names (999999); this phone number is on the FMCSA record of ${BRAVO}.`,
    });
    expect(await answer('nobody@unheard-of.example.com', '7701')).toMatchObject({
      verdict: 'not_on_record',
      summary:
        'No carrier’s FMCSA record holds this e-mail address. It cannot be tied to the carrier the offer names.',
    });
  });

  it('refuses what it cannot read with what to enter', async () => {
    const refusals: [object, string][] = [
      [{ contact: '  ' }, CONTACT_MISSING],
      [{ contact: 'call me maybe' }, CONTACT_UNREADABLE],
      [{ contact: '555-01' }, PHONE_UNREADABLE],
      [{ contact: '(014) 555-0101' }, PHONE_UNREADABLE],
      [{ contact: '7701', claimed: '!!!' }, CLAIM_UNREADABLE],
      [{ contact: 'x'.repeat(201) }, 'contact: Contact can be at most 200 characters'],
      [{}, 'contact: Invalid input: expected string, received undefined'],
    ];
    for (const [payload, detail] of refusals) {
      const response = await check(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ detail, code: 'invalid' });
    }
  });

  it('answers the page’s posted form, kept by no cache, without repeating an e-mail address', async () => {
    const page = await app.fastify.inject({ url: '/check' });
    expect(page.statusCode).toBe(200);
    const posted = await postPage({ contact: 'DISPATCH@alpha-freight.com', claimed: '7702' });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['cache-control']).toBe('private, no-store');
    expect(posted.json().actionData['routes/public/check']).toMatchObject({
      typed: { contact: '', claimed: '7702' },
      answer: { verdict: 'mismatch', holders: [{ dot_number: 7701, name: 'ALPHA FREIGHT LLC' }] },
    });
    expect(posted.body.toLowerCase()).not.toContain('alpha-freight');
    const refused = await postPage({ contact: 'hello' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().actionData['routes/public/check']).toEqual({
      typed: { contact: 'hello', claimed: '' },
      refusal: CONTACT_UNREADABLE,
    });
    // Other pages still take no posts.
    expect((await app.fastify.inject({ method: 'POST', url: '/search' })).statusCode).toBe(405);
  });

  it('limits each client’s checks, page and API together, with a clear 429', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < CONTACT_CHECKS_PER_WINDOW - 1; i += 1) {
      expect((await check({ contact: '7701' }, address)).statusCode).toBe(200);
    }
    expect((await postPage({ contact: '7701' }, address)).statusCode).toBe(200);
    const limited = await check({ contact: '7701' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    expect(limited.json()).toEqual({
      detail: `You have run ${CONTACT_CHECKS_PER_WINDOW} contact checks in the last 60 minutes, the most we answer for one connection. Please try again in 60 minutes.`,
      code: 'rate_limited',
    });
    const page = await postPage({ contact: '7701' }, address);
    expect(page.statusCode).toBe(429);
    expect(page.json().actionData['routes/public/check'].refusal).toBe(limited.json().detail);
    // Another client is not held back.
    expect((await check({ contact: '7701' }, '10.9.9.10')).statusCode).toBe(200);
  });
});
