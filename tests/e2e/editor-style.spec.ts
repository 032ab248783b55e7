import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, withVerifiedSession } from './fixtures.ts';

// CodeMirror renders the lines on screen: tall enough for the whole CSS of these tests.
test.use({ viewport: { width: 1280, height: 1400 } });

async function openStyleTab(page: Page, dot: number) {
  await withVerifiedSession(page, `owner@${dot}.example.com`);
  await page.goto(`/profile/${dot}/edit`);
  await page.getByRole('tab', { name: 'Style Editor' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Style Editor' });
  await expect(panel.getByRole('heading', { name: 'Quick themes' })).toBeVisible();
  return panel;
}

/** A computed style of the first element matching a selector. */
const computed = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

const PREVIEW_TITLE = '.style-preview .profile-block__title';

test('the owner applies a theme, edits a colour and the CSS, sees dropped rules, saves, and the public page has it', async ({
  page,
}) => {
  const panel = await openStyleTab(page, 880043);
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Blue Professional' }).click();
  await expect.poll(() => computed(page, PREVIEW_TITLE, 'background-color')).toBe('rgb(219, 234, 254)');
  await expect(panel.getByText('You have unsaved changes')).toBeVisible();

  // '#' with something that is not a colour stays in the field, marked, and is not applied.
  const titleText = panel.getByLabel('Block title text', { exact: true });
  await titleText.fill('#zz');
  await titleText.press('Enter');
  await expect(titleText).toHaveValue('#zz');
  await expect(titleText).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Not applied: enter a colour as #rgb or #rrggbb')).toBeVisible();
  await expect.poll(() => computed(page, PREVIEW_TITLE, 'color')).toBe('rgb(30, 58, 138)');
  await titleText.fill('800000');
  await titleText.press('Enter');
  await expect(titleText).toHaveValue('#800000');
  await expect(titleText).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(() => computed(page, PREVIEW_TITLE, 'color')).toBe('rgb(128, 0, 0)');
  await expectAccessible(page);

  await panel.getByRole('tab', { name: 'Code Editor' }).click();
  const code = panel.getByRole('textbox', { name: 'Custom CSS' });
  await expect(code).toContainText('color: #800000;');
  // CodeMirror styles itself with a <style> element of its own: the policy applies it only with the
  // document's nonce, as it does the preview's (the fixture fails the test on any violation).
  await expect(page.locator('.cm-editor')).toHaveCSS('display', 'flex');
  await expect(page.locator('.cm-gutters')).toHaveCSS('display', 'flex');
  const { documentNonce, styleNonces } = await page.evaluate(() => ({
    documentNonce: document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce,
    styleNonces: [...document.querySelectorAll('style')].map((style) => style.nonce),
  }));
  expect(documentNonce).toBeTruthy();
  // The preview's and CodeMirror's.
  expect(styleNonces.length).toBeGreaterThanOrEqual(2);
  expect(styleNonces.every((nonce) => nonce === documentNonce)).toBe(true);
  await code.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(
    '\n.profile-block { border-radius: 0px; }\n@import url("https://evil.example/x.css");\n',
  );
  await expect
    .poll(() => computed(page, '.style-preview .profile-block', 'border-top-left-radius'))
    .toBe('0px');
  // Tab leaves the editor instead of indenting.
  await page.keyboard.press('Tab');
  await expect(code).not.toBeFocused();
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Save CSS' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'CSS saved successfully!' })).toBeVisible();
  const dropped = panel.getByRole('region', { name: 'Not on your public profile' });
  await expect(dropped).toContainText('@import url("https://evil.example/x.css") — @import is not allowed');
  await expect(panel.getByText('You have unsaved changes')).toHaveCount(0);

  // The owner's own text comes back after a reload, with the report.
  await page.reload();
  await page.getByRole('tab', { name: 'Style Editor' }).click();
  await panel.getByRole('tab', { name: 'Code Editor' }).click();
  await expect(code).toContainText('.profile-block { border-radius: 0px; }');
  await expect(code).toContainText('@import url("https://evil.example/x.css");');
  await expect(dropped).toContainText('@import is not allowed');
  await panel.getByRole('tab', { name: 'Visual Editor' }).click();
  await expect(panel.getByLabel('Block title text', { exact: true })).toHaveValue('#800000');

  await page.goto('/profile/880043');
  await expect.poll(() => computed(page, '.profile-block__title', 'color')).toBe('rgb(128, 0, 0)');
  expect(await computed(page, '.profile-block__title', 'background-color')).toBe('rgb(219, 234, 254)');
  expect(await computed(page, '.profile-block', 'border-top-left-radius')).toBe('0px');
  expect(await computed(page, '#carrier-profile', 'background-color')).toBe('rgb(240, 244, 248)');
  const styles = await page.locator('#carrier-profile style').allTextContents();
  expect(styles.join('')).not.toContain('evil.example');
});

test('the preview can be hidden, and reset asks first, then clears the CSS', async ({ page }) => {
  const panel = await openStyleTab(page, 880044);
  await panel.getByRole('button', { name: 'Green Transport' }).click();
  await expect.poll(() => computed(page, PREVIEW_TITLE, 'background-color')).toBe('rgb(220, 252, 231)');
  // Unsaved styles keep the owner from leaving by accident too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(leave).toBeHidden();
  await panel.getByRole('button', { name: 'Save CSS' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'CSS saved successfully!' })).toBeVisible();

  await panel.getByRole('button', { name: 'Hide Preview' }).click();
  await expect(panel.getByRole('region', { name: 'Live preview' })).toBeHidden();
  await panel.getByRole('button', { name: 'Show Preview' }).click();
  await expect(panel.getByRole('region', { name: 'Live preview' })).toBeVisible();

  await panel.getByRole('button', { name: 'Reset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset custom CSS?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await computed(page, PREVIEW_TITLE, 'background-color')).toBe('rgb(220, 252, 231)');

  await panel.getByRole('button', { name: 'Reset' }).click();
  await dialog.getByRole('button', { name: 'Reset CSS' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'CSS reset successful' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'CSS reset successful' })).toBeHidden({
    timeout: 5000,
  });
  await expect(panel.getByLabel('Block title bar background', { exact: true })).toHaveValue('');
  expect(await computed(page, PREVIEW_TITLE, 'background-color')).toBe('rgb(238, 242, 247)');

  await page.goto('/profile/880044');
  expect(await computed(page, '.profile-block__title', 'background-color')).toBe('rgb(238, 242, 247)');
  await expect(page.locator('#carrier-profile style')).toHaveCount(0);
});

test('without the owner’s styles the preview says it cannot load', async ({ page, consoleErrors }) => {
  await page.route('**/api/v1/companies/profile/880044/css', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"detail":"Internal server error"}',
    }),
  );
  await withVerifiedSession(page, 'owner@880044.example.com');
  await page.goto('/profile/880044/edit');
  await page.getByRole('tab', { name: 'Style Editor' }).click();
  await expect(page.getByRole('alert')).toHaveText('Could not load profile data for preview.');
  expect(consoleErrors.filter((message) => !message.includes('status of 500'))).toEqual([]);
  consoleErrors.splice(0);
});
