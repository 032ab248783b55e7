import { expect, expectAccessible, expectOnlyNotFoundResponses, test } from './fixtures.ts';

test('super search from the landing page leads to results and a profile link', async ({ page }) => {
  await page.goto('/');
  const panel = page
    .getByRole('search')
    .filter({ has: page.getByRole('searchbox', { name: 'Super Search' }) });
  await panel.getByRole('searchbox').fill('  blue ridge  ');
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=blue%20ridge$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results');
  await expect(page.getByRole('status')).toHaveText('Found 2 results. Page 1 of 1');
  const table = page.locator('table.results-table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Company Info',
    'DOT/MC Info',
    'State',
    'Company Types',
    'Units',
    'Profile',
  ]);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('BLUE RIDGE TRUCKING LLC');
  await expect(first).toContainText('DOT 880001');
  await expect(first).toContainText('MC-770001');
  await expect(first).toContainText('12 units');
  await expect(first).toContainText('Safety rating: Satisfactory');
  await expectAccessible(page);
  await first.getByRole('link', { name: 'View Profile: BLUE RIDGE TRUCKING LLC' }).click();
  await expect(page).toHaveURL(/\/profile\/880001$/);
});

test('the search page without a query shows the landing with Search Tips', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Carriers');
  await expect(page.getByRole('heading', { name: 'Search Tips' })).toBeVisible();
  await expect(page.locator('.card-grid > .card')).toHaveCount(3);
  await expectAccessible(page);
  // Blank text does nothing.
  await page.getByLabel('Company name, DOT, MC, etc...').fill('   ');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\/search$/);
});

test('filters narrow the results and are carried in the URL', async ({ page }) => {
  await page.goto('/search?q=tx');
  await expect(page.getByRole('status')).toHaveText('Found 5 results. Page 1 of 1');
  await expect(page.getByLabel('Location').locator('option')).toHaveCount(52);
  await page.getByRole('checkbox', { name: 'Broker' }).check();
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\/search\?q=tx&companyTypes=Broker$/);
  await expect(page.getByRole('status')).toHaveText('Found 2 results. Page 1 of 1');
  await expect(page.locator('table.results-table tbody tr')).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Broker' }).uncheck();
  await page.getByLabel('Zipcode').fill('75201');
  await page.getByLabel('Miles').fill('50');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/radiusZipcode=75201&radiusMiles=50/);
  // Dallas and Fort Worth, not Houston.
  await expect(page.getByRole('status')).toHaveText('Found 4 results. Page 1 of 1');
  await expect(page.locator('table.results-table')).not.toContainText('HOUSTON COLD CHAIN');

  await page.goto('/search?q=acme&addressState=TX');
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms or filters')).toBeVisible();
});

test('pagination shows first, last, neighbours and ellipses', async ({ page }) => {
  await page.goto('/search?q=acme');
  await expect(page.getByRole('status')).toHaveText('Found 25 results. Page 1 of 3');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('listitem')).toHaveText(['Previous', '1', '2', '3', 'Next']);
  await pagination.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/search\?q=acme&page=2$/);
  await expect(page.getByRole('status')).toHaveText('Found 25 results. Page 2 of 3');
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
  await pagination.getByRole('link', { name: 'Page 3' }).click();
  await expect(page.locator('table.results-table tbody tr')).toHaveCount(5);
  await expect(pagination.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);
});

test('a bad radius shows the error alert', async ({ page }) => {
  await page.goto('/search?q=acme&radiusZipcode=00000&radiusMiles=50');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Error: Error performing search. Please try again.');
  await expect(alert).toContainText('radius_zipcode: unknown ZIP code');
});

test('on a phone the results are cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?q=blue%20ridge');
  await expect(page.locator('table.results-table')).toBeHidden();
  const cards = page.locator('.results-cards > li');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('BLUE RIDGE TRUCKING LLC');
  await expect(cards.first().getByRole('link', { name: /View Profile/ })).toBeVisible();
  await expectAccessible(page, { everyImpact: true });
});

test('the search page has no accessibility violation of any impact on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search?q=trucking');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results');
  await expectAccessible(page, { everyImpact: true });
  await page.goto('/search');
  await expectAccessible(page, { everyImpact: true });
});

