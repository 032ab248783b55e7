import {
  expect,
  expectAccessible,
  expectOnlyNotFoundResponses,
  test,
  withOwnerSession,
  withVerifiedSession,
} from './fixtures.ts';

test('anonymous visitors are sent from the editor to the public profile', async ({ page }) => {
  await page.goto('/profile/880006/edit');
  await expect(page).toHaveURL(/\/profile\/880006$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PEACH STATE MOVERS');
});

test('a user of another carrier is sent to the profile, not into its editor', async ({ page }) => {
  await withOwnerSession(page, '1', '880001');
  await page.goto('/profile/880006/edit');
  await expect(page).toHaveURL(/\/profile\/880006$/);
});

test('the owner sees the editor with its three tabs and the live profile link', async ({ page }) => {
  await withVerifiedSession(page, 'owner@880006.example.com');
  await page.goto('/profile/880006/edit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
  const tabs = page.getByRole('tablist', { name: 'Profile editor' }).getByRole('tab');
  await expect(tabs).toHaveText(['Content Blocks', 'Grid Layout', 'Style Editor']);
  await expect(page.getByRole('tab', { name: 'Content Blocks' })).toHaveAttribute('aria-selected', 'true');
  const live = page.getByRole('link', { name: 'View Live Profile (opens in a new tab)' });
  await expect(live).toHaveAttribute('href', '/profile/880006');
  await expect(live).toHaveAttribute('target', '_blank');
  await expectAccessible(page);

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  await page.getByRole('tab', { name: 'Content Blocks' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Grid Layout' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Grid Layout' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Style Editor' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Content Blocks' })).toHaveAttribute('aria-selected', 'true');
});

test('a profile that cannot be loaded says so', async ({ page, consoleErrors }) => {
  // The owner's view of the profile (with hidden blocks) needs a real session, so the owner's own
  // carrier is used and its profile call answers 404.
  await withVerifiedSession(page, 'owner@880006.example.com');
  await page.route(/\/api\/v1\/companies\/profile\/880006\?include_hidden=true$/, (route) =>
    route.fulfill({ status: 404, json: { detail: 'Company not found', code: 'not_found' } }),
  );
  await page.goto('/profile/880006/edit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Could not load profile');
  await expect(page.getByText('Unable to load the profile for editing.')).toBeVisible();
  await expectAccessible(page);
  expectOnlyNotFoundResponses(consoleErrors);
});

test('the editor reads the owner’s profile once, from the API, and shows it', async ({ page }) => {
  await withVerifiedSession(page, 'owner@880006.example.com');
  const profileReads: string[] = [];
  const routeDataReads: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/v1/companies/profile/')) profileReads.push(pathname + search);
    if (pathname.endsWith('.data')) routeDataReads.push(pathname);
  });
  await page.goto('/profile/880006/edit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
  await expect(page.getByText('PEACH STATE MOVERS · USDOT 880006')).toBeVisible();
  // Everything the page started has finished: no second read can still be on its way.
  await page.waitForLoadState('networkidle');
  expect(profileReads).toEqual([
    '/api/v1/companies/profile/880006?include_hidden=true',
    '/api/v1/companies/profile/880006/css',
  ]);
  // The previews came with the server's render; hydration does not ask the server again.
  expect(routeDataReads).toEqual([]);
});
