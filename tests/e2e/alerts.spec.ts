import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { computeAlerts } from '../../server/domains/alerts/compute.ts';
import { createAlertsService } from '../../server/domains/alerts/service.ts';
import { systemResolver } from '../../server/domains/alerts/webhook-address.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import { seedWatchlist } from '../support/watchers.ts';
import { expectAccessible } from './fixtures.ts';

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
