import { expect, expectAccessible, test } from './fixtures.ts';

// Issue 16: the record as FMCSA publishes it, with its dates, on the server-rendered profile.

test('a Mexican carrier is found by its city, with its facts, an overdue MCS-150 and rates over few inspections', async ({
  page,
}) => {
  await page.goto('/trucking-companies/reynosa-ta');
  await expect(page.getByRole('heading', { name: 'TRANSPORTES FRONTERA SA DE CV' })).toBeVisible();

  await page.goto('/profile/880061');
  await expect(page.locator('.profile-header')).toContainText('Av Hidalgo 120 · Reynosa, TA · 88500');
  const facts = page.getByRole('region', { name: 'FMCSA record' });
  await expect(facts).toContainText('USDOT status: Active');
  await expect(facts).toContainText('Operation: Interstate');
  await expect(facts).toContainText(/Registered November 1, 2023 \(\d+ years?\)/);
  await expect(facts).toContainText('MCS-150 updated November 1, 2023 overdue');
  // The fixture files carry no date in their names: they are dated by the import day.
  await expect(facts).toContainText(
    /FMCSA census as of \w+ \d{1,2}, \d{4} · Inspections and crashes through/,
  );

  const safety = page.locator('.profile-block').filter({ hasText: 'Safety Score' });
  await expect(safety.locator('.stat').filter({ hasText: 'Driver out-of-service rate' })).toContainText(
    '33.3% of 3 inspections',
  );
  await expect(safety.locator('.stat').filter({ hasText: 'Vehicle out-of-service rate' })).toContainText(
    '0.0% of 2 inspections',
  );
  await expectAccessible(page);
});

test("a carrier without inspections reads 'No inspections', never a flagged 0.0%", async ({ page }) => {
  await page.goto('/profile/880062');
  await expect(page.locator('.profile-header')).toContainText('55 King St W · Toronto, ON · M5H 1J9');
  const facts = page.getByRole('region', { name: 'FMCSA record' });
  await expect(facts).toContainText('USDOT status: Inactive');
  await expect(facts).toContainText('Operation: Intrastate non-hazmat');
  await expect(facts).toContainText('MCS-150 updated June 1, 2025');
  await expect(facts).not.toContainText('overdue');

  const safety = page.locator('.profile-block').filter({ hasText: 'Safety Score' });
  for (const rate of ['Vehicle out-of-service rate', 'Driver out-of-service rate']) {
    const stat = safety.locator('.stat').filter({ hasText: rate });
    await expect(stat.locator('strong')).toHaveText('No inspections');
    await expect(stat).not.toContainText('Higher than the national average');
  }
  await expectAccessible(page);
});

test('a ZIP+4 is shown as published', async ({ page }) => {
  await page.goto('/profile/880063');
  await expect(page.locator('.profile-header')).toContainText('2400 W Bay Dr · Largo, FL · 34604-1486');
  await expect(page.getByRole('region', { name: 'FMCSA record' })).toContainText(
    'Operation: Intrastate hazmat',
  );
  await expect(page.locator('.profile-block').filter({ hasText: 'Safety Score' })).toContainText(
    'No safety data available for this carrier.',
  );
});
