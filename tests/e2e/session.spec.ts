import type { Page } from '@playwright/test';
import { expect, expectAccessible, fakeToken, test, TOKEN_KEY, withVerifiedSession } from './fixtures.ts';

const validClaims = {
  sub: '42',
  dot: '1234567',
  user_id: 7,
  is_admin: true,
  email: 'owner@example.com',
  exp: Math.floor(Date.now() / 1000) + 3600,
};

async function withStoredToken(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key as string, value as string);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [TOKEN_KEY, token],
  );
}

test('a valid stored token shows the logged-in header, and Logout removes it', async ({ page }) => {
  await withStoredToken(page, fakeToken(validClaims));
  await page.goto('/resources');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Search Profiles',
    'Resources',
    'Watchlists',
    'Request Rating',
    'Edit Profile',
    'Settings',
  ]);
  await expect(nav.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    '/profile/1234567/edit',
  );
  await expectAccessible(page);

  await nav.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('/');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
});

test('Logout ends the session on the server: the old token is refused afterwards', async ({ page }) => {
  await withVerifiedSession(page, 'owner@880006.example.com', { once: true });
  await page.goto('/resources');
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token).not.toBeNull();
  const ownBoard = () =>
    page.request.get('/api/v1/capacity', { headers: { authorization: `Bearer ${token}` } });
  expect((await ownBoard()).status()).toBe(200);

  const nav = page.getByRole('navigation', { name: 'Main' });
  const loggedOut = page.waitForResponse('**/api/v1/auth/logout');
  await nav.getByRole('button', { name: 'Logout' }).click();
  expect((await loggedOut).status()).toBe(204);
  await page.waitForURL('/');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

  // A copy of the token kept anywhere is useless now.
  const refused = await ownBoard();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ detail: 'Session expired or invalid' });
});

test('Logout still forgets the token when the server cannot be reached', async ({ page, consoleErrors }) => {
  await withStoredToken(page, fakeToken(validClaims));
  await page.route('**/api/v1/auth/logout', (route) => route.abort('internetdisconnected'));
  await page.goto('/resources');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const failed = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/api/v1/auth/logout'),
  );
  await nav.getByRole('button', { name: 'Logout' }).click();
  await failed;
  // The header island then loads the home page; the checks below read that page, not the one leaving.
  await page.waitForURL('/');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  // The browser reports the failed call; nothing else may be logged.
  expect(consoleErrors.filter((message) => !message.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  consoleErrors.splice(0);
});

test('the mobile menu adds View Profile for a logged-in user', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await withStoredToken(page, fakeToken(validClaims));
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link')).toHaveText([
    'Search Profiles',
    'Resources',
    'Watchlists',
    'View Profile',
    'Request Rating',
    'Edit Profile',
    'Settings',
  ]);
  await expect(menu.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/1234567');
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
});

const invalidTokens: [string, string][] = [
  ['an expired token', fakeToken({ ...validClaims, exp: Math.floor(Date.now() / 1000) - 60 })],
  ['an undecodable token', 'not-a-jwt'],
];
for (const [label, token] of invalidTokens) {
  test(`${label} is removed and the visitor is anonymous`, async ({ page }) => {
    await withStoredToken(page, token);
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });
}
