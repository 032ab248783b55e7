import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, withVerifiedSession } from './fixtures.ts';

// Tall enough that every block of the fixtures is on screen for the mouse.
test.use({ viewport: { width: 1280, height: 1400 } });

/** The block titles of each row, as the grid editor or the public page lays them out. */
async function rowTitles(rows: Locator, title: string): Promise<string[][]> {
  const result: string[][] = [];
  for (const row of await rows.all()) result.push(await row.locator(title).allTextContents());
  return result;
}

/** Each block's share of its row's width, to two decimals. */
async function cellShares(rows: Locator): Promise<number[][]> {
  return rows.evaluateAll((elements) =>
    elements.map((row) => {
      const total = row.getBoundingClientRect().width;
      return [...row.children].map(
        (cell) => Math.round((cell.getBoundingClientRect().width / total) * 100) / 100,
      );
    }),
  );
}

async function openGridTab(page: Page, dot: number) {
  await withVerifiedSession(page, `owner@${dot}.example.com`);
  await page.goto(`/profile/${dot}/edit`);
  await page.getByRole('tab', { name: 'Grid Layout' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Grid Layout' });
  await expect(panel.getByRole('group', { name: 'About Our Company' })).toBeVisible();
  return panel;
}

const card = (panel: Locator, title: string) => panel.getByRole('group', { name: title });
const editorRows = (panel: Locator) => panel.locator('.grid-editor__rows > .block-row');

async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 10, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('the owner drags with the mouse, sets widths and row breaks, saves, and the public page matches', async ({
  page,
}) => {
  const panel = await openGridTab(page, 880040);
  const save = panel.getByRole('button', { name: /Save Layout|No Changes/ });
  await expect(save).toHaveText('No Changes');
  await expect(save).toBeDisabled();
  // Rows as the public page has them; the picture is in the header area, the hidden block outside.
  expect(await rowTitles(editorRows(panel), '.grid-card__title')).toEqual([
    ['About Our Company'],
    ['Safety Score', 'Fleet Information'],
    ['Lanes We Run'],
  ]);
  await expect(panel.getByRole('region', { name: 'Header area' })).toContainText('Profile Picture');
  await expect(panel).toContainText('Hidden blocks are not on the page and keep their place: Draft Notes.');
  await expectAccessible(page);

  await dragWithMouse(
    page,
    panel.getByRole('button', { name: 'Move Lanes We Run' }),
    panel.getByRole('button', { name: 'Move About Our Company' }),
  );
  await expect(panel.getByText('You have unsaved changes')).toBeVisible();
  await expect(save).toHaveText('Save Layout');
  await expect(save).toBeEnabled();
  expect(await rowTitles(editorRows(panel), '.grid-card__title')).toEqual([
    ['Lanes We Run', 'About Our Company'],
    ['Safety Score', 'Fleet Information'],
  ]);

  await card(panel, 'Lanes We Run').getByLabel('Width').selectOption({ label: 'Two-thirds (2/3)' });
  await card(panel, 'About Our Company').getByLabel('Width').selectOption({ label: 'One-third (1/3)' });
  await card(panel, 'Fleet Information').getByLabel('Start new row').check();
  await card(panel, 'Fleet Information').getByLabel('Width').selectOption({ label: 'Full' });
  const expectedRows = [['Lanes We Run', 'About Our Company'], ['Safety Score'], ['Fleet Information']];
  expect(await rowTitles(editorRows(panel), '.grid-card__title')).toEqual(expectedRows);
  const expectedShares = [[0.66, 0.33], [0.49], [1]];
  const editorShares = await cellShares(editorRows(panel));
  await expectAccessible(page);

  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Layout saved successfully!' })).toBeVisible();
  await expect(save).toHaveText('No Changes');
  await expect(save).toBeDisabled();
  await expect(panel.getByText('You have unsaved changes')).toHaveCount(0);

  const publicRows = page.locator('.profile .block-grid > .block-row');
  await page.goto('/profile/880040');
  expect(await rowTitles(publicRows, '.profile-block__title')).toEqual(expectedRows);
  const publicShares = await cellShares(publicRows);
  expect(publicShares).toEqual(editorShares);
  for (const [row, shares] of publicShares.entries()) {
    shares.forEach((share, index) => expect(share).toBeCloseTo(expectedShares[row]![index]!, 1));
  }

  // On a phone the same rows stack into one column, in the same order.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/profile/880040');
  expect(await rowTitles(publicRows, '.profile-block__title')).toEqual(expectedRows);
  expect(await cellShares(publicRows)).toEqual([[1, 1], [1], [1]]);
  await page.goto('/profile/880040/edit');
  await page.getByRole('tab', { name: 'Grid Layout' }).click();
  expect(await rowTitles(editorRows(panel), '.grid-card__title')).toEqual(expectedRows);
  expect(await cellShares(editorRows(panel))).toEqual([[1, 1], [1], [1]]);
});

test('the owner moves a block with the keyboard and hears where it goes', async ({ page }) => {
  const panel = await openGridTab(page, 880041);
  await panel.getByRole('button', { name: 'Move Fleet Information' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Fleet Information, at place 3 of 4.')).toBeAttached();
  // dnd-kit starts listening for the arrow keys in a setTimeout after the pick-up, which a loaded
  // machine may run after the announcement shows: one more task in the page runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Fleet Information is over Safety Score, place 2 of 4.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(
    page.getByText('Fleet Information was dropped at place 2 of 4. Save Layout to keep it.'),
  ).toBeAttached();
  expect(await rowTitles(editorRows(panel), '.grid-card__title')).toEqual([
    ['About Our Company', 'Fleet Information'],
    ['Safety Score'],
    ['Lanes We Run'],
  ]);
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Save Layout' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Layout saved successfully!' })).toBeVisible();

  await page.goto('/profile/880041');
  expect(await rowTitles(page.locator('.profile .block-grid > .block-row'), '.profile-block__title')).toEqual(
    [['About Our Company', 'Fleet Information'], ['Safety Score'], ['Lanes We Run']],
  );
});

