import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, latestLinkTo, test } from './fixtures.ts';

/** Signs a watcher up (or in) through the e-mailed link, read from the outbox. */
async function signInWatcher(page: Page, email: string): Promise<void> {
  await page.goto('/watch/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch carriers');
  await expectAccessible(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If ${email} can receive mail, a sign-in link is on its way. It works once and expires in 15 minutes.`,
  );
  const link = await latestLinkTo(page, email);
  expect(link).toMatch(/^\/watch\/verify\/[A-Za-z0-9_-]+$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
  await expectAccessible(page);
}

/** The watchlist table's rows as their cell texts, without the Remove button's cell. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.locator('.watchlist-table tbody tr');
  return rows.evaluateAll((elements) =>
    elements.map((row) =>
      [...row.querySelectorAll('td')].slice(0, 5).map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
}

test('a visitor signs up by e-mailed link and watches a carrier from its profile and from a search result', async ({
  page,
}) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/watch\/sign-in$/);
  await signInWatcher(page, 'broker.one@example.com');
  await page.getByRole('link', { name: 'Go to Your Watchlists' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your watchlists');
  await expect(page.getByText('No watchlists yet.')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/profile/889001');
  await page.getByRole('link', { name: 'Watch SILVER STATE FREIGHT LLC' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch DOT 889001');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('status')).toHaveText('DOT 889001 was added to My carriers.');
  await expectAccessible(page);

  await page.goto('/search?q=sagebrush');
  await page.getByRole('link', { name: 'Watch SAGEBRUSH HAULING INC' }).first().click();
  await expect(page.getByLabel('Watchlist', { exact: true }).locator('option:checked')).toHaveText(
    'My carriers',
  );
  await page.getByRole('button', { name: 'Add to Watchlist' }).click();
  await expect(page.getByRole('status')).toHaveText('DOT 889002 was added to My carriers.');
  await page.getByRole('link', { name: 'Open My carriers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My carriers');
  expect(await tableRows(page)).toEqual([
    ['SAGEBRUSH HAULING INC', 'DOT 889002MC-990002', 'Authorized for hire', 'None', 'Cancellation pending'],
    [
      'SILVER STATE FREIGHT LLC',
      'DOT 889001MC-990001',
      'Authorized for hire',
      'Many power units, no inspection in 24 months',
      'On file',
    ],
  ]);
  await expectAccessible(page);
});

test('bulk add with bad lines reports them by line; the list sorts, filters and exports CSV', async ({
  page,
}, testInfo) => {
  await signInWatcher(page, 'broker.two@example.com');
  await page.goto('/account');
  await page.getByLabel('New watchlist name').fill('Nevada carriers');
  await page.getByRole('button', { name: 'Create Watchlist' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nevada carriers');

  await page.getByLabel('DOT or MC numbers, one a line').fill('889001\nnot a number\nMC-990003\nDOT 9999999');
  await page.getByRole('button', { name: 'Add Numbers' }).click();
  const outcome = page.locator('.alert[role="status"]');
  await expect(outcome.locator('p')).toHaveText('Added 2 carriers. 2 lines were not used:');
  await expect(outcome.getByRole('listitem')).toHaveText([
    'Line 2: not a number (not a DOT or MC number)',
    'Line 4: DOT 9999999 (no carrier with this number)',
  ]);
  await expectAccessible(page);

  const csv = testInfo.outputPath('carriers.csv');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(csv, 'dot_number,name\n889007,Ruby\n889001,Silver again\nbanana,Nope\n');
  await page.getByLabel('Or a CSV file (the number in the first column)').setInputFiles(csv);
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await expect(outcome.locator('p')).toHaveText(
    'Added 1 carrier. 1 already on the list. 1 line was not used:',
  );
  await expect(outcome.getByRole('listitem')).toHaveText(['Line 4: banana,Nope (not a DOT or MC number)']);
  await expect(page.getByText('3 carriers shown. Page 1 of 1.')).toBeVisible();

  await page.getByRole('link', { name: 'Carrier ▲' }).click();
  await expect(page.getByRole('columnheader', { name: 'Carrier ▼' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect((await tableRows(page)).map((row) => row[0])).toEqual([
    'SILVER STATE FREIGHT LLC',
    'RUBY MOUNTAIN TRANSPORT LLC',
    'DESERT WIND CARRIERS',
  ]);
  await page.getByLabel('Verdict').selectOption('Authorized for hire');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/verdict=Authorized\+for\+hire/);
  expect(await tableRows(page)).toEqual([
    [
      'SILVER STATE FREIGHT LLC',
      'DOT 889001MC-990001',
      'Authorized for hire',
      'Many power units, no inspection in 24 months',
      'On file',
    ],
  ]);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8').split('\r\n').slice(0, 2)).toEqual([
    'dot_number,mc_number,name,verdict,signals,insurance,last_change,last_change_on,added_on',
    expect.stringMatching(
      /^889001,MC-990001,SILVER STATE FREIGHT LLC,Authorized for hire,"Many power units, no inspection in 24 months",On file,/,
    ),
  ]);
});

test('an API key is made on the account page, shown once, works as a Bearer, and is revoked; then the account is deleted', async ({
  page,
  request,
}) => {
  await signInWatcher(page, 'broker.three@example.com');
  await page.goto('/account');
  await page.getByLabel('New key name').fill('TMS');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
  expect(key).toMatch(/^cpk_/);
  await expect(page.getByRole('cell', { name: 'TMS', exact: true })).toBeVisible();
  await expectAccessible(page);

  const lookup = await request.post('/api/v1/lookup', {
    headers: { Authorization: `Bearer ${key}` },
    data: { numbers: ['889003', 'MC-990001', '1'] },
  });
  expect(lookup.status()).toBe(200);
  const { results } = (await lookup.json()) as {
    results: { status: string; carrier: { name: string; verdict: { headline: string } } | null }[];
  };
  expect(
    results.map((result) => [result.status, result.carrier?.name, result.carrier?.verdict.headline]),
  ).toEqual([
    ['found', 'DESERT WIND CARRIERS', 'Not authorized for hire'],
    ['found', 'SILVER STATE FREIGHT LLC', 'Authorized for hire'],
    ['not_found', undefined, undefined],
  ]);
  const made = await request.post('/api/v1/watchlists', {
    headers: { Authorization: `Bearer ${key}` },
    data: { name: 'From my TMS' },
  });
  expect(made.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('link', { name: 'From my TMS' })).toBeVisible();
  // Reloaded: the key is not shown again.
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke key TMS' }).click();
  await expect(page.getByRole('cell', { name: /^Revoked / })).toBeVisible();
  const refused = await request.post('/api/v1/lookup', {
    headers: { Authorization: `Bearer ${key}` },
    data: { numbers: ['889001'] },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    detail: 'Session or API key expired, revoked or invalid',
    code: 'unauthenticated',
  });

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your watcher account?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/watch\/sign-in$/);
});

test('the API reference lists the operations and links the OpenAPI document', async ({ page, request }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Reference');
  await expect(page.getByRole('cell', { name: '/api/v1/lookup', exact: true })).toBeVisible();
  await expectAccessible(page);
  const document = await request.get('/api/openapi.json');
  expect(document.status()).toBe(200);
  const body = (await document.json()) as { openapi: string; paths: Record<string, object> };
  expect(body.openapi).toBe('3.1.0');
  expect(Object.keys(body.paths)).toContain('/api/v1/watchlists/{id}/carriers');
});

test('the watchlist shows a carrier’s risk signals with the rules’ link, and filters on them', async ({
  page,
}) => {
  await signInWatcher(page, 'broker.four@example.com');
  await page.goto('/account');
  await page.getByLabel('New watchlist name').fill('Signals');
  await page.getByRole('button', { name: 'Create Watchlist' }).click();
  await page.getByLabel('DOT or MC numbers, one a line').fill('880001\n889002');
  await page.getByRole('button', { name: 'Add Numbers' }).click();
  await expect(page.getByText('2 carriers shown. Page 1 of 1.')).toBeVisible();
  const signalled = page.locator('.watchlist-table tbody tr').filter({ hasText: 'DOT 880001' });
  await expect(signalled.locator('td').nth(3)).toHaveText(
    'Shares contact details with carriers that are out of service, revoked or inactive',
  );
  await expect(page.getByRole('columnheader', { name: 'Signals (the rules)' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Risk signals').selectOption('With risk signals');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/signals=with/);
  await expect(page.getByText('1 carrier shown. Page 1 of 1.')).toBeVisible();
  await signalled
    .getByRole('link', {
      name: 'Shares contact details with carriers that are out of service, revoked or inactive',
    })
    .click();
  await expect(page).toHaveURL(/\/resources\/risk-signals$/);
});
