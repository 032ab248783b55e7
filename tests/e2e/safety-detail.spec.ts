import { expect, expectAccessible, test } from './fixtures.ts';

// ACME FREIGHT 24 (881024) has 12 SMS inspections with violations and two crashes
// (tests/e2e/fixtures/write-activity.ts), loaded by the importer from the SMS files.

test('the safety block lists the violations per BASIC, the inspections with their violations and the crashes', async ({
  page,
}) => {
  await page.goto('/profile/881024');
  const block = page.locator('.safety');
  await expect(block.getByText('National average 22.26% (SAFER, November 22, 2026)')).toBeVisible();
  await expect(block.getByText('National average 6.67% (SAFER, November 22, 2026)')).toBeVisible();

  // The fixture file's name has no date: it describes the day it was imported.
  const importDay = new Date().toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(block.getByText(`FMCSA SMS violations through ${importDay}.`)).toBeVisible();

  const basics = block.locator('table').first();
  await expect(basics.getByRole('row')).toHaveText([
    'BASIC categoryViolationsOut of service',
    'Vehicle Maint.21',
    'HOS Compliance11',
    'Unsafe Driving10',
  ]);

  const inspections = block.locator('table').nth(1);
  // Ten of twelve on the first page, newest first: level I in TX with two violations, one out of service.
  await expect(inspections.locator('tbody tr')).toHaveCount(10);
  const newest = inspections.locator('tbody tr').first();
  await expect(newest.locator('td').nth(1)).toHaveText('TX');
  await expect(newest.locator('td').nth(2)).toHaveText('I');
  await expect(newest.getByRole('listitem')).toHaveText([
    '393.9A1 Inoperable Required Lamp · Vehicle Maint.',
    '396.3A1BOS Brakes out of adjustment · Vehicle Maint. · Out of service',
  ]);
  await expect(newest.locator('td').nth(4)).toHaveText('Yes');
  await expect(inspections.locator('tbody tr').nth(2).locator('td').nth(3)).toHaveText('None');

  const crashes = block.locator('table').nth(2);
  await expect(crashes.locator('tbody tr')).toHaveCount(2);
  await expect(crashes.locator('tbody tr').first().locator('td').nth(1)).toHaveText('IL');
  await expect(crashes.locator('tbody tr').nth(1).locator('td').nth(2)).toHaveText('1');
  await expectAccessible(page);

  // The second page by its link, without JavaScript on the page: the two oldest inspections.
  await block
    .getByRole('navigation', { name: 'Inspection pages' })
    .getByRole('link', { name: 'Next' })
    .click();
  await expect(page).toHaveURL(/\/profile\/881024\?inspections=2&crashes=1#safety-inspections$/);
  const secondPage = page.locator('.safety table').nth(1).locator('tbody tr');
  await expect(secondPage).toHaveCount(2);
  await expect(secondPage.last().getByRole('listitem')).toHaveText([
    '392.2C Failure to obey traffic control device · Unsafe Driving',
  ]);
  await expect(page.getByRole('navigation', { name: 'Inspection pages' }).getByText('2')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectAccessible(page);
});

test('the carrier-data API answers the same inspections with their violations', async ({ request }) => {
  const response = await request.get(
    '/carrier-data/api/v1/company/881024/inspections?sinceMonths=24&perPage=1',
  );
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ page: 1, per_page: 1, total: 12 });
  expect(body.data[0].violations.map((violation: { viol_code: string }) => violation.viol_code)).toEqual([
    '393.9A1',
    '396.3A1BOS',
  ]);
  const badPage = await request.get('/carrier-data/api/v1/company/881024/crashes?page=0');
  expect(badPage.status()).toBe(400);
  expect(await badPage.json()).toEqual({
    detail: 'page: must be a whole number from 1 to 100,000',
    code: 'invalid',
  });
});