test('search results are in the server-rendered HTML', async ({ request }) => {
  const html = await (await request.get('/search?q=peach')).text();
  expect(html).toContain('PEACH STATE MOVERS');
  expect(html).toContain('Found 1 results. Page 1 of 1');
});

test('the DOT lookup finds a profile, reports an unknown one, and needs a number', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  const field = page.getByLabel('DOT number');
  const button = page.getByRole('button', { name: 'View Profile' });
  await button.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a DOT number');

  await field.fill(' 999999 ');
  await button.click();
  await expect(page.getByRole('alert')).toHaveText(
    'No profile found for this DOT number. Please check the number and try again.',
  );
  await expect(page).toHaveURL(/\/$/);
  expectOnlyNotFoundResponses(consoleErrors);

  // While the lookup runs, the button reads Searching... and the field is disabled.
  await page.route('**/api/v1/companies/profile/880001', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await field.fill('880001');
  await button.click();
  await expect(page.getByRole('button', { name: 'Searching...' })).toBeDisabled();
  await expect(field).toBeDisabled();
  await expect(page).toHaveURL(/\/profile\/880001$/);
});

test('the DOT lookup reports a server failure', async ({ page, consoleErrors }) => {
  await page.route('**/api/v1/companies/profile/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"detail":"boom","code":"internal"}',
    }),
  );
  await page.goto('/');
  await page.getByLabel('DOT number').fill('880001');
  await page.getByRole('button', { name: 'View Profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred while searching. Please try again.');
  // The browser logs the failed request itself; nothing else may be logged.
  expect(consoleErrors.filter((message) => !message.includes('status of 500'))).toEqual([]);
  consoleErrors.splice(0);
});

test('a search past 1,000 results lists 100 pages and says how to narrow it', async ({ page }) => {
  await page.goto('/search?q=pagebound');
  await expect(page.getByRole('status')).toHaveText('Found 1015 results. Page 1 of 100');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('listitem')).toHaveText(['Previous', '1', '2', '…', '100', 'Next']);
  const note = 'Showing the first 1,000 results. Add a state, company type or radius to narrow your search.';
  await expect(page.getByText(note)).toBeVisible();

  await pagination.getByRole('link', { name: 'Page 100' }).click();
  await expect(page).toHaveURL(/\/search\?q=pagebound&page=100$/);
  await expect(page.getByRole('status')).toHaveText('Found 1015 results. Page 100 of 100');
  await expect(page.locator('table.results-table tbody tr')).toHaveCount(10);
  await expect(pagination.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(note)).toBeVisible();
  await expectAccessible(page, { everyImpact: true });

  // A deeper page, typed into the address bar, gets the advice instead of an empty list.
  await page.goto('/search?q=pagebound&page=101');
  await expect(page.getByRole('heading', { name: 'Results stop at page 100' })).toBeVisible();
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No results found' })).toHaveCount(0);
  await expectAccessible(page, { everyImpact: true });
  await page.getByRole('link', { name: 'Back to the first page' }).click();
  await expect(page).toHaveURL(/\/search\?q=pagebound$/);

  // Narrowed below the bound, every page is offered again.
  await page.goto('/search?q=pagebound&companyTypes=Broker');
  await expect(page.getByText(note)).toHaveCount(0);
});

test('Hazmat carriers only keeps the carriers whose census says they haul hazardous materials', async ({
  page,
}) => {
  await page.goto('/search?q=pagebound');
  const hazmat = page.getByRole('group', { name: 'Hazardous Materials' }).getByRole('checkbox', {
    name: 'Hazmat carriers only',
  });
  await expect(hazmat).not.toBeChecked();
  await hazmat.check();
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/\/search\?q=pagebound&hazmatOnly=true$/);
  await expect(page.getByRole('status')).toHaveText('Found 102 results. Page 1 of 11');
  await expect(page.getByText(/Showing the first 1,000 results/)).toHaveCount(0);
  // Largest fleets first: every tenth carrier is a hazmat hauler, and number 21 has the most trucks.
  await expect(page.locator('table.results-table tbody tr').first()).toContainText('PAGEBOUND FREIGHT 0021');
  await expect(
    page
      .getByRole('group', { name: 'Hazardous Materials' })
      .getByRole('checkbox', { name: 'Hazmat carriers only' }),
  ).toBeChecked();
  await expectAccessible(page, { everyImpact: true });
});
