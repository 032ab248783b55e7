import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  COUNTED_DOMAIN_WINDOW_DAYS,
  COUNTED_RATINGS_PER_DOMAIN,
  LOAD_NUMBER_CHARACTERS_PROBLEM,
} from '../../../core/ratings.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { addCompanyUser, type SessionClaims } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { RatingsRepo } from './repo.ts';
import { createRatingsService, DUPLICATE_REQUEST_DETAIL, REQUESTS_PER_COMPANY_PER_DAY } from './service.ts';

const DAY_MS = 86_400_000;
const APP_URL = 'https://carrierpage.example';

describe(`ratings API on ${testDialect}`, () => {
  let app: TestApp;
  let now = new Date('2026-11-22T12:00:00.000Z');
  const ids = { a: 0, b: 0, c: 0, d: 0 };
  type Owner = keyof typeof ids | 'e';
  const sessions = new Map<Owner, SessionClaims>();
  const valid = { on_time_rating: 5, communication_rating: 4, service_rating: 3 };

  /** Rating requests come from a client address of the test's own, so per-client limits stay apart. */
  /** Signed when used: the test clock moves past the 7-day lifetime of a session. */
  const requestRating = async (owner: Owner | null, payload: object, remoteAddress = '10.0.0.1') =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/v1/ratings/request',
      payload,
      remoteAddress,
      headers: owner
        ? { authorization: `Bearer ${await app.services.sessions.sign(sessions.get(owner)!)}` }
        : {},
    });
  const getRequest = (id: string) => app.fastify.inject({ url: `/api/v1/ratings/${id}` });
  const submit = (id: string, payload: object) =>
    app.fastify.inject({ method: 'POST', url: `/api/v1/ratings/${id}/submit`, payload });

  /** The review id in the newest e-mail to an address (the only place it is ever shown). */
  async function linkedReviewId(address: string): Promise<string> {
    const message = await app.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('to_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const match = new RegExp(`${APP_URL}/review/([A-Za-z0-9_-]+)`).exec(message.text_body);
    return match?.[1] ?? '';
  }

  /** A pending request of company A to a new address, and its review id. */
  let pendingCount = 0;
  async function pendingRequest(): Promise<string> {
    pendingCount += 1;
    const address = `pending${pendingCount}@shipper.example.com`;
    const response = await requestRating('a', {
      reviewer_email: address,
      load_number: `P-${pendingCount}`,
    });
    expect(response.statusCode).toBe(201);
    return linkedReviewId(address);
  }

  beforeAll(async () => {
    app = await createTestApp({ APP_URL }, { clock: () => now });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 9101, legal_name: 'A & <B> TRUCKING\r\nBcc: victim@example.com' }),
      carrier({ dot_number: 9102, legal_name: 'BRAVO LINES' }),
      // FMCSA e-mails: a free-mail address (C) and one at the company's own domain (D).
      carrier({ dot_number: 9103, legal_name: 'CHARLIE FREIGHT', email: 'Charlie.Freight@Gmail.com' }),
      carrier({ dot_number: 9104, legal_name: 'DELTA HAULING', email: 'ops@delta-hauling.com' }),
    ]);
    const companies = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .orderBy('dot_number')
      .execute();
    [ids.a, ids.b, ids.c, ids.d] = companies.map((company) => company.id) as [number, number, number, number];
    for (const [index, key] of (['a', 'b', 'c', 'd'] as const).entries()) {
      sessions.set(key, await addCompanyUser(app, companies[index]!, `owner@${key}.example.com`));
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('needs a session to request a rating', async () => {
    const response = await requestRating(null, { reviewer_email: 'x@example.com', load_number: '1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'Not authenticated' });
  });

  it('creates a pending request with an unguessable id and e-mails only its link', async () => {
    const response = await requestRating('a', {
      reviewer_email: ' Dispatch@Shipper.Example.com ',
      load_number: ' LD-1001 ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ detail: 'Rating request sent' });

    const row = await app.database.db
      .selectFrom('rating_requests')
      .selectAll()
      .where('reviewer_email', '=', 'dispatch@shipper.example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: ids.a,
      load_number: 'LD-1001',
      created_at: now.toISOString(),
      completed_at: null,
      on_time_rating: null,
    });
    expect(row.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The carrier never sees the id, so it cannot rate itself.
    expect(response.body).not.toContain(row.id);

    const message = await app.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('to_address', '=', 'dispatch@shipper.example.com')
      .executeTakeFirstOrThrow();
    expect(message.text_body).toContain(`${APP_URL}/review/${row.id}`);
    // Nothing the carrier typed goes into the Subject; the load number is in the body only.
    expect(message.subject).toBe('How did A & <B> TRUCKING Bcc: victim@example.com do on your load?');
    expect(message.text_body).toContain('how they handled load LD-1001:');
    expect(message.html_body).toContain('A &#38; &#60;B&#62; TRUCKING');
    expect(message.html_body).not.toContain('<B>');
    expect(await getRequest(row.id).then((r) => r.json())).toEqual({
      name: 'A & <B> TRUCKING\r\nBcc: victim@example.com',
      load_number: 'LD-1001',
      is_completed: false,
    });
  });

  it('takes the company from the session, never from the body', async () => {
    const response = await requestRating('b', {
      reviewer_email: 'broker@shipper.example.com',
      load_number: 'B-1',
      company_id: ids.a,
    });
    expect(response.statusCode).toBe(201);
    const row = await app.database.db
      .selectFrom('rating_requests')
      .select('company_id')
      .where('reviewer_email', '=', 'broker@shipper.example.com')
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBe(ids.b);
  });

  it('refuses bad request bodies with a detail', async () => {
    const cases: [object, string][] = [
      [{ load_number: '1' }, 'reviewer_email: Invalid input: expected string, received undefined'],
      [
        { reviewer_email: 'not-an-address', load_number: '1' },
        'reviewer_email: Please enter a valid email address',
      ],
      [
        { reviewer_email: 'r@example.com' },
        'load_number: Invalid input: expected string, received undefined',
      ],
      [{ reviewer_email: 'r@example.com', load_number: '   ' }, 'load_number: Load number is required'],
      [
        { reviewer_email: 'r@example.com', load_number: 'x'.repeat(41) },
        'load_number: Load number can be at most 40 characters',
      ],
      // Only letters, digits, spaces and '# / . _ -': no control or format characters, no prose.
      ...[
        'L\u00001',
        'LD-1\u202Eyap/elpmaxe.live',
        'LD\u200B1001',
        'LOCKED: pay at evil.example/x',
        'LD-1001?',
        'Łódź-1',
      ].map((load_number): [object, string] => [
        { reviewer_email: 'r@example.com', load_number },
        `load_number: ${LOAD_NUMBER_CHARACTERS_PROBLEM}`,
      ]),
      [
        { reviewer_email: 'r@example.com', load_number: 12 },
        'load_number: Invalid input: expected string, received number',
      ],
    ];
    for (const [payload, detail] of cases) {
      const response = await requestRating('c', payload, '10.0.0.2');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ detail });
    }
  });

  it('refuses a rating request to a user of the own company', async () => {
    const response = await requestRating('c', {
      reviewer_email: 'OWNER@c.example.com',
      load_number: '1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      detail: 'You cannot request a rating from a user of your own company',
    });
  });

  it('refuses the mailboxes of its own users and FMCSA e-mail however they are spelt', async () => {
    const companyC = { id: ids.c, dot_number: 9103 };
    await addCompanyUser(app, companyC, 'charlie.dispatch@outlook.com');
    const ownUser = 'You cannot request a rating from a user of your own company';
    const ownRecord = "You cannot request a rating from the e-mail address on your company's FMCSA record";
    const cases: [string, string][] = [
      ['owner+ratings@c.example.com', ownUser],
      ['Charlie.Dispatch+1@Outlook.com', ownUser],
      ['charlie.freight@gmail.com', ownRecord],
      ['CharlieFreight+load7@googlemail.com', ownRecord],
      ['c.h.a.r.l.i.e.f.r.e.i.g.h.t@gmail.com', ownRecord],
    ];
    for (const [reviewer_email, detail] of cases) {
      const response = await requestRating('c', { reviewer_email, load_number: '1' }, '10.0.0.8');
      expect(response.statusCode, reviewer_email).toBe(422);
      expect(response.json()).toMatchObject({ detail });
    }
    // Other people at the same free-mail providers are customers like any other.
    for (const reviewer_email of ['charlie.freight.customer@gmail.com', 'charliedispatch2@outlook.com']) {
      const response = await requestRating('c', { reviewer_email, load_number: '1' }, '10.0.0.8');
      expect(response.statusCode, reviewer_email).toBe(201);
    }
  });

  it('refuses any address at the own domains of its users and FMCSA e-mail, subdomains too', async () => {
    const cases: [string, string][] = [
      ['someone.else@delta-hauling.com', 'delta-hauling.com'],
      ['Billing@Mail.Delta-Hauling.com', 'delta-hauling.com'],
      ['new.customer@d.example.com', 'd.example.com'],
    ];
    for (const [reviewer_email, domain] of cases) {
      const response = await requestRating('d', { reviewer_email, load_number: '1' }, '10.0.0.9');
      expect(response.statusCode, reviewer_email).toBe(422);
      expect(response.json()).toMatchObject({
        detail: `You cannot request a rating from an address at your company's own domain (${domain})`,
      });
    }
    // A domain that merely ends in the same letters is someone else's.
    const other = await requestRating(
      'd',
      { reviewer_email: 'ops@notdelta-hauling.com', load_number: '1' },
      '10.0.0.9',
    );
    expect(other.statusCode).toBe(201);
    const rows = await app.database.db
      .selectFrom('rating_requests')
      .select('reviewer_email')
      .where('company_id', '=', ids.d)
      .execute();
    expect(rows).toEqual([{ reviewer_email: 'ops@notdelta-hauling.com' }]);
  });

  it('counts the week per mailbox: dots at Gmail, +tags and case do not make a new reviewer', async () => {
    const ask = (reviewer_email: string) =>
      requestRating('b', { reviewer_email, load_number: 'W-1' }, '10.0.0.10');
    expect((await ask('John.Smith+load1@gmail.com')).statusCode).toBe(201);
    for (const again of [
      'johnsmith@gmail.com',
      'J.O.H.N.Smith+load2@GoogleMail.com',
      'JOHN.SMITH@gmail.com',
    ]) {
      const refused = await ask(again);
      expect(refused.statusCode, again).toBe(409);
      expect(refused.json()).toEqual({ detail: DUPLICATE_REQUEST_DETAIL, code: 'duplicate_request' });
    }
    expect((await ask('dispatch+east@shipper-b.example.com')).statusCode).toBe(201);
    expect((await ask('Dispatch+West@Shipper-B.example.com')).statusCode).toBe(409);
    // Dots count at providers that do not ignore them: another mailbox, another reviewer.
    expect((await ask('john.smith@outlook.com')).statusCode).toBe(201);
    expect((await ask('johnsmith@outlook.com')).statusCode).toBe(201);
    // The address is stored and e-mailed as typed (trimmed and lower-cased), not as its key.
    const message = await app.database.db
      .selectFrom('outbox_messages')
      .select('to_address')
      .where('to_address', 'like', 'john.smith+load1%')
      .executeTakeFirstOrThrow();
    expect(message.to_address).toBe('john.smith+load1@gmail.com');
  });

  it('asks the same reviewer again only after 7 days, per company, whatever the case of the address', async () => {
    const start = now;
    const ask = (owner: Owner, reviewer_email = 'Repeat@Shipper.example.com') =>
      requestRating(owner, { reviewer_email, load_number: 'R-1' }, '10.0.0.3');
    expect((await ask('c')).statusCode).toBe(201);

    now = new Date(start.getTime() + 7 * DAY_MS - 1000);
    const refused = await ask('c', 'repeat@shipper.example.com');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: DUPLICATE_REQUEST_DETAIL, code: 'duplicate_request' });
    expect(refused.json().detail).toBe(
      'This reviewer already submitted a review for the company within the last week',
    );
    // Another company may ask the same reviewer.
    expect((await ask('d')).statusCode).toBe(201);

    now = new Date(start.getTime() + 7 * DAY_MS + 1000);
    expect((await ask('c', 'REPEAT@shipper.example.com')).statusCode).toBe(201);
    expect((await ask('c')).statusCode).toBe(409);
  });

  it('caps the requests of one company per day', async () => {
    const values = Array.from({ length: REQUESTS_PER_COMPANY_PER_DAY }, (_, index) => ({
      id: `cap-${index}`,
      company_id: ids.d,
      reviewer_email: `cap${index}@example.com`,
      load_number: String(index),
      created_at: new Date(now.getTime() - 60_000).toISOString(),
    }));
    await app.database.db.insertInto('rating_requests').values(values).execute();
    const response = await requestRating(
      'd',
      { reviewer_email: 'one-more@example.com', load_number: '1' },
      '10.0.0.4',
    );
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      detail: 'Too many rating requests in the last 24 hours. Please try again later.',
    });
    await app.database.db.deleteFrom('rating_requests').where('id', 'like', 'cap-%').execute();
  });

  it('limits rating requests per client like the link endpoints', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      // Bad bodies still count: the limit applies before anything else.
      statuses.push((await requestRating('c', {}, '10.0.0.5')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('answers the same 404 for unknown and malformed review ids', async () => {
    const unknown = ['A'.repeat(22), 'abcdefghijklmnopqrstu_'];
    const malformed = [
      'abc',
      'A'.repeat(23),
      'A'.repeat(99),
      "'%20OR%201=1--",
      'AAAAAAAAAAAAAAAAAAAA%2F',
      'summary',
    ];
    for (const id of [...unknown, ...malformed]) {
      for (const response of [await getRequest(id), await submit(id, valid)]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toMatchObject({ detail: 'Rating request not found' });
      }
    }
  });

  it('refuses ratings outside 1-5, fractions, strings, missing fields and huge comments', async () => {
    const id = await pendingRequest();
    const range = 'Ratings must be whole numbers from 1 to 5';
    const cases: [object, string][] = [
      [{ ...valid, on_time_rating: 0 }, `on_time_rating: ${range}`],
      [{ ...valid, communication_rating: 6 }, `communication_rating: ${range}`],
      [{ ...valid, service_rating: 3.5 }, `service_rating: ${range}`],
      [{ ...valid, on_time_rating: '5' }, `on_time_rating: ${range}`],
      [{ ...valid, service_rating: null }, `service_rating: ${range}`],
      [{ on_time_rating: 5, communication_rating: 4 }, `service_rating: ${range}`],
      [
        { ...valid, comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
        'comment: Comments can be at most 2000 characters',
      ],
      [{ ...valid, comment: 'y'.repeat(100_000) }, 'comment: Comments can be at most 2000 characters'],
      [{ ...valid, comment: 'nul\u0000byte' }, 'comment: Comments cannot contain control characters'],
      [{ ...valid, comment: 42 }, 'comment: Invalid input: expected string, received number'],
    ];
    for (const [payload, detail] of cases) {
      const response = await submit(id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ detail });
    }
    expect((await getRequest(id)).json().is_completed).toBe(false);
  });

  it('stores a rating once; the second submission answers 409', async () => {
    const id = await pendingRequest();
    const comment = `  Great <b>service</b>\nwill book again  `;
    const first = await submit(id, { ...valid, comment });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ detail: 'Rating submitted' });
    const row = await app.database.db
      .selectFrom('rating_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ...valid,
      comment: 'Great <b>service</b>\nwill book again',
      completed_at: now.toISOString(),
    });
    expect((await getRequest(id)).json()).toMatchObject({ is_completed: true });

    const second = await submit(id, { on_time_rating: 1, communication_rating: 1, service_rating: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ detail: 'This rating has already been submitted' });
  });

  it('lets exactly one of two simultaneous submissions win', async () => {
    const id = await pendingRequest();
    const [one, two] = await Promise.all([
      submit(id, { on_time_rating: 1, communication_rating: 1, service_rating: 1 }),
      submit(id, { on_time_rating: 5, communication_rating: 5, service_rating: 5 }),
    ]);
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    const row = await app.database.db
      .selectFrom('rating_requests')
      .select(['on_time_rating', 'communication_rating', 'service_rating'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const winner = one!.statusCode === 200 ? 1 : 5;
    expect(row).toEqual({ on_time_rating: winner, communication_rating: winner, service_rating: winner });
  });

  it('summarises submitted ratings only, the same as the profile, with distribution and newest comments', async () => {
    // A fresh company: B has one pending request and gets three ratings here.
    const ratings: [number, number, number, string | null][] = [
      [5, 5, 4, 'First'],
      [2, 2, 1, null],
      [3, 4, 4, ''],
    ];
    for (const [index, [onTime, communication, service, comment]] of ratings.entries()) {
      const address = `summary${index}@shipper.example.com`;
      await requestRating('b', { reviewer_email: address, load_number: `S-${index}` }, '10.0.0.6');
      now = new Date(now.getTime() + 60_000);
      const response = await submit(await linkedReviewId(address), {
        on_time_rating: onTime,
        communication_rating: communication,
        service_rating: service,
        comment,
      });
      expect(response.statusCode).toBe(200);
    }
    now = new Date(now.getTime() + 60_000);
    await submit(await linkedReviewId('summary0@shipper.example.com'), valid);

    const summary = await app.fastify.inject({ url: `/api/v1/ratings/summary/${ids.b}` });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      overall_rating: 3.33,
      avg_on_time: 3.33,
      avg_communication: 3.67,
      avg_service: 3,
      total_ratings: 3,
    });
    const profile = await app.fastify.inject({ url: '/api/v1/companies/profile/9102' });
    expect(profile.json().rating_summary).toEqual(summary.json());

    // Overall stars per rating: 14/3 -> 5, 5/3 -> 2, 11/3 -> 4. Empty comments are no comments.
    expect((await app.services.ratings.profileRatings(ids.b, { withDetails: true })).details).toEqual({
      reviewer_domains: 1,
      uncounted_ratings: 0,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ],
      recent_comments: [{ stars: 5, comment: 'First', submitted_on: '2026-11-29', reply: null }],
    });
  });

  it('shows the five newest comments, newest first', async () => {
    for (let index = 0; index < 7; index += 1) {
      const address = `comment@shipper${index}.test`;
      await requestRating('d', { reviewer_email: address, load_number: `C-${index}` }, '10.0.0.7');
      now = new Date(now.getTime() + DAY_MS);
      await submit(await linkedReviewId(address), { ...valid, comment: `Comment ${index}` });
    }
    const { details } = await app.services.ratings.profileRatings(ids.d, { withDetails: true });
    const comments = details!.recent_comments;
    expect(comments.map((entry) => entry.comment)).toEqual([
      'Comment 6',
      'Comment 5',
      'Comment 4',
      'Comment 3',
      'Comment 2',
    ]);
  });

  it(`counts at most ${COUNTED_RATINGS_PER_DOMAIN} ratings from one reviewer domain in ${COUNTED_DOMAIN_WINDOW_DAYS} days, and says so`, async () => {
    const [company] = await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 9105, legal_name: 'ECHO CARRIERS' }),
    ]).then(() =>
      app.database.db
        .selectFrom('companies')
        .select(['id', 'dot_number'])
        .where('dot_number', '=', 9105)
        .execute(),
    );
    sessions.set('e', await addCompanyUser(app, company!, 'owner@e.example.com'));
    const fiveStars = { on_time_rating: 5, communication_rating: 5, service_rating: 5 };
    const oneStar = { on_time_rating: 1, communication_rating: 1, service_rating: 1 };
    /** Requests ratings from the addresses (a client of its own) and returns their review ids. */
    const ask = async (addresses: string[]) => {
      const reviewIds: string[] = [];
      for (const reviewer_email of addresses) {
        const response = await requestRating('e', { reviewer_email, load_number: 'E-1' }, '10.0.0.11');
        expect(response.statusCode, reviewer_email).toBe(201);
        reviewIds.push(await linkedReviewId(reviewer_email));
      }
      return reviewIds;
    };
    const details = async () => {
      const ratings = await app.services.ratings.profileRatings(company!.id, { withDetails: true });
      return {
        total: ratings.summary.total_ratings,
        overall: ratings.summary.overall_rating,
        domains: ratings.details!.reviewer_domains,
        uncounted: ratings.details!.uncounted_ratings,
      };
    };

    // A genuine one-star rating, then a catch-all domain's five-star votes, subdomains included,
    // submitted all at once: three count, whatever the order they land in.
    const [genuine] = await ask(['dispatch@honest-shipper.test']);
    expect((await submit(genuine!, oneStar)).statusCode).toBe(200);
    const votes = await ask([
      'a@catchall-carrier.test',
      'b@catchall-carrier.test',
      'c@mail.catchall-carrier.test',
      'd@sales.catchall-carrier.test',
      'e@catchall-carrier.test',
    ]);
    const submitted = await Promise.all(
      votes.map((id) => submit(id, { ...fiveStars, comment: 'Best ever' })),
    );
    expect(submitted.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await details()).toEqual({ total: 4, overall: 4, domains: 2, uncounted: 2 });
    const rows = await app.database.db
      .selectFrom('rating_requests')
      .select(['reviewer_domain', 'counted'])
      .where('company_id', '=', company!.id)
      .where('reviewer_domain', '=', 'catchall-carrier.test')
      .execute();
    expect(rows.map((row) => row.counted).sort()).toEqual([0, 0, 1, 1, 1]);
    // Comments of ratings not counted are not shown either.
    const { details: shown } = await app.services.ratings.profileRatings(company!.id, { withDetails: true });
    expect(shown!.recent_comments).toHaveLength(3);

    // Free-mail providers are shared by strangers: there each mailbox counts on its own.
    const strangers = await ask([
      'ann.lee@gmail.com',
      'bob.ray@gmail.com',
      'cy.dee@gmail.com',
      'di.fox@gmail.com',
    ]);
    for (const id of strangers) expect((await submit(id, fiveStars)).statusCode).toBe(200);
    expect(await details()).toMatchObject({ total: 8, domains: 3, uncounted: 2 });
    for (let week = 1; week <= 3; week += 1) {
      now = new Date(now.getTime() + 8 * DAY_MS);
      const [again] = await ask([`ann.lee+${week}@gmail.com`]);
      expect((await submit(again!, fiveStars)).statusCode).toBe(200);
    }
    // Ann's fourth rating in 90 days is kept, not counted.
    expect(await details()).toMatchObject({ total: 10, uncounted: 3 });

    // After the window the domain counts again.
    now = new Date(now.getTime() + COUNTED_DOMAIN_WINDOW_DAYS * DAY_MS);
    const [later] = await ask(['f@catchall-carrier.test']);
    expect((await submit(later!, fiveStars)).statusCode).toBe(200);
    expect(await details()).toMatchObject({ total: 11, uncounted: 3 });
  });

  it('answers 404 for the summary of an unknown company and 400 for a malformed id', async () => {
    const unknown = await app.fastify.inject({ url: '/api/v1/ratings/summary/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'Company not found' });
    const malformed = await app.fastify.inject({ url: '/api/v1/ratings/summary/abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ detail: 'id: company id must be a positive whole number' });
  });

  it('accepts a request while mail cannot go out, and sends its e-mail once it can', async () => {
    const send = app.services.mail.send;
    app.services.mail.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const response = await requestRating('a', { reviewer_email: 'later@example.com', load_number: '1' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ detail: 'Rating request sent' });
    } finally {
      app.services.mail.send = send;
    }
    const outbox = () =>
      app.database.db
        .selectFrom('outbox_messages')
        .select('text_body')
        .where('to_address', '=', 'later@example.com')
        .execute();
    expect(await outbox()).toEqual([]);
    // The retry is due after the first backoff (30 seconds by default).
    now = new Date(now.getTime() + 60_000);
    await app.services.mailQueue.deliverDue();
    expect(await outbox()).toHaveLength(1);
    expect((await getRequest(await linkedReviewId('later@example.com'))).statusCode).toBe(200);
  });
});

describe('review ids', () => {
  it('refuses malformed ids by their shape, before any query', async () => {
    const findRequest = vi.fn(async () => undefined);
    const completeRequest = vi.fn(async () => false);
    const service = createRatingsService({
      repo: { findRequest, completeRequest } as unknown as RatingsRepo,
      mail: {} as MailQueue,
      appUrl: APP_URL,
      clock: () => new Date(),
    });
    for (const id of ['', 'abc', 'A'.repeat(21), 'A'.repeat(23), 'AAAAAAAAAAAAAAAAAAAAA=', "' OR 1=1 --"]) {
      expect(await service.ratingRequest(id)).toBeNull();
      await expect(
        service.submitRating(id, {
          on_time_rating: 5,
          communication_rating: 5,
          service_rating: 5,
          comment: null,
        }),
      ).rejects.toMatchObject({
        code: 'not_found',
        detail: 'Rating request not found',
      });
    }
    expect(findRequest).not.toHaveBeenCalled();
    expect(completeRequest).not.toHaveBeenCalled();
    expect(await service.ratingRequest('A'.repeat(22))).toBeNull();
    expect(findRequest).toHaveBeenCalledWith('A'.repeat(22));
  });
});
