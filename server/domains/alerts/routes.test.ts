import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { revokeAuthority, seedWatchlist } from '../../../tests/support/watchers.ts';
import { computeAlerts } from './compute.ts';

const APP_URL = 'https://carrierpage.test';

describe(`alert feeds and one-click unsubscribe on ${testDialect}`, () => {
  let app: TestApp;
  let list: { accountId: number; watchlistId: number };
  let other: { accountId: number; watchlistId: number };

  beforeAll(async () => {
    app = await createTestApp({ APP_URL });
    const { db } = app.database;
    await seedCarriers(db, testDialect, [
      carrier({ legal_name: 'ROAD RUNNER FREIGHT', dot_number: 810001 }),
      carrier({ legal_name: 'QUIET HAULERS', dot_number: 810002 }),
    ]);
    list = await seedWatchlist(db, 'feed@broker.example', 'Flatbed <partners>', [810001]);
    other = await seedWatchlist(db, 'other@broker.example', 'Other', [810002]);
    await revokeAuthority(db, 810001, '2026-11-02');
    await revokeAuthority(db, 810002, '2026-11-02', 'MC200002 common');
    await computeAlerts({
      db,
      dialect: testDialect,
      appUrl: APP_URL,
      now: () => new Date('2026-11-02T08:00:00Z'),
    });
  });
  afterAll(async () => app.close());

  const get = (url: string) => app.fastify.inject({ method: 'GET', url });

  it('serves a list its alerts as valid Atom at a secret URL, and nothing once revoked', async () => {
    const { url } = await app.services.alerts.regenerateFeed(list.accountId, list.watchlistId);
    expect(url).toMatch(new RegExp(`^${APP_URL}/alerts/feeds/[\\w-]{32}$`));
    const path = new URL(url).pathname;
    const response = await get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(response.body)).toBe(true);
    const { feed } = new XMLParser({ ignoreAttributes: false }).parse(response.body) as {
      feed: {
        '@_xmlns': string;
        title: string;
        entry: { title: { '#text': string }; link: { '@_href': string } };
      };
    };
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title).toBe('CarrierPage alerts: Flatbed <partners>');
    // One entry: the other account's carrier is not on this list.
    expect(feed.entry.title['#text']).toBe(
      'Alert: ROAD RUNNER FREIGHT (USDOT 810001): Authority revoked: MC100001 common',
    );
    expect(feed.entry.link['@_href']).toBe(`${APP_URL}/profile/810001`);

    const { url: renewed } = await app.services.alerts.regenerateFeed(list.accountId, list.watchlistId);
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(new URL(renewed).pathname)).statusCode).toBe(200);
    await app.services.alerts.revokeFeed(list.accountId, list.watchlistId);
    const revoked = await get(new URL(renewed).pathname);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({
      detail: 'No feed at this address: it was revoked or never existed',
      code: 'not_found',
    });
  });

  it("refuses a feed for another account's list", async () => {
    await expect(app.services.alerts.regenerateFeed(list.accountId, other.watchlistId)).rejects.toMatchObject(
      {
        code: 'not_found',
        detail: 'No such watchlist in your account',
      },
    );
  });

  it('unsubscribes with the one-click POST of the e-mail header, without a session', async () => {
    const [mail] = await app.database.db
      .selectFrom('mail_queue')
      .select(['to_address', 'headers'])
      .where('to_address', '=', 'feed@broker.example')
      .execute();
    const header = (JSON.parse(mail!.headers!) as Record<string, string>)['List-Unsubscribe']!;
    const target = new URL(header.slice(1, -1));
    expect(target.searchParams.get('email')).toBe('severe');
    const response = await app.fastify.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: 'severe' });
    expect(await app.services.alerts.settings(list.accountId)).toEqual({
      severe_email: false,
      digest_email: true,
    });

    // The page's button comes back to the page.
    const digest = await app.fastify.inject({
      method: 'POST',
      url: `${target.pathname}?email=digest`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'from=page',
    });
    expect(digest.statusCode).toBe(303);
    expect(digest.headers.location).toBe(`${target.pathname}?email=digest&done=1`);
    expect(await app.services.alerts.settings(list.accountId)).toEqual({
      severe_email: false,
      digest_email: false,
    });
  });

  it('refuses an unknown token and a link that names no e-mail', async () => {
    const unknown = await app.fastify.inject({
      method: 'POST',
      url: '/alerts/unsubscribe/not-a-token?email=severe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'This unsubscribe link is not valid', code: 'not_found' });
    const noKind = await app.fastify.inject({
      method: 'POST',
      url: '/alerts/unsubscribe/not-a-token?email=weekly',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json()).toEqual({
      detail: 'The unsubscribe link names no e-mail: ?email=severe or ?email=digest',
      code: 'invalid',
    });
  });
});
