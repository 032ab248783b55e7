import { expect, expectAccessible, expectOnlyNotFoundResponses, test } from './fixtures.ts';

const GUIDES = [
  { slug: 'content-blocks', category: 'Profile Management' },
  { slug: 'grid-layout', category: 'Profile Management' },
  { slug: 'style-editor', category: 'Profile Management' },
  { slug: 'request-ratings', category: 'Reputation Management' },
];

function todayLongDate(): string {
  return new Date().toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

test('How It Works explains the three steps and the benefits', async ({ page }) => {
  await page.goto('/how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works');
  await expect(page.locator('ol.steps > li')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Benefits for Carriers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Benefits for Shippers and Brokers' })).toBeVisible();
  await expectAccessible(page);
});

for (const [path, heading] of [
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
] as const) {
  test(`${heading} shows today's date, the support e-mail and the account rules`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByText(`Last updated: ${todayLongDate()}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@carrierpage.example' }).first()).toHaveAttribute(
      'href',
      'mailto:support@carrierpage.example',
    );
    await expect(page.locator('main')).toContainText(/one account (is allowed )?per DOT number/i);
    await expectAccessible(page);
  });
}

for (const path of ['/privacy-policy', '/terms-of-service']) {
  test(`${path} says the service is for carriers and fees are generally non-refundable`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('main')).toContainText(/fees[^.]*generally non-refundable/i);
    await expect(page.locator('main')).toContainText(/service (is )?for carriers/i);
  });
}

test('Resources lists the four guides with categories and Read Guide links', async ({ page }) => {
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resources');
  const links = page.getByRole('link', { name: /^Read Guide/ });
  await expect(links).toHaveCount(4);
  for (const [index, guide] of GUIDES.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', `/resources/${guide.slug}`);
    await expect(links.nth(index)).toHaveText('Read Guide');
  }
  await expect(page.getByText('Profile Management')).toHaveCount(3);
  await expect(page.getByText('Reputation Management')).toHaveCount(1);
  await expectAccessible(page);
});

for (const guide of GUIDES) {
  test(`the ${guide.slug} guide is a written guide`, async ({ page }) => {
    const response = await page.goto(`/resources/${guide.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(guide.category).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const words = (await page.locator('main').innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(400);
    await expectAccessible(page);
  });
}

test('a guide is server-rendered: its text is in the HTML without JavaScript', async ({ request }) => {
  const html = await (await request.get('/resources/content-blocks')).text();
  expect(html).toContain('Profile Management');
  expect(html).toContain('Safety Score');
});

test('an unknown guide shows Resource Not Found with 404 and the two ways out', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/resources/no-such-guide');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resource Not Found');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Browse All Resources' }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  expectOnlyNotFoundResponses(consoleErrors);
});

test('the landing page has the headline, both search panels and the feature cards', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Customize Your Carrier Profile and Online Presence',
  );
  await expect(page.getByRole('heading', { name: 'Find a Carrier Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Super Search' })).toBeVisible();
  await expect(page.getByLabel('DOT number')).toHaveAttribute('placeholder', '12345');
  await expect(page.locator('.card-grid .card h3')).toHaveText([
    'Claim Your Profile',
    'Customize Your Page',
    'Stay Up to Date',
  ]);
  await expectAccessible(page);
});

test('the landing grid demo cycles its four layouts every 3 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const caption = page.locator('.grid-demo figcaption');
  await expect(caption).toContainText('Layout 1 of 4');
  await page.clock.runFor(3000);
  await expect(caption).toContainText('Layout 2 of 4');
  await page.clock.runFor(9000);
  await expect(caption).toContainText('Layout 1 of 4');
});

test('the grid demo stands still for reduced motion and is hidden on phones', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  await page.clock.runFor(7000);
  await expect(page.locator('.grid-demo figcaption')).toContainText('Layout 1 of 4');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.grid-demo')).toBeHidden();
});