test('leaving with unsaved layout changes asks first', async ({ page }) => {
  const panel = await openGridTab(page, 880042);
  await card(panel, 'Safety Score').getByLabel('Width').selectOption({ label: 'One-third (1/3)' });
  await expect(panel.getByText('You have unsaved changes')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Resources' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have unsaved changes.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile\/880042\/edit$/);
  await expect(card(panel, 'Safety Score').getByLabel('Width')).toHaveValue('one-third');

  // Reloading or closing the tab gets the browser's own prompt.
  const prompt = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const beforeUnload = await prompt;
  expect(beforeUnload.type()).toBe('beforeunload');
  await beforeUnload.accept();
});

test('in-app navigation goes ahead after the owner confirms leaving', async ({ page }) => {
  const panel = await openGridTab(page, 880042);
  await card(panel, 'Lanes We Run').getByLabel('Start new row').uncheck();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await expect(page).toHaveURL(/\/resources$/);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a long press on the handle picks a block up and a swipe moves it', async ({ page }) => {
    const panel = await openGridTab(page, 880042);
    const from = (await panel.getByRole('button', { name: 'Move Lanes We Run' }).boundingBox())!;
    const to = (await panel.getByRole('button', { name: 'Move About Our Company' }).boundingBox())!;
    const touch = await page.context().newCDPSession(page);
    const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    const startX = from.x + from.width / 2;
    const startY = from.y + from.height / 2;
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(startX, startY) });
    // The sensor waits for a 200 ms press, so a quick swipe still scrolls the page.
    await page.waitForTimeout(400);
    const endY = to.y + to.height / 2;
    for (let step = 1; step <= 12; step += 1) {
      const y = startY + ((endY - startY) * step) / 12;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(startX, y) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(panel.getByText('You have unsaved changes')).toBeVisible();
    expect(await rowTitles(editorRows(panel), '.grid-card__title')).toEqual([
      ['Lanes We Run', 'About Our Company'],
      ['Safety Score', 'Fleet Information'],
    ]);
  });
});
