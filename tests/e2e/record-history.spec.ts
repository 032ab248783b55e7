import { formatLongIsoDay } from '../../core/format.ts';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

const block = (page: Page) =>
  page.locator('.profile-block').filter({ has: page.getByRole('heading', { name: 'Record history' }) });
/** The fixtures are imported on the day the server starts: the record history starts there. */
const importDay = () => formatLongIsoDay(new Date().toISOString().slice(0, 10));

test('the Record history block lists the changes a later census brought, newest first', async ({ page }) => {
  await page.goto('/profile/882115');
  const history = block(page);
  await expect(history.getByRole('heading', { level: 2 })).toHaveText('Record history');
  await expect(history.locator('.record-history__contact')).toHaveText(
    'Contact details unchanged since October 15, 2026',
  );
  const table = history.getByRole('table', { name: 'Changes to the FMCSA record, newest first' });
  await expect(table.getByRole('row')).toHaveText([
    'DateWhat changedBeforeAfter',
    'October 15, 2026E-mail on the FMCSA record changed——',
    'October 15, 2026Physical address1 HIGH ST, COLUMBUS, OH 43215, US77 BROAD ST, COLUMBUS, OH 43215, US',
    'October 15, 2026Driversnone880',
    'October 15, 2026MCS-150 dateJanuary 1, 2025October 15, 2026',
    'October 1, 2026Safety ratingNot ratedSatisfactory',
  ]);
  // The e-mail address itself is never on the page.
  await expect(page.locator('body')).not.toContainText('buckeye115.example.com');
  await expect(history).toContainText('Showing 1–5 of 5 changes');
  await expectAccessible(page);
});

test('a carrier without changes says since when, at least, its record is as it is', async ({ page }) => {
  await page.goto('/profile/882114');
  const history = block(page);
  await expect(history.locator('.record-history__contact')).toHaveText(
    `Contact details unchanged since at least ${importDay()}`,
  );
  await expect(history).toContainText(`No changes recorded since at least ${importDay()}.`);
  await expect(history.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});
