import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

// Issue 55, the contact check: HARBOR LIGHT CARRIERS LLC (880070) has claims@harborlight.example.com
// and MC 770070 on its FMCSA record; BLUE RIDGE TRUCKING LLC is 880001 (tests/e2e/fixtures/carriers.csv).
const HARBOR = 'HARBOR LIGHT CARRIERS LLC (USDOT 880070)';

async function runCheck(page: Page, contact: string, claimed = '') {
  await page.getByLabel('Phone, e-mail, MC or DOT number from the offer').fill(contact);
  await page.getByLabel(/The carrier the offer claims to be/).fill(claimed);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Answer' })).toBeVisible();
}

test('a broker checks an offer’s e-mail and MC number: a match, a mismatch and a miss, the address never shown', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Contact Check' }).click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Check');
  await expectAccessible(page);

  await runCheck(page, 'Claims@HarborLight.example.com', '880070');
  const answer = page.locator('.check-answer');
  await expect(answer).toContainText(
    `Matches the carrier the offer names: this e-mail address is on the FMCSA record of ${HARBOR}.`,
  );
  await expect(answer.getByRole('link', { name: 'HARBOR LIGHT CARRIERS LLC' })).toHaveAttribute(
    'href',
    '/profile/880070',
  );
  // The address is in no part of the page, not even the form it was typed into.
  expect((await page.content()).toLowerCase()).not.toContain('harborlight.example.com');
  await expect(page.getByLabel('Phone, e-mail, MC or DOT number from the offer')).toHaveValue('');
  await expectAccessible(page);

  await runCheck(page, 'claims@harborlight.example.com', '880001');
  await expect(answer).toContainText(
    `Does not match: this e-mail address is on the FMCSA record of ${HARBOR} only, not of BLUE RIDGE TRUCKING LLC (USDOT 880001).`,
  );
  await expectAccessible(page);

  await runCheck(page, 'claims@harborlight.example.co', '880070');
  await expect(answer).toContainText(
    'No carrier’s FMCSA record holds this e-mail address. It cannot be tied to the carrier the offer names.',
  );
  await expectAccessible(page);

  await runCheck(page, 'MC 770070', 'Harbor Light Carriers');
  await expect(answer).toContainText(
    `Matches the carrier the offer names: this MC number is on the FMCSA record of ${HARBOR}.`,
  );
  await expect(page.getByLabel('Phone, e-mail, MC or DOT number from the offer')).toHaveValue('MC 770070');

  await page.getByLabel('Phone, e-mail, MC or DOT number from the offer').fill('call me');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Enter one phone number, e-mail address, MC number (MC 123456) or DOT number (digits only).',
  );
  await expectAccessible(page);
  // The refusal is the page's answer with status 400, which the browser logs; nothing else was logged.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  consoleErrors.splice(0);
});
