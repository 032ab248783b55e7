import { expect, expectAccessible, expectOnlyNotFoundResponses, test } from './fixtures.ts';

const FOOTER_CITIES: [string, string][] = [
  ['Dallas, TX', '/trucking-companies/dallas-tx'],
  ['Atlanta, GA', '/trucking-companies/atlanta-ga'],
  ['Los Angeles, CA', '/trucking-companies/los-angeles-ca'],
  ['Chicago, IL', '/trucking-companies/chicago-il'],
  ['Kansas City, MO', '/trucking-companies/kansas-city-mo'],
  ['Phoenix, AZ', '/trucking-companies/phoenix-az'],
  ['Houston, TX', '/trucking-companies/houston-tx'],
  ['Newark, NJ', '/trucking-companies/newark-nj'],
  ['Cincinnati, OH', '/trucking-companies/cincinnati-oh'],
  ['Charlotte, NC', '/trucking-companies/charlotte-nc'],
  ['Indianapolis, IN', '/trucking-companies/indianapolis-in'],
  ['Philadelphia, PA', '/trucking-companies/philadelphia-pa'],
  ['Louisville, KY', '/trucking-companies/louisville-ky'],
  ['Minneapolis, MN', '/trucking-companies/minneapolis-mn'],
  ['Charleston, SC', '/trucking-companies/charleston-sc'],
  ['Columbus, OH', '/trucking-companies/columbus-oh'],
  ['Las Vegas, NV', '/trucking-companies/las-vegas-nv'],
  ['Chattanooga, TN', '/trucking-companies/chattanooga-tn'],
  ['Boston, MA', '/trucking-companies/boston-ma'],
  ['Seattle, WA', '/trucking-companies/seattle-wa'],
  ['Baltimore, MD', '/trucking-companies/baltimore-md'],
  ['Nashville, TN', '/trucking-companies/nashville-tn'],
  ['Orlando, FL', '/trucking-companies/orlando-fl'],
  ['Fresno, CA', '/trucking-companies/fresno-ca'],
];

test('the header offers search and the logged-out links', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Search Profiles',
    'Resources',
    'Watchlists',
    'How It Works',
    'Login',
  ]);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'CarrierPage', exact: true }),
  ).toHaveAttribute('href', '/');
  await expectAccessible(page);
});

test('the header search trims and encodes the term, and ignores a blank one', async ({ page }) => {
  await page.goto('/how-it-works');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search carriers' });
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/how-it-works$/);

  await box.fill('  Swift & Sons #1  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=Swift%20%26%20Sons%20%231$/);
});

test('the footer has Home, Back to Top, the legal links and the 24 city links in order', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText([
    'Home',
    'Back to Top',
    'Privacy Policy',
    'Terms',
  ]);
  const cities = footer.getByRole('navigation', { name: 'Trucking companies by city' }).getByRole('link');
  await expect(cities).toHaveText(FOOTER_CITIES.map(([label]) => label));
  for (const [index, [, href]] of FOOTER_CITIES.entries()) {
    await expect(cities.nth(index)).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
});

test('the mobile menu opens and lists the links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText([
    'Search Profiles',
    'Resources',
    'Watchlists',
    'How It Works',
    'Login',
  ]);
  await expectAccessible(page);
  await menu.getByRole('link', { name: 'Resources' }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(menu).toBeHidden();
});

test('an unknown path shows Page Not Found with status 404', async ({ page, consoleErrors }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found | CarrierPage');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expectOnlyNotFoundResponses(consoleErrors);
});

test('static assets are served with immutable caching and documents with a nonce policy', async ({
  page,
  request,
}) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  const html = await response.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset as string);
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await page.goto('/');
});
