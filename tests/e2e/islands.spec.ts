import { expect, expectAccessible, fakeToken, test, TOKEN_KEY } from './fixtures.ts';

// Public pages are server-rendered HTML without React; what they do in the browser comes from their
// island scripts, as progressive enhancement (docs/decisions/046). Their behaviours with JavaScript
// are tested with each page; here, what they do without it, and what no other spec covers.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a phone shows the header links, and the city filters stand open and apply', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/trucking-companies/columbus-oh');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
      'Search Profiles',
      'Resources',
      'Watchlists',
      'How It Works',
      'Login',
    ]);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
    await page.getByRole('checkbox', { name: 'Broker' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/\/trucking-companies\/columbus-oh\?companyTypes=Broker&/);
    await expect(page.getByRole('status')).toHaveText('16 companies');
    await expect(page.getByRole('checkbox', { name: 'Broker' })).toBeChecked();
  });

  test('Go to page carries the filters', async ({ page }) => {
    await page.goto('/trucking-companies/columbus-oh');
    await page.getByLabel('Go to page').fill('7');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page).toHaveURL(/\/trucking-companies\/columbus-oh\?page=7$/);
    await expect(page.locator('.company-cards > li').first()).toContainText('BUCKEYE HAULING 061');
  });

  test('the DOT lookup searches for the number, the header search and the search filters submit', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('DOT number').fill('880001');
    await page.getByRole('button', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/search\?q=880001$/);
    await expect(page.getByRole('link', { name: 'View Profile: BLUE RIDGE TRUCKING LLC' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search carriers' }).fill('tx');
    await page.getByRole('searchbox', { name: 'Search carriers' }).press('Enter');
    await expect(page.getByRole('status')).toHaveText('Found 5 results. Page 1 of 1');
    await page.getByRole('checkbox', { name: 'Broker' }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).last().click();
    await expect(page.getByRole('status')).toHaveText('Found 2 results. Page 1 of 1');
  });
});

// axe needs JavaScript in the page; the markup a browser without it gets is checked here instead,
// with the island kept from loading.
for (const path of [
  '/',
  '/search?q=tx',
  '/trucking-companies/columbus-oh',
  '/profile/880001',
  '/resources',
]) {
  test(`${path} as the server renders it, before its island runs, is accessible`, async ({
    page,
    consoleErrors,
  }) => {
    await page.route('**/assets/*-island-*.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, { everyImpact: true });
    // The aborted island's own failure.
    expect(consoleErrors.filter((message) => !message.includes('ERR_FAILED'))).toEqual([]);
    consoleErrors.splice(0);
  });
}

test('the Cargo Types dropdown counts the ticked types', async ({ page }) => {
  await page.goto('/trucking-companies/columbus-oh');
  const summary = page.locator('summary', { hasText: 'Cargo Types' });
  await expect(summary).toHaveText('Cargo Types');
  await summary.click();
  await page.getByRole('checkbox', { name: 'Refrigerated Food' }).check();
  await page.getByRole('checkbox', { name: 'Meat' }).check();
  await expect(summary).toHaveText('Cargo Types (2 selected)');
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Meat' }).uncheck();
  await expect(summary).toHaveText('Cargo Types (1 selected)');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/\/trucking-companies\/columbus-oh\?cargoTypes=COLDFOOD$/);
  await expect(summary).toHaveText('Cargo Types (1 selected)');
});

test('logging in or out in another tab changes the header of an open public page', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/how-it-works');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/resources');
  const token = fakeToken({ sub: '1', dot: '880001', exp: Math.floor(Date.now() / 1000) + 600 });
  await other.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await expect(nav.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    '/profile/880001/edit',
  );
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectAccessible(page);

  await other.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('the current page is marked in the header the island draws for a session', async ({ page }) => {
  const token = fakeToken({ sub: '1', dot: '880001', exp: Math.floor(Date.now() / 1000) + 600 });
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
  await page.goto('/resources/content-blocks');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  await expectAccessible(page);
});
