import { expect, expectAccessible, test } from './fixtures.ts';

// Issue 55: the Connected carriers block with its signals and links, and the public rules page.

test('a carrier sharing its address with an inactive one shows the signal, the link and the rule', async ({
  page,
}) => {
  await page.goto('/profile/880001');
  const block = page.locator('.profile-block').filter({ hasText: 'Connected carriers' });
  const signals = block.getByRole('list', { name: 'Risk signals' });
  await expect(signals).toContainText(
    'Shares contact details with carriers that are out of service, revoked or inactive',
  );
  await expect(signals).toContainText('Strong signal');
  await expect(signals).toContainText(
    '1 carrier out of service, revoked or inactive shares its contact details.',
  );
  await expect(
    signals.getByRole('list', { name: /^Carriers behind/ }).getByRole('link', { name: 'INACTIVE HAULERS' }),
  ).toHaveAttribute('href', '/profile/880005');

  const linked = block.getByRole('table', { name: 'Carriers linked to this one' });
  await expect(linked.getByRole('row', { name: /INACTIVE HAULERS/ })).toContainText(
    'INACTIVE HAULERS880005Physical addressUSDOT inactive',
  );
  await expect(linked.getByRole('row', { name: /LONE STAR BROKERAGE/ })).toContainText('Active');
  await expectAccessible(page);

  await signals.getByRole('link', { name: 'The rule and its limits' }).click();
  await expect(page).toHaveURL(/\/resources\/risk-signals#shares-contact-with-troubled$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk signals and connected carriers' }),
  ).toBeVisible();
  const rule = page.locator('#shares-contact-with-troubled');
  await expect(rule).toContainText('Its limits');
  await expect(rule).toContainText('Free-mail domains never link.');
  await expect(page.getByText('A value more than 8 carriers share links nobody')).toBeVisible();
  await expectAccessible(page);
});

test('an address too many carriers share links nobody, and the profile says how many share it', async ({
  page,
}) => {
  await page.goto('/profile/880063');
  const block = page.locator('.profile-block').filter({ hasText: 'Connected carriers' });
  await expect(block).toContainText("No risk signals on this carrier's record.");
  await expect(block).toContainText('No other carrier shares its contact details, officers or vehicles.');
  await page.goto('/profile/882001');
  const common = page.locator('.profile-block').filter({ hasText: 'Connected carriers' });
  await expect(common).toContainText(/Physical address shared by \d+ carriers: too common to link them/);
  await expect(common).toContainText('No other carrier shares its contact details, officers or vehicles.');
});

test("the city page's 'No risk signals' filter leaves out carriers with a signal", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/trucking-companies/dallas-tx');
  await expect(page.getByRole('heading', { name: 'BLUE RIDGE TRUCKING LLC' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'No risk signals' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\?noRiskSignals=true$/);
  await expect(page.getByRole('heading', { name: 'INACTIVE HAULERS' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'BLUE RIDGE TRUCKING LLC' })).toHaveCount(0);
  await expectAccessible(page);
});
