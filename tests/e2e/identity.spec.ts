import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectOnlyNotFoundResponses, latestLinkTo, test } from './fixtures.ts';

/** Opens the newest outbox message to an address and follows its link. */
async function openLatestLink(page: Page, address: string) {
  const path = await latestLinkTo(page, address);
  expect(path).toMatch(/^\/verify-(claim|login|user-login)\/[A-Za-z0-9_-]+$/);
  await page.goto(path);
  return path;
}

test.describe.serial('claiming a profile, then logging in', () => {
  test('the owner claims the profile through the FMCSA e-mail', async ({ page, consoleErrors }) => {
    await page.goto('/profile/880007');
    await page.getByRole('link', { name: 'Claim This Profile' }).first().click();
    await expect(page).toHaveURL(/\/claim-profile\/880007$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claim CLAIMABLE CARTAGE INC');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send Verification Email' }).click();
    await expect(page.getByRole('status')).toContainText(
      'We sent a verification link to o****@claimable.example.com',
    );
    await expect(page.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute(
      'href',
      '/profile/880007',
    );

    const path = await openLatestLink(page, 'owner@claimable.example.com');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Successful!');
    await expect(page.getByRole('status')).toHaveText(
      'Your profile has been successfully claimed. You can now customize it and add your content.',
    );
    await expect(page.getByRole('link', { name: 'Edit Your Profile' })).toHaveAttribute(
      'href',
      '/profile/880007/edit',
    );
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Edit Profile' }),
    ).toBeVisible();
    await expectAccessible(page);

    // The link works once.
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid or expired verification link. Please try again.',
    );

    // The profile is now claimed: VERIFIED, and no second claim.
    await page.goto('/profile/880007');
    await expect(page.locator('.profile-header')).toContainText('VERIFIED');
    // Claiming kept the data blocks the unclaimed profile showed (issue 16).
    await expect(page.locator('.profile-block__title')).toHaveText([
      'Safety Score',
      'Inspection Heat Map',
      'Cargo & Carrier Information',
      'Fleet Information',
      'Authority & Insurance',
      'Record history',
      'Connected carriers',
    ]);
    await page.goto('/claim-profile/880007');
    await page.getByRole('button', { name: 'Send Verification Email' }).click();
    await expect(page.getByRole('alert')).toHaveText('This profile has already been claimed.');
    expect(consoleErrors.filter((message) => !/status of (400|409)/.test(message))).toEqual([]);
    consoleErrors.splice(0);
  });

  test('the owner logs in by e-mailed link', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('owner@claimable.example.com');
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    await expect(page.getByRole('status')).toContainText(
      'We sent a login link to owner@claimable.example.com',
    );
    await openLatestLink(page, 'owner@claimable.example.com');
    await expect(page.getByRole('status')).toHaveText('You have been successfully logged in.');
    await page.getByRole('link', { name: 'Edit Your Profile' }).click();
    await expect(page).toHaveURL(/\/profile\/880007\/edit$/);
  });

  test('settings show the company and let its admin manage users', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill('owner@claimable.example.com');
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    await expect(page.getByRole('status')).toContainText('We sent a login link');
    await openLatestLink(page, 'owner@claimable.example.com');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Successful!');

    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Company Info' })).toHaveAttribute('aria-selected', 'true');
    const basic = page.locator('.card', { hasText: 'Basic Information' });
    await expect(basic).toContainText('CLAIMABLE CARTAGE INC');
    await expect(basic).toContainText('Claimed');
    await expect(page.locator('.card', { hasText: 'Rating Summary' })).toContainText('N/A');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'User Management' }).click();
    const table = page.locator('.users-table');
    await expect(table.locator('tbody tr').first()).toContainText('Current User');
    await page.getByPlaceholder('Email').fill('dispatcher@claimable.example.com');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully!' })).toBeVisible();
    // The first row is the current user; the new one comes second (its e-mail becomes a field while edited).
    const added = table.locator('tbody tr').nth(1);
    await expect(added).toContainText('dispatcher@claimable.example.com');
    await expect(added).toContainText('Standard User');
    await expectAccessible(page);

    await added.getByRole('button', { name: 'Edit' }).click();
    await added.getByLabel('Role').selectOption('admin');
    await added.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User updated successfully!' })).toBeVisible();
    await expect(added).toContainText('Admin');

    await added.getByRole('button', { name: 'Delete' }).click();
    await added.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User deleted successfully!' })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(1);
  });

  test('a standard user logs in as a user, sees no user management, and logs out', async ({ page }) => {
    // The admin adds a standard user through the API with their own session.
    await page.goto('/login');
    await page.getByLabel('Email address').fill('owner@claimable.example.com');
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    // The link is in the outbox once the page says it was sent; before that the latest is an older, used one.
    await expect(page.getByRole('status')).toContainText(
      'We sent a login link to owner@claimable.example.com',
    );
    await openLatestLink(page, 'owner@claimable.example.com');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Successful!');
    const created = await page.evaluate(async () => {
      const token = localStorage.getItem('carrierpage.access_token');
      const claims = JSON.parse(atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
      const response = await fetch('/api/v1/users', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'staff@claimable.example.com',
          company_id: Number(claims.sub),
          is_admin: false,
        }),
      });
      return response.status;
    });
    expect(created).toBe(201);
    await page.evaluate(() => localStorage.clear());

    await page.goto('/login');
    await page.getByLabel('Email address').fill('staff@claimable.example.com');
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    await expect(page.getByRole('status')).toContainText('We sent a login link');
    await openLatestLink(page, 'staff@claimable.example.com');
    await expect(page.getByRole('status')).toHaveText('You have been successfully logged in as a user.');
    await page.goto('/settings');
    await expect(page.locator('.card', { hasText: 'Basic Information' })).toContainText(
      'CLAIMABLE CARTAGE INC',
    );
    await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    // Logout loads the home page; the Login link shows before that load ends, and a test that ends
    // during it has had its browser context hang on closing.
    await page.waitForURL('/');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });
});

test('a link that was never issued fails verification', async ({ page, consoleErrors }) => {
  await page.goto(`/verify-login/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(consoleErrors.filter((message) => !message.includes('status of 400'))).toEqual([]);
  consoleErrors.splice(0);
});

test('settings send visitors without a session to the login page', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form checks the address and reports unknown users', async ({ page, consoleErrors }) => {
  await page.goto('/login');
  await expectAccessible(page);
  const send = page.getByRole('button', { name: 'Send Login Link' });
  await send.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
  await page.getByLabel('Email address').fill('not-an-address');
  await send.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.getByLabel('Email address').fill('nobody@example.com');
  await send.click();
  await expect(page.getByRole('alert')).toHaveText(
    'No user found with this email address or your account is inactive.',
  );
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  expectOnlyNotFoundResponses(consoleErrors);
});

test('a carrier without an FMCSA e-mail cannot be claimed online', async ({ page, consoleErrors }) => {
  await page.goto('/claim-profile/880003');
  await page.getByRole('button', { name: 'Send Verification Email' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No email address is associated with this DOT number. Please contact support for assistance.',
  );
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/profile\/880003$/);
  expect(consoleErrors.filter((message) => !message.includes('status of 422'))).toEqual([]);
  consoleErrors.splice(0);
});
