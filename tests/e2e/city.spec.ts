import { expect, expectAccessible, expectOnlyNotFoundResponses, test } from './fixtures.ts';

test('a city page lists its carriers as cards with badges', async ({ page }) => {
  await page.goto('/trucking-companies/columbus-oh');
  await expect(page).toHaveTitle('Trucking Companies in Columbus, OH');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trucking Companies in Columbus, OH');
  await expect(page.getByRole('status')).toHaveText('115 companies');
  const cards = page.locator('.company-cards > li');
  await expect(cards).toHaveCount(10);
  // Largest fleets first; BUCKEYE HAULING 005 has five cargo types, shown as three and '+2 more'.
  await expect(cards.first()).toContainText('BUCKEYE HAULING 001');
  const fifth = cards.nth(4);
  await expect(fifth).toContainText('BUCKEYE HAULING 005');
  await expect(fifth.locator('.cargo-list .badge')).toHaveCount(3);
  await expect(fifth).toContainText('+1 more');
  const seventh = cards.nth(6);
  await expect(seventh.locator('.company-card__head .badge')).toHaveText(['Active', 'Carrier', 'Broker']);
  await expect(cards.nth(9).locator('.company-card__head .badge').first()).toHaveText('Inactive');
  await expectAccessible(page);
});

test('on a phone the city page shows its heading and results first, the filters folded behind a button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trucking-companies/columbus-oh');
  const heading = page.getByRole('heading', { level: 1 });
  const firstCard = page.locator('.company-cards > li').first();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(heading).toBeInViewport();
  await expect(firstCard).toBeInViewport();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Apply Filters' })).toBeHidden();
  // Heading, then results, then the filters: on the screen and in the page's reading order.
  const top = async (locator: typeof heading) => (await locator.boundingBox())!.y;
  expect(await top(heading)).toBeLessThan(await top(firstCard));
  expect(await top(firstCard)).toBeLessThan(await top(toggle));
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('h1, .company-cards, .city-filters')].map(
      (element) => element.className || element.tagName,
    ),
  );
  expect(order).toEqual(['H1', 'company-cards', 'city-filters']);
  await expectAccessible(page, { everyImpact: true });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('checkbox', { name: 'Broker' })).toBeVisible();
  await expectAccessible(page, { everyImpact: true });
  await page.getByRole('checkbox', { name: 'Broker' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\?companyTypes=Broker$/);
  await expect(page.getByRole('status')).toHaveText('16 companies');
});

test('on a wide screen the city filters stand open beside the results, with no toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/trucking-companies/columbus-oh');
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
  const filters = page.getByRole('button', { name: 'Apply Filters' });
  await expect(filters).toBeVisible();
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  const filtersBox = (await page.locator('.city-filters').boundingBox())!;
  expect(filtersBox.x + filtersBox.width).toBeLessThanOrEqual(heading.x);
  expect(filtersBox.y).toBeLessThanOrEqual(heading.y + heading.height);
  await expectAccessible(page, { everyImpact: true });
});

test('city pagination shows a window, and Go to page accepts only pages that exist', async ({ page }) => {
  await page.goto('/trucking-companies/columbus-oh');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('listitem')).toHaveText(['Previous', '1', '2', '3', '…', '12', 'Next']);
  const goTo = page.getByLabel('Go to page');
  await goTo.fill('13');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/\/trucking-companies\/columbus-oh$/);
  await goTo.fill('2.5');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/\/trucking-companies\/columbus-oh$/);
  await goTo.fill('7');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page).toHaveURL(/\?page=7$/);
  await expect(pagination.getByRole('listitem')).toHaveText([
    'Previous',
    '1',
    '…',
    '5',
    '6',
    '7',
    '8',
    '9',
    '…',
    '12',
    'Next',
  ]);
  await expect(page.locator('.company-cards > li').first()).toContainText('BUCKEYE HAULING 061');
});

test('city filters go to page 1 and narrow the list', async ({ page }) => {
  await page.goto('/trucking-companies/columbus-oh?page=3');
  await page.getByRole('checkbox', { name: 'Broker' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/trucking-companies\/columbus-oh\?companyTypes=Broker$/);
  await expect(page.getByRole('status')).toHaveText('16 companies');

  await page.locator('summary', { hasText: 'Cargo Types' }).click();
  await page.getByRole('checkbox', { name: 'Refrigerated Food' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/companyTypes=Broker&cargoTypes=COLDFOOD$/);
  // Multiples of 35 up to 115: 35, 70, 105.
  await expect(page.getByRole('status')).toHaveText('3 companies');
  await expectAccessible(page);
});

test('the custom search box searches the state', async ({ page }) => {
  await page.goto('/trucking-companies/dallas-tx');
  await page.getByLabel('Search carriers in TX').fill('ridge');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=ridge&addressState=TX$/);
  await expect(page.getByRole('status')).toHaveText('Found 2 results. Page 1 of 1');
});

test('invalid and empty cities', async ({ page, consoleErrors }) => {
  let response = await page.goto('/trucking-companies/dallas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid city or state parameter');
  await page.goto('/trucking-companies/springfield-zz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid city or state parameter');
  response = await page.goto('/trucking-companies/nowhere-tx');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'No companies found in Nowhere, TX' })).toBeVisible();
  expectOnlyNotFoundResponses(consoleErrors);
});

test('the footer city links lead to city pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Columbus, OH' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trucking Companies in Columbus, OH');
});

test('a city page is complete without JavaScript', async ({ request }) => {
  const html = await (await request.get('/trucking-companies/chicago-il')).text();
  expect(html).toContain('<title>Trucking Companies in Chicago, IL</title>');
  expect(html).toContain('ACME FREIGHT 25');
  expect(html).toContain('25 companies');
  expect(html).toContain('rel="canonical"');
});

test('a city of more than 1,000 carriers pages to 100 and says how to narrow the list', async ({ page }) => {
  await page.goto('/trucking-companies/casper-wy');
  await expect(page.getByRole('status')).toHaveText('1015 companies');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('listitem')).toHaveText(['Previous', '1', '2', '3', '…', '100', 'Next']);
  const note =
    'Showing the first 1,000 results. Add a company type, cargo type or radius to narrow the list.';
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByLabel('Go to page')).toHaveAttribute('max', '100');
  await expectAccessible(page);

  await page.goto('/trucking-companies/casper-wy?page=101');
  await expect(page.getByRole('heading', { name: 'Results stop at page 100' })).toBeVisible();
  await expect(page.getByText(note)).toBeVisible();
  await expectAccessible(page);
});

test('the city filters keep hazmat carriers only', async ({ page }) => {
  await page.goto('/trucking-companies/casper-wy');
  await page.getByRole('checkbox', { name: 'Hazmat carriers only' }).check();
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/trucking-companies\/casper-wy\?hazmatOnly=true$/);
  await expect(page.getByRole('status')).toHaveText('102 companies');
  await expect(page.getByText(/Showing the first 1,000 results/)).toHaveCount(0);
  await expectAccessible(page);
});
