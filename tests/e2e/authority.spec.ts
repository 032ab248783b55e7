import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

// Issue 18: the verdict and the Authority & Insurance block on profiles, and the L&I search filters.
// The carriers are the Reno, NV ones of tests/e2e/fixtures/li, imported by the real importer.

const verdict = (page: Page) => page.getByRole('region', { name: 'Authority verdict' });
const panel = (page: Page) => page.locator('.profile-block').filter({ hasText: 'Authority & Insurance' });
/** The cells of a table's body rows, row by row. */
async function rows(page: Page, caption: string): Promise<string[][]> {
  const table = panel(page)
    .locator('table')
    .filter({ has: page.locator('caption', { hasText: caption }) });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

test('an authorized carrier: the verdict, its authority, BI&PD required versus on file, its insurance', async ({
  page,
}) => {
  await page.goto('/profile/889001');
  await expect(verdict(page)).toHaveText('Authorized for hire');
  await expect(verdict(page).getByRole('listitem')).toHaveCount(0);
  await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText('Authority & Insurance');
  expect(await rows(page, 'Operating authority')).toEqual([
    ['Common', 'MC-990001', 'Active', 'Granted March 1, 2012'],
  ]);
  await expect(panel(page).locator('.authority-panel__bipd')).toHaveText(
    'BI&PD required: $750,000 · on file: $1,000,000',
  );
  expect(await rows(page, 'Insurance on file')).toEqual([
    ['BI&PD primary', 'GREAT WEST CASUALTY COMPANY', 'GWC-100200', '$1,000,000', 'January 15, 2024', '—'],
    ['Cargo', 'GREAT WEST CASUALTY COMPANY', 'GWC-100201', '—', 'January 15, 2024', '—'],
  ]);
  const headers = panel(page).locator('table').first().getByRole('columnheader');
  await expect(headers).toHaveText(['Authority', 'Docket', 'Status', 'Dates']);
  await expectAccessible(page);
});

test('a pending cancellation keeps the carrier authorized, with the date as the reason', async ({ page }) => {
  await page.goto('/profile/889002');
  await expect(verdict(page).locator('.verdict__headline')).toHaveText('Authorized for hire');
  await expect(verdict(page).getByRole('listitem')).toHaveText([
    'Insurance cancellation pending June 30, 2099',
  ]);
  expect(await rows(page, 'Insurance on file')).toEqual([
    [
      'BI&PD primary',
      'PROGRESSIVE COUNTY MUTUAL',
      'PCM-55501',
      '$750,000',
      'February 1, 2025',
      'Cancellation pending June 30, 2099',
    ],
  ]);
  await expectAccessible(page);
});

test('a revoked carrier: not authorized, the revocation with its serve and effective dates', async ({
  page,
}) => {
  await page.goto('/profile/889003');
  await expect(verdict(page).locator('.verdict__headline')).toHaveText('Not authorized for hire');
  await expect(verdict(page).getByRole('listitem')).toHaveText(['Authority revoked July 26, 2024']);
  expect(await rows(page, 'Operating authority')).toEqual([
    ['Common', 'MC-990003', 'Revoked', 'Granted May 10, 2015; Revoked July 26, 2024'],
  ]);
  await expect(panel(page).locator('.authority-panel__bipd')).toHaveText(
    'BI&PD required: $750,000 · on file: None',
  );
  await expect(panel(page)).toContainText('No insurance filings on file.');
  expect(await rows(page, 'Revocations')).toEqual([
    ['Common', 'MC-990003', 'INVOLUNTARY REVOCATION', 'June 26, 2024', 'July 26, 2024'],
  ]);
  await expectAccessible(page);
});

test('carriers without dockets hold no for-hire authority: never called inactive', async ({ page }) => {
  // Intrastate: needs none.
  await page.goto('/profile/889004');
  await expect(verdict(page).locator('.verdict__headline')).toHaveText('No for-hire authority needed');
  await expect(verdict(page).getByRole('listitem')).toHaveText([
    'No for-hire authority on file',
    'Intrastate carriers need no interstate operating authority',
  ]);
  await expect(panel(page)).toContainText('No for-hire authority on file');
  await expect(panel(page)).toContainText('need no for-hire operating authority');
  await expect(panel(page)).not.toContainText('Inactive');
  await expect(panel(page).locator('table')).toHaveCount(0);
  await expectAccessible(page);

  // Interstate private fleet: not authorized for hire, and the panel says why it may need none.
  await page.goto('/profile/889006');
  await expect(verdict(page).locator('.verdict__headline')).toHaveText('Not authorized for hire');
  await expect(verdict(page).getByRole('listitem')).toHaveText(['No for-hire authority on file']);
  await expect(panel(page)).toContainText('Private carriers, which haul only their own goods');
  await expectAccessible(page);
});

test('the search page filters to carriers authorized for hire and with insurance on file', async ({
  page,
}) => {
  await page.goto('/search?q=reno');
  await expect(page.getByRole('status')).toHaveText('Found 6 results. Page 1 of 1');
  const filters = page.getByRole('group', { name: 'Authority & Insurance' });
  await filters.getByRole('checkbox', { name: 'Authorized for hire' }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\/search\?q=reno&authorizedOnly=true$/);
  await expect(page.getByRole('status')).toHaveText('Found 3 results. Page 1 of 1');
  const results = page.locator('table.results-table tbody');
  await expect(results.locator('tr')).toHaveCount(3);
  for (const name of ['SILVER STATE FREIGHT LLC', 'SAGEBRUSH HAULING INC', 'HIGH DESERT BROKERAGE']) {
    await expect(results).toContainText(name);
  }
  await expect(filters.getByRole('checkbox', { name: 'Authorized for hire' })).toBeChecked();
  await expectAccessible(page);

  // Insurance on file alone: the same three (the revoked carrier's insurance is gone).
  await page.goto('/search?q=reno&insuredOnly=true');
  await expect(page.getByRole('status')).toHaveText('Found 3 results. Page 1 of 1');
  await expect(
    page
      .getByRole('group', { name: 'Authority & Insurance' })
      .getByRole('checkbox', { name: 'Insurance on file' }),
  ).toBeChecked();
});

test('a city page filters to carriers authorized for hire', async ({ page }) => {
  await page.goto('/trucking-companies/reno-nv');
  await expect(page.getByRole('status')).toHaveText('6 companies');
  await page
    .getByRole('group', { name: 'Authority & Insurance' })
    .getByRole('checkbox', { name: 'Authorized for hire' })
    .check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/trucking-companies\/reno-nv\?authorizedOnly=true$/);
  await expect(page.getByRole('status')).toHaveText('3 companies');
  await expect(page.locator('.company-cards > li h2')).toHaveText([
    'SILVER STATE FREIGHT LLC',
    'SAGEBRUSH HAULING INC',
    'HIGH DESERT BROKERAGE',
  ]);
  await expectAccessible(page);
});

test('an out-of-service order in force: the verdict says so with its date and reason, the panel lists the orders', async ({
  page,
}) => {
  // Insured and holding active authority, yet under an order since October 6, 2026.
  await page.goto('/profile/889007');
  await expect(verdict(page).locator('.verdict__headline')).toHaveText('Out of service');
  await expect(verdict(page).getByRole('listitem')).toHaveText([
    'Out-of-service order October 6, 2026: IMMINENT HAZARD',
  ]);
  expect(await rows(page, 'Out-of-service orders')).toEqual([
    ['October 6, 2026', 'IMMINENT HAZARD', 'Out of service', '—'],
    ['February 10, 2025', 'FAILURE TO PAY CIVIL PENALTY', 'Rescinded', 'March 3, 2025'],
  ]);
  expect(await rows(page, 'Operating authority')).toEqual([
    ['Common', 'MC-990007', 'Active', 'Granted April 1, 2019'],
  ]);
  await expect(panel(page).locator('.authority-panel__sources')).toContainText('Legacy L&I as of ');
  await expect(panel(page).locator('.authority-panel__sources')).toContainText(
    'Out-of-service orders as of ',
  );
  await expectAccessible(page);
});
