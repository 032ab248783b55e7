import { expect, expectAccessible, test, withVerifiedSession } from './fixtures.ts';

// Issue 55, the carrier's reply: HARBOR LIGHT CARRIERS LLC (880070) is claimed, with a ratings block and
// one rating with a comment (tests/e2e/fixtures/seed-profiles.ts).

test('an owner publishes a reply on a rating, the profile shows it with its date, then edits and removes it', async ({
  page,
}) => {
  await withVerifiedSession(page, 'owner@880070.example.com');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Reply to ratings and risk signals' }).click();
  await expect(page).toHaveURL(/\/replies$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Replies');
  await expect(page.getByText('No risk signal holds for your carrier.')).toBeVisible();
  await expect(page.getByText('The truck came a day late.')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Your reply').fill('A bridge was closed on I-25.\nWe called <b>ahead</b>.');
  await page.getByRole('button', { name: 'Publish reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Reply published.');
  await expect(page.getByText(/^Reply from the carrier, /)).toBeVisible();
  await expectAccessible(page);

  await page.goto('/profile/880070');
  const ratings = page.locator('.profile-block', { hasText: 'Customer Ratings' });
  const reply = ratings.locator('.carrier-reply');
  await expect(reply).toContainText(/^Reply from the carrier, [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(reply.locator('.carrier-reply__text')).toHaveText(
    'A bridge was closed on I-25.\nWe called <b>ahead</b>.',
  );
  await expect(reply.locator('b')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/replies');
  await page.getByLabel('Edit your reply').fill('Sorry for the delay.');
  await page.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Reply published.');
  await page.goto('/profile/880070');
  await expect(reply.locator('.carrier-reply__text')).toHaveText('Sorry for the delay.');

  await page.goto('/replies');
  await page.getByRole('button', { name: 'Remove reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Reply removed.');
  await page.goto('/profile/880070');
  await expect(ratings.getByText('The truck came a day late.')).toBeVisible();
  await expect(reply).toHaveCount(0);
});
