import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { computeAlerts } from '../../server/domains/alerts/compute.ts';
import { createAlertsService } from '../../server/domains/alerts/service.ts';
import { systemResolver } from '../../server/domains/alerts/webhook-address.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import { seedWatchlist } from '../support/watchers.ts';
import { expectAccessible, latestLinkTo } from './fixtures.ts';

const WATCHER = 'alerts-e2e@broker.example';
let feedPath = '';

// One worker: the data below is made once for the file's tests.
test.describe.configure({ mode: 'serial' });

// A watcher's list of two carriers no other test looks at (BUCKEYE HAULING 112 and 113), a day on
// which one loses its authority and the other's phone changes, and the alerts computed as the sync
// does after an import; the server's mail worker sends them to the outbox.
test.beforeAll(async ({ baseURL }) => {
  const db = openDatabase({ dialect: 'sqlite', filename: path.join(E2E_DATA_DIR, 'app.db') });
  try {
    const list = await seedWatchlist(db, WATCHER, 'Buckeye lanes', [882112, 882113]);
    const day = new Date().toISOString().slice(0, 10);
    const base = { firstSeenOn: day, effectiveOn: day, valueBefore: null, valueAfter: null };
    await insertHistoryEvents(db, [
      {
        ...base,
        dotNumber: 882112,
        kind: 'authority',
        event: 'revoked',
        subject: 'MC882112 common',
        source: 'sn3k-dnx7',
      },
      {
        ...base,
        dotNumber: 882113,
        kind: 'record',
        event: 'changed',
        subject: 'phone',
        valueBefore: '6145550113',
        valueAfter: '6145550999',
        source: 'az4n-8mr2',
      },
    ]);
    await computeAlerts({ db, dialect: 'sqlite', appUrl: baseURL! });
    const alerts = createAlertsService({
      db,
      appUrl: baseURL!,
      addresses: { resolve: systemResolver, allowLoopback: false },
      clock: () => new Date(),
    });
    feedPath = new URL((await alerts.regenerateFeed(list.accountId, list.watchlistId)).url).pathname;
  } finally {
    await db.destroy();
  }
});

test('the alert and the digest reach the outbox with one-click unsubscribe headers and carrier links', async ({
  page,
}) => {
  const alert = page.locator('.outbox > li', { hasText: 'Alert: BUCKEYE HAULING 112 (USDOT 882112)' });
  // The mail worker polls every few seconds.
  await expect(async () => {
    await page.goto('/outbox');
    await expect(alert).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(alert).toContainText(`To ${WATCHER}`);
  await expect(alert).toContainText('Authority revoked: MC882112 common');
  await expect(alert.locator('dt', { hasText: 'List-Unsubscribe-Post' })).toBeVisible();
  await expect(alert.locator('dd', { hasText: 'List-Unsubscribe=One-Click' })).toBeVisible();
  await expect(
    alert.locator('dd', { hasText: /^<http:\/\/127\.0\.0\.1:\d+\/alerts\/unsubscribe\/.+\?email=severe>$/ }),
  ).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Open link' }).first()).toHaveAttribute(
    'href',
    /\/profile\/882112$/,
  );

  const digest = page.locator('.outbox > li', {
    hasText: 'Your daily digest: changes to 1 carrier you watch',
  });
  await expect(digest).toContainText('Phone changed from 6145550113 to 6145550999');
  await expect(digest).not.toContainText('Authority revoked');
  await expectAccessible(page);
});

test('the unsubscribe link opens a page whose button turns the digest off', async ({ page }) => {
  await page.goto('/outbox');
  const digest = page.locator('.outbox > li', {
    hasText: 'Your daily digest: changes to 1 carrier you watch',
  });
  await expect(digest).toBeVisible({ timeout: 15_000 });
  const unsubscribe = await digest
    .getByRole('link', { name: 'Open link' })
    .evaluateAll((links) =>
      links
        .map((link) => link.getAttribute('href') ?? '')
        .find((href) => href.includes('/alerts/unsubscribe/')),
    );
  await page.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from daily digests');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Done: you are unsubscribed. No more daily digests are sent for this account; you can turn them on again in your alert settings.',
  );
  await expectAccessible(page);
});

test("the list's feed is Atom with the alerts of its carriers", async ({ request }) => {
  const response = await request.get(feedPath);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const body = await response.text();
  expect(body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  expect(body).toContain('BUCKEYE HAULING 112 (USDOT 882112): Authority revoked: MC882112 common');
  expect(body).toContain('BUCKEYE HAULING 113 (USDOT 882113): Phone changed from 6145550113 to 6145550999');
  expect((await request.get(`${feedPath}x`)).status()).toBe(404);
});

/** Signs a watcher up through the e-mailed link, read from the outbox. */
async function signInWatcher(page: Page, email: string): Promise<void> {
  await page.goto('/watch/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
  await page.goto(await latestLinkTo(page, email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
}

test('a watcher sets up a feed and a webhook; the alert arrives signed and the delivery log shows it', async ({
  page,
  baseURL,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const email = 'alerts-hooks@broker.example';
  const db = openDatabase({ dialect: 'sqlite', filename: path.join(E2E_DATA_DIR, 'app.db') });
  try {
    await signInWatcher(page, email);
    await seedWatchlist(db, email, 'Hooked lanes', [882110]);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Alert settings' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alert settings');
    await expectAccessible(page);

    await page.getByLabel('A daily digest of every other change').uncheck();
    await page.getByRole('button', { name: 'Save E-mail Settings' }).click();
    await expect(page.getByRole('status')).toHaveText('E-mail settings saved.');

    await page.getByLabel('Endpoint URL').fill('https://10.0.0.8/hook');
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The webhook URL must reach a public internet address; 10.0.0.8 is 10.0.0.8, a private, loopback, link-local or reserved address',
    );
    await page.getByLabel('Endpoint URL').fill(hook);
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Make Feed for Hooked lanes' }).click();
    const feedUrl = (await page.getByTestId('feed-url').textContent()) ?? '';
    expect(feedUrl).toMatch(new RegExp(`^${baseURL}/alerts/feeds/`));
    await expectAccessible(page);

    const day = new Date().toISOString().slice(0, 10);
    await insertHistoryEvents(db, [
      {
        dotNumber: 882110,
        kind: 'insurance',
        event: 'cancellation_pending',
        subject: 'BI&PD policy H-110',
        valueBefore: null,
        valueAfter: null,
        effectiveOn: day,
        firstSeenOn: day,
        source: 'qh9u-swkp',
      },
    ]);
    await computeAlerts({ db, dialect: 'sqlite', appUrl: baseURL! });
    // The server's webhook worker polls every few seconds.
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const payload = new Webhook(secret).verify(
      received[0]!.body,
      received[0]!.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({
      type: 'carrier.alert',
      data: {
        dot_number: 882110,
        severity: 'severe',
        text: 'Insurance cancellation pending: BI&PD policy H-110',
      },
    });

    await page.reload();
    const row = page.getByRole('row', { name: /BUCKEYE HAULING 110/ });
    await expect(row).toContainText('Insurance cancellation pending: BI&PD policy H-110');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Delivered');
    await expect(row.getByRole('cell').nth(4)).toHaveText('200');
    await expectAccessible(page);

    expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(200);
    await page.getByRole('button', { name: 'Revoke the feed of Hooked lanes' }).click();
    await expect(page.getByRole('cell', { name: 'None' })).toBeVisible();
    expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(404);
  } finally {
    await db.destroy();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
