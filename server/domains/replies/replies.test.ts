import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_MAX_LENGTH } from '../../../core/replies.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`carrier replies API on ${testDialect}`, () => {
  let app: TestApp;
  let now = new Date('2026-12-01T12:00:00.000Z');
  const tokens = { a: '', aStandard: '', b: '', unclaimed: '' };
  const requestIds = {
    a: 'AAAAAAAAAAAAAAAAAAAAAA',
    aOlder: 'AAAAAAAAAAAAAAAAAAAAAB',
    b: 'BBBBBBBBBBBBBBBBBBBBBB',
  };

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
    app.fastify.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const own = (token: string) => call('GET', '/api/v1/replies', token);
  const save = (token: string | null, dot: number, key: string, body: unknown, kind = 'rating') =>
    call('PUT', `/api/v1/replies/${dot}/${kind}/${key}`, token, { body });
  const remove = (token: string | null, dot: number, key: string) =>
    call('DELETE', `/api/v1/replies/${dot}/rating/${key}`, token);
  /** What the public profile's ratings block carries: the rating details as the owner's preview reads them. */
  const shownComments = async (token: string) =>
    (await call('GET', '/api/v1/ratings/details', token)).json().recent_comments;

  async function completedRating(companyId: number, id: string, comment: string, completedAt: string) {
    await app.database.db
      .insertInto('rating_requests')
      .values({
        id,
        company_id: companyId,
        reviewer_email: `${id}@shipper.example.com`,
        reviewer_domain: 'shipper.example.com',
        load_number: 'L-1',
        created_at: completedAt,
        completed_at: completedAt,
        on_time_rating: 5,
        communication_rating: 4,
        service_rating: 4,
        comment,
      })
      .execute();
  }

  let keyOfA = '';
  let keyOfB = '';

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => now });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 5501, legal_name: 'ALPHA REPLY LINES' }),
      carrier({ dot_number: 5502, legal_name: 'BRAVO REPLY LINES' }),
      carrier({ dot_number: 5503, legal_name: 'UNCLAIMED REPLY LINES' }),
    ]);
    const companies = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .orderBy('dot_number')
      .execute();
    const [a, b, unclaimed] = companies as [
      (typeof companies)[0],
      (typeof companies)[0],
      (typeof companies)[0],
    ];
    await app.database.db
      .updateTable('companies')
      .set({ claimed: 1 })
      .where('id', 'in', [a.id, b.id])
      .execute();
    await completedRating(a.id, requestIds.a, 'Delivered early.', '2026-11-20T10:00:00.000Z');
    await completedRating(a.id, requestIds.aOlder, 'Fine.', '2026-11-10T10:00:00.000Z');
    await completedRating(b.id, requestIds.b, 'Late twice.', '2026-11-21T10:00:00.000Z');
    await app.database.db
      .insertInto('carrier_signals')
      .values([
        { dot_number: 5501, rule: 'new_authority', rests_on: '2026-11-01', detail: null },
        { dot_number: 5502, rule: 'po_box_or_undeliverable', rests_on: null, detail: null },
      ])
      .execute();
    tokens.a = await signInOwner(app, a, 'admin@alpha.example.com');
    tokens.aStandard = await signInOwner(app, a, 'clerk@alpha.example.com', { isAdmin: false });
    tokens.b = await signInOwner(app, b, 'admin@bravo.example.com');
    tokens.unclaimed = await signInOwner(app, unclaimed, 'admin@unclaimed.example.com');
    keyOfA = (await own(tokens.a)).json().ratings[0].key;
    keyOfB = (await own(tokens.b)).json().ratings[0].key;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the carrier’s shown ratings by a public key, never by the reviewer’s link id', async () => {
    const response = await own(tokens.a);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dot_number: 5501,
      signals: [
        {
          key: 'new_authority',
          title: 'Authority granted fewer than 90 days ago',
          fact: expect.any(String),
          reply: null,
        },
      ],
      ratings: [
        { key: keyOfA, stars: 4, comment: 'Delivered early.', submitted_on: '2026-11-20', reply: null },
        { key: expect.any(String), stars: 4, comment: 'Fine.', submitted_on: '2026-11-10', reply: null },
      ],
    });
    expect(keyOfA).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(response.body).not.toContain(requestIds.a);
    expect(response.body).not.toContain(requestIds.aOlder);
  });

  it('publishes a reply beside the rating, edits it in place and removes it', async () => {
    const created = await save(tokens.a, 5501, keyOfA, '  We keep our promises.\nThanks!  ');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ body: 'We keep our promises.\nThanks!', replied_on: '2026-12-01' });
    expect((await shownComments(tokens.a))[0]).toEqual({
      stars: 4,
      comment: 'Delivered early.',
      submitted_on: '2026-11-20',
      reply: { body: 'We keep our promises.\nThanks!', replied_on: '2026-12-01' },
    });

    now = new Date('2026-12-03T08:00:00.000Z');
    const edited = await save(tokens.a, 5501, keyOfA, 'Edited answer');
    expect(edited.json()).toEqual({ body: 'Edited answer', replied_on: '2026-12-03' });
    const rows = await app.database.db.selectFrom('carrier_replies').selectAll().execute();
    expect(rows).toEqual([
      {
        dot_number: 5501,
        subject_kind: 'rating',
        subject_key: requestIds.a,
        body: 'Edited answer',
        author_user_id: expect.any(Number),
        created_at: '2026-12-01T12:00:00.000Z',
        updated_at: '2026-12-03T08:00:00.000Z',
      },
    ]);
    expect((await own(tokens.a)).json().ratings[0].reply).toEqual({
      body: 'Edited answer',
      replied_on: '2026-12-03',
    });
    // The other rating has no reply: one reply per subject.
    expect((await shownComments(tokens.a))[1].reply).toBeNull();

    const removed = await remove(tokens.a, 5501, keyOfA);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ detail: 'Reply removed' });
    expect((await shownComments(tokens.a))[0].reply).toBeNull();
    const again = await remove(tokens.a, 5501, keyOfA);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'There is no reply to remove', code: 'not_found' });
  });

  it('takes 1,000 characters and refuses 1,001, an empty reply and control characters', async () => {
    const longest = 'x'.repeat(REPLY_MAX_LENGTH);
    expect((await save(tokens.a, 5501, keyOfA, longest)).json()).toMatchObject({ body: longest });
    const tooLong = await save(tokens.a, 5501, keyOfA, `${longest}y`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      detail: 'body: Replies can be at most 1,000 characters',
      code: 'invalid',
    });
    const empty = await save(tokens.a, 5501, keyOfA, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'body: Reply cannot be empty', code: 'invalid' });
    const control = await save(tokens.a, 5501, keyOfA, 'bell\u0007');
    expect(control.statusCode).toBe(400);
    expect(control.json()).toEqual({
      detail: 'body: Replies cannot contain control characters',
      code: 'invalid',
    });
    const notText = await save(tokens.a, 5501, keyOfA, 42);
    expect(notText.statusCode).toBe(400);
    // The refused writes left the last stored reply.
    expect((await own(tokens.a)).json().ratings[0].reply.body).toBe(longest);
  });

  it('keeps HTML as plain text: stored as typed, never markup', async () => {
    const html = '<script>alert(1)</script><b>Thanks</b>';
    expect((await save(tokens.a, 5501, keyOfA, html)).json()).toMatchObject({ body: html });
    expect((await shownComments(tokens.a))[0].reply.body).toBe(html);
  });

  it('refuses replies on another carrier’s ratings, by its DOT number or by its rating key', async () => {
    const otherCarrier = await save(tokens.a, 5502, keyOfB, 'Not ours');
    expect(otherCarrier.statusCode).toBe(403);
    expect(otherCarrier.json()).toEqual({
      detail: 'You can only reply on ratings and signals of your own carrier',
      code: 'forbidden',
    });
    const otherRemove = await remove(tokens.a, 5502, keyOfB);
    expect(otherRemove.statusCode).toBe(403);
    const otherKey = await save(tokens.a, 5501, keyOfB, 'Not ours');
    expect(otherKey.statusCode).toBe(404);
    expect(otherKey.json()).toEqual({
      detail: 'This carrier has no shown rating with this key',
      code: 'not_found',
    });
    // The link id itself is not a key either.
    expect((await save(tokens.b, 5502, requestIds.b, 'By id')).statusCode).toBe(404);
    expect((await shownComments(tokens.b))[0].reply).toBeNull();
  });

  it('lets only a signed-in admin of a claimed carrier reply', async () => {
    const anonymous = await save(null, 5501, keyOfA, 'Hi');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
    const standard = await save(tokens.aStandard, 5501, keyOfA, 'Hi');
    expect(standard.statusCode).toBe(403);
    expect(standard.json()).toEqual({ detail: 'Only company admins can reply', code: 'forbidden' });
    const unclaimed = await save(tokens.unclaimed, 5503, keyOfA, 'Hi');
    expect(unclaimed.statusCode).toBe(403);
    expect(unclaimed.json()).toEqual({ detail: 'Only a claimed carrier can reply', code: 'forbidden' });
    expect((await own(tokens.unclaimed)).statusCode).toBe(403);
  });

  it('replies on a signal about the carrier, shown with it in the signals API and block', async () => {
    const signalReply = async (dot: number) =>
      (await app.fastify.inject({ url: `/carrier-data/api/v1/company/${dot}/signals` })).json().signals[0]
        .reply;
    const saved = await save(
      tokens.a,
      5501,
      'new_authority',
      'We bought the company from its founder.',
      'signal',
    );
    expect(saved.statusCode).toBe(200);
    expect(await signalReply(5501)).toEqual({
      body: 'We bought the company from its founder.',
      replied_on: now.toISOString().slice(0, 10),
    });
    expect((await own(tokens.a)).json().signals[0].reply.body).toBe(
      'We bought the company from its founder.',
    );
    // Another carrier's signal, and a rule that does not hold for this carrier.
    expect((await save(tokens.a, 5502, 'po_box_or_undeliverable', 'No', 'signal')).statusCode).toBe(403);
    const absent = await save(tokens.a, 5501, 'po_box_or_undeliverable', 'No', 'signal');
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ detail: 'This carrier has no signal with this rule', code: 'not_found' });
    expect(await signalReply(5502)).toBeNull();
    const removed = await call('DELETE', '/api/v1/replies/5501/signal/new_authority', tokens.a);
    expect(removed.statusCode).toBe(200);
    expect(await signalReply(5501)).toBeNull();
  });

  it('refuses a malformed subject with a clear 400', async () => {
    const kind = await save(tokens.a, 5501, keyOfA, 'Hi', 'comment');
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ detail: 'kind: Replies are on a rating or a signal', code: 'invalid' });
    const key = await save(tokens.a, 5501, 'not%20a%20key', 'Hi');
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({
      detail: 'key: Subject key must be 1 to 64 letters, digits, _ or -',
      code: 'invalid',
    });
    const dot = await save(tokens.a, 0, keyOfA, 'Hi');
    expect(dot.statusCode).toBe(400);
  });
});
