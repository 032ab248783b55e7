import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, withVerifiedSession } from './fixtures.ts';

// The capacity board in the Content Blocks tab, with a real session of PRAIRIE CAPACITY CARRIER
// (880024), whose profile has a Capacity Board block; the load failure uses PRAIRIE BOARD OUTAGE
// (880026), so that the two tests, which may run at once, never share a board.

/** A day `offset` days from today, as the date input takes it and as the board shows it. */
function day(offset: number) {
  const date = new Date(Date.now() + offset * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
  return { iso, shown };
}

function notice(page: Page, text: string) {
  return page.locator('.profile-editor__notice').getByText(text, { exact: true });
}

test('the owner adds, edits and deletes capacity entries and the public board follows', async ({
  page,
  consoleErrors,
}) => {
  await withVerifiedSession(page, 'owner@880024.example.com');
  await page.goto('/profile/880024/edit');
  const manager = page.locator('section.capacity-manager');
  await expect(manager).toContainText('No capacity entries found.');
  await expectAccessible(page);

  const date = manager.getByLabel(/^Date/);
  await expect(date).toHaveAttribute('min', new Date().toISOString().slice(0, 10));

  // Required fields.
  await manager.getByRole('button', { name: 'Add Entry' }).click();
  await expect(manager.getByRole('alert')).toHaveText('Please fill in all required fields');

  // With a date; destination is optional when adding.
  const soon = day(5);
  await date.fill(soon.iso);
  await manager.getByLabel('Trailer').fill('Reefer');
  await manager.getByLabel('Origin').fill('Omaha, NE');
  await manager.getByRole('button', { name: 'Add Entry' }).click();
  await expect(notice(page, 'Capacity entry added successfully!')).toBeVisible();
  const rows = manager.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(soon.shown);

  // Anytime: the date field is disabled and the entry reads 'Anytime'.
  await manager.getByLabel('Available Anytime').check();
  await expect(date).toBeDisabled();
  await manager.getByLabel('Trailer').fill('Flatbed');
  await manager.getByLabel('Origin').fill('Lincoln, NE');
  await manager.getByLabel('Destination').fill('Denver, CO');
  await manager.getByRole('button', { name: 'Add Entry' }).click();
  await expect(notice(page, 'Capacity entry added successfully!')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Anytime');
  await expect(date).toBeEnabled();

  // Edit: the destination is required for an update.
  await manager.getByRole('button', { name: `Edit Reefer from Omaha, NE, ${soon.shown}` }).click();
  await expect(manager.getByRole('heading', { name: 'Edit Capacity Entry' })).toBeVisible();
  await expect(manager.getByLabel('Trailer')).toHaveValue('Reefer');
  await expectAccessible(page);
  await manager.getByRole('button', { name: 'Update Entry' }).click();
  await expect(manager.getByRole('alert')).toHaveText('Please fill in all required fields');
  await manager.getByLabel('Destination').fill('Kansas City, MO');
  await manager.getByRole('button', { name: 'Update Entry' }).click();
  await expect(notice(page, 'Capacity entry updated successfully!')).toBeVisible();
  await expect(rows.first()).toContainText('Kansas City, MO');
  await expect(manager.getByRole('heading', { name: 'Add Capacity Entry' })).toBeVisible();

  // The editor's preview of the Capacity Board block shows the change.
  const block = page.locator('.block-list__item', { hasText: 'Capacity Board' }).locator('.block-preview');
  await expect(block).toContainText('Kansas City, MO');

  // Delete after confirmation.
  await manager.getByRole('button', { name: 'Delete Flatbed from Lincoln, NE, Anytime' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this capacity entry?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete entry' }).click();
  await expect(notice(page, 'Capacity entry deleted successfully!')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The public profile's capacity block.
  const publicPage = await page.context().newPage();
  await publicPage.goto('/profile/880024');
  const table = publicPage.locator('.capacity-table');
  await expect(table).toContainText('Kansas City, MO');
  await expect(table).toContainText(soon.shown);
  await expect(table).not.toContainText('Flatbed');
  await publicPage.close();

  // A past date is refused by the server, whose reason is shown.
  await date.fill(day(-2).iso);
  await manager.getByLabel('Trailer').fill('Dry Van');
  await manager.getByLabel('Origin').fill('Omaha, NE');
  await manager.getByRole('button', { name: 'Add Entry' }).click();
  await expect(notice(page, 'Error: date: the date cannot be in the past')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect(consoleErrors.filter((message) => !/status of 400/.test(message))).toEqual([]);
  consoleErrors.splice(0);
});

test('a capacity board that cannot be loaded says so', async ({ page, consoleErrors }) => {
  await withVerifiedSession(page, 'owner@880026.example.com');
  await page.route('**/api/v1/capacity', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Database down', code: 'internal' } }),
  );
  await page.goto('/profile/880026/edit');
  await expect(page.locator('section.capacity-manager').getByRole('alert')).toHaveText(
    'Failed to load capacity data. Please try again later.',
  );
  expect(consoleErrors.filter((message) => !/status of 500/.test(message))).toEqual([]);
  consoleErrors.splice(0);
});
