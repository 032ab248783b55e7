import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectOnlyNotFoundResponses, latestLinkTo, test } from './fixtures.ts';

// STARLIGHT LOGISTICS LLC (880008, tests/e2e/fixtures/seed-profiles.ts): claimed, with a ratings block.
const COMPANY = 'STARLIGHT LOGISTICS LLC';

/** A real session: the login link is e-mailed to the outbox and opened. */
async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Login Link' }).click();
  await expect(page.getByRole('status')).toContainText('We sent a login link');
  await page.goto(await latestLinkTo(page, email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Successful!');
}

async function requestRating(page: Page, reviewerEmail: string, loadNumber: string) {
  await page.goto('/request-rating');
  await page.getByLabel('Reviewer Email').fill(reviewerEmail);
  await page.getByLabel('Load Number').fill(loadNumber);
  await page.getByRole('button', { name: 'Send Request' }).click();
}

test('an owner requests a rating, the reviewer rates by e-mailed link, and the profile shows it', async ({
  page,
  consoleErrors,
}) => {
  await logIn(page, 'owner@starlight.example.com');
  await page.goto('/request-rating');
  await expect(page.getByText('The reviewer will be emailed a link')).toBeVisible();
  await expectAccessible(page);
  await requestRating(page, 'Shipper@Ratings.example.com', 'LD-4471');
  await expect(page.getByRole('status')).toHaveText('Rating request sent successfully!');
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeDisabled();
  await expect(page).toHaveURL(/\/$/);

  // The reviewer opens the link from the e-mail.
  const reviewPath = await latestLinkTo(page, 'shipper@ratings.example.com');
  expect(reviewPath).toMatch(/^\/review\/[A-Za-z0-9_-]{22}$/);
  await page.goto(reviewPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit Rating');
  await expect(page.getByText(`For ${COMPANY} (Load: LD-4471)`)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible(page);
  const submit = page.getByRole('button', { name: 'Submit Rating' });
  await expect(submit).toBeDisabled();

  // On-Time Performance with the keyboard: arrow keys move through the stars.
  const onTime = page.getByRole('group', { name: 'On-Time Performance' });
  await onTime.getByRole('radio', { name: '1 star', exact: true }).focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(onTime.getByRole('radio', { name: '4 stars' })).toBeChecked();
  // The other two with the mouse.
  await page.getByRole('group', { name: 'Communication' }).locator('label', { hasText: '5 stars' }).click();
  await expect(submit).toBeDisabled();
  const service = page.getByRole('group', { name: 'Service Quality' });
  await service.locator('label', { hasText: '3 stars' }).click();
  await expect(service.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.getByLabel('Comments').fill('Delivered early. <b>Great</b> driver.');
  await expect(submit).toBeEnabled();
  await expectAccessible(page);

  // A failure without a detail gets the spec's fallback, and the form stays for another try.
  await page.route('**/submit', (route) => route.fulfill({ status: 503, body: '' }));
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Failed to submit rating');
  await page.unroute('**/submit');
  await submit.click();
  await expect(page.getByRole('status')).toHaveText('Rating submitted successfully!');
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Rating!');
  await expectAccessible(page);

  // The link works once.
  await page.goto(reviewPath);
  await expect(page.getByRole('status')).toHaveText('This rating has already been submitted');
  await expect(page.getByRole('button', { name: 'Submit Rating' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The profile's ratings block, rendered on the server: averages, distribution and the comment as text.
  await page.goto('/profile/880008');
  const block = page.locator('.profile-block', { hasText: 'Customer Ratings' });
  await expect(block.locator('.rating-overall')).toContainText('4.0');
  await expect(block.locator('.facts')).toContainText('On-time4.0/5.0');
  await expect(block.locator('.facts')).toContainText('Communication5.0/5.0');
  await expect(block.locator('.facts')).toContainText('Service3.0/5.0');
  await expect(block.locator('.facts')).toContainText('Ratings1');
  await expect(block.locator('.rating-distribution li')).toHaveText([
    '5 stars0 ratings',
    '4 stars1 rating',
    '3 stars0 ratings',
    '2 stars0 ratings',
    '1 star0 ratings',
  ]);
  await expect(block.locator('.rating-comments__text')).toHaveText('Delivered early. <b>Great</b> driver.');
  await expectAccessible(page);

  // The settings summary shows the same numbers.
  await page.goto('/settings');
  const summary = page.locator('.card', { hasText: 'Rating Summary' });
  await expect(summary.locator('dd')).toHaveText(['4.0/5.0', '4.0/5.0', '5.0/5.0', '3.0/5.0', '1']);
  expect(consoleErrors.filter((message) => !message.includes('status of 503'))).toEqual([]);
  consoleErrors.splice(0);
});

test('the same reviewer cannot be asked twice within a week', async ({ page, consoleErrors }) => {
  await logIn(page, 'dispatch@starlight.example.com');
  await requestRating(page, 'repeat@ratings.example.com', 'LD-100');
  await expect(page.getByRole('status')).toHaveText('Rating request sent successfully!');
  await expect(page).toHaveURL(/\/$/);

  await requestRating(page, 'REPEAT@ratings.example.com', 'LD-101');
  const notice = page.getByRole('alert');
  await expect(notice).toHaveText('This reviewer has already been sent a request within the last week');
  await expectAccessible(page);
  // Notices disappear after 3 seconds; the form stays for another try.
  await expect(notice).toBeHidden({ timeout: 5000 });
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled();

  // A failure without a message gets the spec's fallback.
  await page.route('**/api/v1/ratings/request', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to send rating request');
  expect(consoleErrors.filter((message) => !/status of (409|500)/.test(message))).toEqual([]);
  consoleErrors.splice(0);
});

test('an unknown rating link fails to load', async ({ page, consoleErrors }) => {
  const response = await page.goto(`/review/${'A'.repeat(22)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('Failed to load rating request');
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
  await expect(page.getByRole('alert')).toBeHidden({ timeout: 5000 });
  expectOnlyNotFoundResponses(consoleErrors);
});

test('visitors without a session are asked to log in before requesting a rating', async ({ page }) => {
  await page.goto('/request-rating');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Rating');
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByLabel('Reviewer Email')).toHaveCount(0);
  await expectAccessible(page);
});
