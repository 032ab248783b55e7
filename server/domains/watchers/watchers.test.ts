import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { signInOwnerOf } from '../../../tests/support/sessions.ts';
import { linkIn, startSmtpServer } from '../../../tests/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { SIGNAL_RULES } from '../../../core/signals.ts';
import { insertHistoryEvents } from '../history/repo.ts';
import { refreshLinksAndSignals } from '../signals/repo.ts';
import { SIGN_IN_SENT } from './accounts.ts';

const TODAY = '2026-12-07';
/** The lookups a minute this app allows each key (LOOKUPS_PER_MINUTE). */
const LOOKUPS_PER_KEY = 20;
const SHARES_CONTACT = SIGNAL_RULES.shares_contact_with_troubled.title;
/** Alpha's phone changed on 2026-12-01. */
const CONTACT_CHANGED = SIGNAL_RULES.contact_changed.title;

describe(`watchers: accounts, watchlists, keys and lookup on ${testDialect}`, () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const now = new Date(`${TODAY}T12:00:00Z`);

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    app.fastify.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload !== undefined
        ? { payload }
        : method === 'GET' || method === 'DELETE'
          ? {}
          : { payload: {} }),
    });

  /** Signs an address in through its e-mailed link and returns the session token. */
  let clients = 0;
  async function signIn(email: string): Promise<string> {
    smtp.received.length = 0;
    // Each from a client of its own: the sign-in route's hourly limit per client is tested below.
    clients += 1;
    const asked = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/watch/sign-in',
      payload: { email },
      remoteAddress: `10.9.${clients}.1`,
    });
    expect(asked.statusCode).toBe(200);
    const token = linkIn(smtp.received.at(-1), 'watch/verify');
    const verified = await call('GET', `/api/v1/watch/verify/${token}`);
    expect(verified.statusCode).toBe(200);
    return (verified.json() as { access_token: string }).access_token;
  }

  async function newList(token: string, name: string): Promise<number> {
    const created = await call('POST', '/api/v1/watchlists', token, { name });
    expect(created.statusCode).toBe(201);
    return (created.json() as { id: number }).id;
  }

  function multipart(text: string, field = 'file') {
    const boundary = '----watchtest';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="list.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        APP_URL: 'https://carrierpage.example',
        LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_KEY),
      },
      { clock: () => now },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 1001, legal_name: 'ALPHA FREIGHT LLC', mc_number: '111111', carship: 'A' }),
      // Bravo shares its phone with Charlie, whose USDOT number is inactive: a risk signal.
      carrier({ dot_number: 1002, legal_name: 'BRAVO HAULING INC', carship: 'A', phone: '2145550199' }),
      carrier({ dot_number: 1003, legal_name: 'CHARLIE LOGISTICS', status_code: 'I', phone: '214-555-0199' }),
      carrier({ dot_number: 1004, legal_name: 'DELTA TRUCKING', email: 'owner@delta.example.com' }),
    ]);
    await seedAuthorityRows(
      app.database.db,
      [
        {
          docket: 'MC111111',
          dotNumber: 1001,
          authorities: [{ kind: 'common', status: 'Active' }],
          insurance: [
            {
              kind: 'BI&PD primary',
              form_code: '91X',
              insurer: 'SAFE INSURANCE CO',
              policy_number: 'P-1',
              amount_dollars: 750_000,
              effective_on: '2025-01-01',
              cancellation_effective_on: null,
              ended_by: null,
            },
          ],
        },
        // Known to L&I only: the MC number resolves through the docket's DOT number.
        { docket: 'MC222222', dotNumber: 1002, authorities: [{ kind: 'common', status: 'Active' }] },
      ],
      TODAY,
    );
    await insertHistoryEvents(app.database.db, [
      {
        dotNumber: 1001,
        kind: 'record',
        event: 'changed',
        subject: 'phone',
        valueBefore: '5550001',
        valueAfter: '5550002',
        effectiveOn: null,
        firstSeenOn: '2026-12-01',
        source: 'az4n-8mr2',
      },
      {
        dotNumber: 1001,
        kind: 'record',
        event: 'changed',
        subject: 'email',
        valueBefore: null,
        valueAfter: null,
        effectiveOn: null,
        firstSeenOn: '2026-11-01',
        source: 'az4n-8mr2',
      },
    ]);
    await refreshLinksAndSignals(app.database.db, now.toISOString());
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it('answers a sign-in request the same for a new address, a known one and a refused one', async () => {
    const first = await call('POST', '/api/v1/watch/sign-in', undefined, { email: 'New@Broker.example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: SIGN_IN_SENT });
    const mail = smtp.received.at(-1);
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('new@broker.example.com');
    expect(mail?.subject).toBe('Your CarrierPage sign-in link');
    const token = linkIn(mail, 'watch/verify');
    expect((await call('GET', `/api/v1/watch/verify/${token}`)).statusCode).toBe(200);
    // Known now: the same answer.
    const again = await call('POST', '/api/v1/watch/sign-in', undefined, { email: 'new@broker.example.com' });
    expect(again.json()).toEqual({ detail: SIGN_IN_SENT });

    const bad = await call('POST', '/api/v1/watch/sign-in', undefined, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'email: Please enter a valid email address', code: 'invalid' });
  });

  it('spends a link once and refuses a malformed or used one', async () => {
    await call('POST', '/api/v1/watch/sign-in', undefined, { email: 'once@broker.example.com' });
    const token = linkIn(smtp.received.at(-1), 'watch/verify');
    expect((await call('GET', `/api/v1/watch/verify/${token}`)).statusCode).toBe(200);
    const used = await call('GET', `/api/v1/watch/verify/${token}`);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ detail: 'Invalid or expired sign-in link', code: 'invalid' });
    expect((await call('GET', '/api/v1/watch/verify/short')).statusCode).toBe(400);
  });

  it('limits the links to one address, whoever asks', async () => {
    const email = 'flood@broker.example.com';
    for (let sent = 0; sent < 5; sent += 1) {
      const remoteAddress = `10.0.0.${sent + 1}`;
      const asked = await app.fastify.inject({
        method: 'POST',
        url: '/api/v1/watch/sign-in',
        payload: { email },
        remoteAddress,
      });
      expect(asked.statusCode).toBe(200);
    }
    const refused = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/watch/sign-in',
      payload: { email },
      remoteAddress: '10.0.0.99',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: 'Too many links were sent to this address. Please try again in 15 minutes.',
      code: 'rate_limited',
    });
  });

  it('keeps owners and watchers apart: each token opens its own routes only', async () => {
    const owner = await signInOwnerOf(app, 1004, 'owner@delta.example.com');
    const watcher = await signIn('owner@delta.example.com');
    const asOwner = await call('GET', '/api/v1/watchlists', owner);
    expect(asOwner.statusCode).toBe(401);
    expect(asOwner.json()).toEqual({
      detail: 'Session or API key expired, revoked or invalid',
      code: 'unauthenticated',
    });
    expect((await call('GET', '/api/v1/users', watcher)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/watchlists', watcher)).statusCode).toBe(200);
    const anonymous = await call('GET', '/api/v1/watchlists');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      detail: 'Sign in, or send an API key as Authorization: Bearer <key>',
      code: 'unauthenticated',
    });
  });

  it('creates, renames, lists and deletes watchlists, refusing taken names', async () => {
    const token = await signIn('lists@broker.example.com');
    const id = await newList(token, 'Flatbed partners');
    const taken = await call('POST', '/api/v1/watchlists', token, { name: 'Flatbed partners' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      detail: 'You already have a watchlist named "Flatbed partners".',
      code: 'conflict',
    });
    const empty = await call('POST', '/api/v1/watchlists', token, { name: '  ' });
    expect(empty.json()).toEqual({ detail: 'name: must not be empty', code: 'invalid' });
    const renamed = await call('PUT', `/api/v1/watchlists/${id}`, token, { name: 'Reefer partners' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Reefer partners', carrier_count: 0 });
    const listed = await call('GET', '/api/v1/watchlists', token);
    expect((listed.json() as { name: string }[]).map((list) => list.name)).toEqual(['Reefer partners']);
    expect((await call('DELETE', `/api/v1/watchlists/${id}`, token)).statusCode).toBe(204);
    const gone = await call('GET', `/api/v1/watchlists/${id}`, token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Watchlist not found', code: 'not_found' });
    const badId = await call('GET', '/api/v1/watchlists/abc', token);
    expect(badId.json()).toEqual({
      detail: 'id: watchlist id must be a positive whole number',
      code: 'invalid',
    });
  });

  it('adds pasted DOT and MC numbers, keeps the usable lines and reports the rest by line', async () => {
    const token = await signIn('paste@broker.example.com');
    const id = await newList(token, 'Pasted');
    const added = await call('POST', `/api/v1/watchlists/${id}/carriers`, token, {
      numbers: ['1001', 'MC-222222', 'hello', '', 'DOT 1003', '9999999', '1001', 'MC 0111111'].join('\n'),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      added: 3,
      already_listed: 2,
      problems: [
        { line: 3, text: 'hello', reason: 'not a DOT or MC number' },
        { line: 6, text: 'DOT 9999999', reason: 'no carrier with this number' },
      ],
      carrier_count: 3,
    });
    const removed = await call('DELETE', `/api/v1/watchlists/${id}/carriers/1003`, token);
    expect(removed.statusCode).toBe(204);
    const notListed = await call('DELETE', `/api/v1/watchlists/${id}/carriers/1003`, token);
    expect(notListed.json()).toEqual({ detail: 'DOT 1003 is not on this watchlist', code: 'not_found' });
  });

  it('adds a CSV file, skipping its header, and refuses a request without a file', async () => {
    const token = await signIn('csv@broker.example.com');
    const id = await newList(token, 'Uploaded');
    const upload = multipart('dot_number,name\r\n1001,Alpha\r\n"1002",Bravo\r\nabc,Nope\r\n');
    const answered = await app.fastify.inject({
      method: 'POST',
      url: `/api/v1/watchlists/${id}/carriers/csv`,
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
      payload: upload.payload,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({
      added: 2,
      already_listed: 0,
      problems: [{ line: 4, text: 'abc,Nope', reason: 'not a DOT or MC number' }],
      carrier_count: 2,
    });
    const notMultipart = await call('POST', `/api/v1/watchlists/${id}/carriers/csv`, token, { numbers: '1' });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json()).toEqual({
      detail: 'Send the CSV file as multipart/form-data with a file field',
      code: 'unsupported_media_type',
    });
    const wrongField = multipart('1001', 'other');
    const refused = await app.fastify.inject({
      method: 'POST',
      url: `/api/v1/watchlists/${id}/carriers/csv`,
      headers: { ...wrongField.headers, authorization: `Bearer ${token}` },
      payload: wrongField.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'The CSV must be sent in the file field', code: 'invalid' });
  });

  it('holds a list to 5,000 carriers, reporting each line past the limit', async () => {
    const token = await signIn('full@broker.example.com');
    const id = await newList(token, 'Full');
    const dots = Array.from({ length: 5_001 }, (_, index) => 2_000_001 + index);
    await seedCarriers(
      app.database.db,
      testDialect,
      dots.map((dot) => carrier({ dot_number: dot, legal_name: `FLEET ${dot}` })),
    );
    const added = await call('POST', `/api/v1/watchlists/${id}/carriers`, token, {
      numbers: dots.join('\n'),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      added: 5_000,
      already_listed: 0,
      problems: [{ line: 5_001, text: 'DOT 2005001', reason: 'the list is full (5,000 carriers)' }],
      carrier_count: 5_000,
    });
    const page = await call(
      'GET',
      `/api/v1/watchlists/${id}?sort=dot_number&order=desc&page=2&page_size=3`,
      token,
    );
    expect(page.json()).toMatchObject({ total: 5_000, page: 2, page_size: 3 });
    expect((page.json() as { data: { dot_number: number }[] }).data.map((row) => row.dot_number)).toEqual([
      2_004_997, 2_004_996, 2_004_995,
    ]);
  });

  it('shows each carrier with its verdict, insurance and last change, sorted and filtered, and exports CSV', async () => {
    const token = await signIn('page@broker.example.com');
    const id = await newList(token, 'Core carriers');
    await call('POST', `/api/v1/watchlists/${id}/carriers`, token, { numbers: '1001\n1002\n1003' });
    const page = await call('GET', `/api/v1/watchlists/${id}`, token);
    expect(page.statusCode).toBe(200);
    const body = page.json() as { data: Record<string, unknown>[]; total: number; as_of: string };
    expect(body.total).toBe(3);
    expect(body.as_of).toBe(TODAY);
    expect(body.data[0]).toEqual({
      dot_number: 1001,
      mc_number: 'MC-111111',
      name: 'ALPHA FREIGHT LLC',
      verdict: 'Authorized for hire',
      verdict_level: 'authorized',
      insurance: 'On file',
      signals: [CONTACT_CHANGED],
      last_change: 'Phone changed',
      last_change_on: '2026-12-01',
      added_on: TODAY,
    });
    expect(body.data.map((row) => [row.name, row.verdict, row.insurance])).toEqual([
      ['ALPHA FREIGHT LLC', 'Authorized for hire', 'On file'],
      ['BRAVO HAULING INC', 'Not authorized for hire', 'None in force'],
      ['CHARLIE LOGISTICS', 'Not authorized for hire', 'None in force'],
    ]);

    const sorted = await call('GET', `/api/v1/watchlists/${id}?sort=name&order=desc`, token);
    expect((sorted.json() as { data: { dot_number: number }[] }).data.map((row) => row.dot_number)).toEqual([
      1003, 1002, 1001,
    ]);
    const filtered = await call('GET', `/api/v1/watchlists/${id}?insurance=On%20file`, token);
    expect((filtered.json() as { total: number }).total).toBe(1);
    const byVerdict = await call(
      'GET',
      `/api/v1/watchlists/${id}?verdict=Not%20authorized%20for%20hire&q=bravo`,
      token,
    );
    expect(
      (byVerdict.json() as { data: { dot_number: number }[] }).data.map((row) => row.dot_number),
    ).toEqual([1002]);
    const withSignals = await call('GET', `/api/v1/watchlists/${id}?signals=with&sort=dot_number`, token);
    expect(withSignals.json()).toMatchObject({
      total: 2,
      data: [
        { dot_number: 1001, signals: [CONTACT_CHANGED] },
        { dot_number: 1002, signals: [SHARES_CONTACT] },
      ],
    });
    const withoutSignals = await call('GET', `/api/v1/watchlists/${id}?signals=without`, token);
    expect(withoutSignals.json()).toMatchObject({ total: 1, data: [{ dot_number: 1003, signals: [] }] });
    const badSignals = await call('GET', `/api/v1/watchlists/${id}?signals=some`, token);
    expect([badSignals.statusCode, badSignals.json()]).toEqual([
      400,
      { detail: 'signals: must be one of with, without', code: 'invalid' },
    ]);
    const changed = await call('GET', `/api/v1/watchlists/${id}?changed_since=2026-11-15`, token);
    expect((changed.json() as { total: number }).total).toBe(1);
    const badSort = await call('GET', `/api/v1/watchlists/${id}?sort=color`, token);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({
      detail: 'sort: must be one of name, dot_number, verdict, insurance, last_change, added',
      code: 'invalid',
    });

    const csv = await call('GET', `/api/v1/watchlists/${id}/export.csv?sort=dot_number&order=desc`, token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Core-carriers.csv"');
    expect(csv.body.split('\r\n')).toEqual([
      'dot_number,mc_number,name,verdict,signals,insurance,last_change,last_change_on,added_on',
      `1003,,CHARLIE LOGISTICS,Not authorized for hire,,None in force,,,${TODAY}`,
      `1002,,BRAVO HAULING INC,Not authorized for hire,"${SHARES_CONTACT}",None in force,,,${TODAY}`,
      `1001,MC-111111,ALPHA FREIGHT LLC,Authorized for hire,${CONTACT_CHANGED},On file,Phone changed,2026-12-01,${TODAY}`,
      '',
    ]);

    // The rows read above are not served again once the list changed.
    await call('DELETE', `/api/v1/watchlists/${id}/carriers/1003`, token);
    const after = await call('GET', `/api/v1/watchlists/${id}?sort=dot_number`, token);
    expect((after.json() as { data: { dot_number: number }[] }).data.map((row) => row.dot_number)).toEqual([
      1001, 1002,
    ]);

    // An edit keeps the statuses of the carriers still listed and reads those it adds, each as a
    // lookup tells it; a new import reads every one again.
    type Row = { dot_number: number; name: string; verdict: string; insurance: string; added_on: string };
    const rows = async () =>
      ((await call('GET', `/api/v1/watchlists/${id}?sort=dot_number`, token)).json() as { data: Row[] }).data;
    await call('POST', `/api/v1/watchlists/${id}/carriers`, token, { numbers: '1004\n1003' });
    const edited = await rows();
    expect(edited.map((row) => [row.dot_number, row.name, row.added_on])).toEqual([
      [1001, 'ALPHA FREIGHT LLC', TODAY],
      [1002, 'BRAVO HAULING INC', TODAY],
      [1003, 'CHARLIE LOGISTICS', TODAY],
      [1004, 'DELTA TRUCKING', TODAY],
    ]);
    const looked = await call('POST', '/api/v1/lookup', token, { numbers: ['1001', '1002', '1003', '1004'] });
    const told = (
      looked.json() as {
        results: { carrier: { verdict: { headline: string }; insurance: { state: string } } }[];
      }
    ).results.map(({ carrier }) => [carrier.verdict.headline, carrier.insurance.state]);
    expect(edited.map((row) => [row.verdict, row.insurance])).toEqual(told);

    const imported = (at: string) =>
      app.database.db
        .insertInto('data_imports')
        .values({
          dataset: 'mcmis_inspection',
          table_name: 'inspections',
          file: `inspections-${at}.csv`,
          as_of: TODAY,
          imported_rows: 0,
          imported_at: at,
        })
        .execute();
    const rename = (name: string) =>
      app.database.db.updateTable('companies').set({ name }).where('dot_number', '=', 1001).execute();
    await rename('ALPHA FREIGHT RENAMED');
    try {
      expect((await rows())[0]?.name).toBe('ALPHA FREIGHT LLC');
      await imported('2026-12-07T13:00:00.000Z');
      expect((await rows())[0]?.name).toBe('ALPHA FREIGHT RENAMED');
    } finally {
      await rename('ALPHA FREIGHT LLC');
      await imported('2026-12-07T14:00:00.000Z');
    }
    expect((await rows())[0]?.name).toBe('ALPHA FREIGHT LLC');
  });

  it('never shows one account another account’s lists or keys: 404 for their ids', async () => {
    const a = await signIn('a@broker.example.com');
    const b = await signIn('b@broker.example.com');
    const list = await newList(a, 'Private');
    const key = await call('POST', '/api/v1/watch/keys', a, { name: 'A key' });
    const keyId = (key.json() as { id: number }).id;
    for (const [method, url, payload] of [
      ['GET', `/api/v1/watchlists/${list}`, undefined],
      ['GET', `/api/v1/watchlists/${list}/export.csv`, undefined],
      ['PUT', `/api/v1/watchlists/${list}`, { name: 'Mine now' }],
      ['POST', `/api/v1/watchlists/${list}/carriers`, { numbers: '1001' }],
      ['DELETE', `/api/v1/watchlists/${list}/carriers/1001`, undefined],
      ['DELETE', `/api/v1/watchlists/${list}`, undefined],
    ] as const) {
      const answer = await call(method, url, b, payload);
      expect([url, answer.statusCode, answer.json()]).toEqual([
        url,
        404,
        { detail: 'Watchlist not found', code: 'not_found' },
      ]);
    }
    const revoke = await call('DELETE', `/api/v1/watch/keys/${keyId}`, b);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toEqual({ detail: 'API key not found', code: 'not_found' });
    const account = await call('GET', '/api/v1/watch/account', b);
    expect(account.json()).toMatchObject({ email: 'b@broker.example.com', watchlists: [], api_keys: [] });
    // A's list and key are untouched.
    expect((await call('GET', `/api/v1/watchlists/${list}`, a)).statusCode).toBe(200);
  });

  it('makes API keys shown once and stored hashed, usable as Bearer until revoked', async () => {
    const token = await signIn('keys@broker.example.com');
    const created = await call('POST', '/api/v1/watch/keys', token, { name: 'TMS' });
    expect(created.statusCode).toBe(201);
    const { key, id, prefix } = created.json() as { key: string; id: number; prefix: string };
    expect(key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    const stored = await app.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key.slice(4));
    expect(JSON.stringify((await call('GET', '/api/v1/watch/account', token)).json())).not.toContain(key);

    const list = await call('POST', '/api/v1/watchlists', key, { name: 'Through the API' });
    expect(list.statusCode).toBe(201);
    // A key cannot make keys nor delete the account.
    const keyMakesKey = await call('POST', '/api/v1/watch/keys', key, { name: 'Another' });
    expect(keyMakesKey.statusCode).toBe(403);
    expect(keyMakesKey.json()).toEqual({
      detail: 'This needs a signed-in session on the account page, not an API key',
      code: 'forbidden',
    });
    expect((await call('DELETE', '/api/v1/watch/account', key)).statusCode).toBe(403);

    expect((await call('DELETE', `/api/v1/watch/keys/${id}`, token)).statusCode).toBe(204);
    const revoked = await call('GET', '/api/v1/watchlists', key);
    expect(revoked.statusCode).toBe(401);
    const account = await call('GET', '/api/v1/watch/account', token);
    expect((account.json() as { api_keys: { revoked_at: string | null }[] }).api_keys[0]?.revoked_at).toBe(
      now.toISOString(),
    );
  });

  it('looks up DOT and MC numbers with verdict, authority, insurance, last change and data dates', async () => {
    const token = await signIn('lookup@broker.example.com');
    const answer = await call('POST', '/api/v1/lookup', token, {
      numbers: ['1001', 'MC-222222', 9_999_999, 'banana'],
    });
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json() as { results: Record<string, unknown>[] };
    expect(results.map((result) => [result.input, result.status, result.detail])).toEqual([
      ['1001', 'found', null],
      ['MC-222222', 'found', null],
      ['9999999', 'not_found', 'No carrier with DOT 9999999'],
      ['banana', 'invalid', 'Not a DOT or MC number'],
    ]);
    expect(results[0]?.carrier).toMatchObject({
      dot_number: 1001,
      mc_number: 'MC-111111',
      name: 'ALPHA FREIGHT LLC',
      verdict: { headline: 'Authorized for hire', level: 'authorized' },
      authority: [{ docket: 'MC-111111', kind: 'common', status: 'Active' }],
      insurance: {
        state: 'On file',
        in_force: [{ kind: 'BI&PD primary', insurer: 'SAFE INSURANCE CO', amount_dollars: 750_000 }],
      },
      last_change: { description: 'Phone changed', on: '2026-12-01' },
      signals: [CONTACT_CHANGED],
      as_of: TODAY,
    });
    expect(results[1]?.carrier).toMatchObject({ dot_number: 1002, signals: [SHARES_CONTACT] });
    expect(Object.keys((results[0]?.carrier as { data_dates: object }).data_dates)).toEqual([
      'census',
      'legacy_li',
      'motus_li',
      'out_of_service',
    ]);
    // The FMCSA e-mail is never in an answer, not even as changed.
    expect(answer.body).not.toContain('@');

    const tooMany = await call('POST', '/api/v1/lookup', token, {
      numbers: Array.from({ length: 501 }, (_, index) => String(index + 1)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: 'numbers: must hold at most 500 numbers', code: 'invalid' });
    const none = await call('POST', '/api/v1/lookup', token, { numbers: [] });
    expect(none.json()).toEqual({ detail: 'numbers: must hold at least one number', code: 'invalid' });
    expect((await call('POST', '/api/v1/lookup', undefined, { numbers: ['1001'] })).statusCode).toBe(401);
  });

  it('answers a carrier the same in a batch as alone, whichever number names it', async () => {
    const token = await signIn('batch@broker.example.com');
    const lookup = async (numbers: string[]) => {
      const answer = await call('POST', '/api/v1/lookup', token, { numbers });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { results: { input: string; status: string; carrier: unknown }[] }).results;
    };
    // Two changes seen the same day: the one recorded last is the last change.
    await insertHistoryEvents(
      app.database.db,
      (['phone', 'physical_address'] as const).map((subject) => ({
        dotNumber: 1004,
        kind: 'record' as const,
        event: 'changed',
        subject,
        valueBefore: 'before',
        valueAfter: 'after',
        effectiveOn: null,
        firstSeenOn: '2026-12-02',
        source: 'az4n-8mr2',
      })),
    );
    const batch = await lookup(['1002', 'MC-222222', '1001', '1003', '1004', '1001', 'MC-111111', '5']);
    expect(batch.map((result) => [result.input, result.status])).toEqual([
      ['1002', 'found'],
      ['MC-222222', 'found'],
      ['1001', 'found'],
      ['1003', 'found'],
      ['1004', 'found'],
      ['1001', 'found'],
      ['MC-111111', 'found'],
      ['5', 'not_found'],
    ]);
    for (const result of batch.slice(0, 7)) {
      expect(result.carrier).toEqual((await lookup([result.input]))[0]?.carrier);
    }
    expect(batch[1]?.carrier).toEqual(batch[0]?.carrier);
    expect(batch[6]?.carrier).toEqual(batch[2]?.carrier);
    expect(batch[4]?.carrier).toMatchObject({
      last_change: { description: 'Physical address changed', on: '2026-12-02' },
    });
    expect(batch[2]?.carrier).toMatchObject({
      last_change: { description: 'Phone changed', on: '2026-12-01' },
    });
    expect(batch[3]?.carrier).toMatchObject({
      dot_number: 1003,
      verdict: { headline: 'Not authorized for hire', level: 'not authorized' },
      authority: [],
      insurance: { state: 'None in force', in_force: [] },
      last_change: null,
    });
  });

  it('limits lookups per key, each key counted on its own, and per client', async () => {
    const token = await signIn('limits@broker.example.com');
    const keys = await Promise.all(
      ['one', 'two', 'three', 'four'].map(async (name) => {
        const made = await call('POST', '/api/v1/watch/keys', token, { name });
        return (made.json() as { key: string }).key;
      }),
    );
    const lookup = (key: string, remoteAddress: string) =>
      app.fastify.inject({
        method: 'POST',
        url: '/api/v1/lookup',
        headers: { authorization: `Bearer ${key}` },
        payload: { numbers: ['1001'] },
        remoteAddress,
      });
    for (let sent = 0; sent < LOOKUPS_PER_KEY; sent += 1) {
      expect((await lookup(keys[0] as string, `10.1.${sent}.1`)).statusCode).toBe(200);
    }
    const refused = await lookup(keys[0] as string, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { detail: string }).detail).toMatch(
      /^Too many lookups with this API key\. Please try again in \d+ seconds\.$/,
    );
    expect((await lookup(keys[1] as string, '10.2.0.1')).statusCode).toBe(200);

    // One client address may look up twice a key's limit, whichever keys it holds.
    for (let sent = 0; sent < 2 * LOOKUPS_PER_KEY; sent += 1) {
      const key = keys[2 + (sent % 2)] as string;
      expect((await lookup(key, '10.3.0.1')).statusCode).toBe(200);
    }
    const client = await lookup(keys[1] as string, '10.3.0.1');
    expect(client.statusCode).toBe(429);
    expect((client.json() as { detail: string }).detail).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const document = await call('GET', '/api/openapi.json');
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = document.json() as { openapi: string; servers: { url: string }[]; paths: object };
    expect(body.openapi).toBe('3.1.0');
    expect(body.servers).toEqual([{ url: 'https://carrierpage.example' }]);
    expect(Object.keys(body.paths)).toContain('/api/v1/lookup');
  });

  it('deletes an account with its lists, carriers and keys, and ends its sessions', async () => {
    const token = await signIn('leaving@broker.example.com');
    const id = await newList(token, 'Soon gone');
    await call('POST', `/api/v1/watchlists/${id}/carriers`, token, { numbers: '1001' });
    const key = (
      (await call('POST', '/api/v1/watch/keys', token, { name: 'gone' })).json() as { key: string }
    ).key;
    expect((await call('DELETE', '/api/v1/watch/account', token)).statusCode).toBe(204);
    const db = app.database.db;
    expect(
      await db
        .selectFrom('watcher_accounts')
        .where('email', '=', 'leaving@broker.example.com')
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(await db.selectFrom('watchlists').where('id', '=', id).selectAll().execute()).toEqual([]);
    expect(
      await db.selectFrom('watchlist_carriers').where('watchlist_id', '=', id).selectAll().execute(),
    ).toEqual([]);
    expect((await call('GET', '/api/v1/watchlists', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/watchlists', key)).statusCode).toBe(401);
  });
});
