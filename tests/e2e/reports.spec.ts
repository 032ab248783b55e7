import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pdfText } from '../support/pdf-text.ts';
import { expect, expectAccessible, expectOnlyNotFoundResponses, test } from './fixtures.ts';

// Issue 56: a vetting report made from a profile (ACME FREIGHT 24, 881024, with SMS inspections and
// crashes: tests/e2e/fixtures/write-activity.ts), its permanent link and the check of an upload.

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

test('a profile makes a vetting report whose permanent link serves the PDF and checks uploads', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/profile/881024');
  await page.getByRole('button', { name: 'Download vetting report' }).click();
  await expect(page).toHaveURL(/\/reports\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vetting report' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ACME FREIGHT 24' })).toHaveAttribute(
    'href',
    '/profile/881024',
  );
  const shownHash = await page.locator('dt:text-is("PDF SHA-256") + dd').innerText();
  expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vetting-report-usdot-881024-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(sha256(pdf)).toBe(shownHash);
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  expect(text).toContain('Legal name: ACME FREIGHT 24');
  expect(text).toContain('396.3A1BOS Brakes out of adjustment');

  // The copy as downloaded matches.
  await page
    .getByLabel('PDF to check')
    .setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Check PDF' }).click();
  await expect(page.getByRole('status')).toHaveText(
    /^This PDF matches the report made on \w+ \d+, \d{4} at \d\d:\d\d UTC\.$/,
  );
  await expectAccessible(page);

  // One byte changed does not.
  const tampered = Buffer.from(pdf);
  const middle = Math.floor(tampered.length / 2);
  tampered[middle] = tampered[middle]! ^ 0xff;
  await page
    .getByLabel('PDF to check')
    .setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: tampered });
  await page.getByRole('button', { name: 'Check PDF' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `This PDF does not match this report: it is not the PDF made here, or it was changed since. Its SHA-256 is ${sha256(tampered)}.`,
  );
  await expectAccessible(page);

  // A file that is not a PDF is refused with a page that says so.
  const reportUrl = page.url().replace(/\?.*$/, '');
  await page
    .getByLabel('PDF to check')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
  const [refusal] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/verify')),
    page.getByRole('button', { name: 'Check PDF' }).click(),
  ]);
  expect(refusal.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1, name: 'The request was refused' })).toBeVisible();
  await expect(page.getByText('file: the file is not a PDF')).toBeVisible();
  expect(consoleErrors.filter((message) => !/status of 400/.test(message))).toEqual([]);
  consoleErrors.splice(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL(new RegExp(`^${reportUrl.replace(/[.?]/g, '\\$&')}`));
});

test('a report that does not exist is a 404 page', async ({ page, consoleErrors }) => {
  const response = await page.goto('/reports/AAAAAAAAAAAAAAAAAAAAAA');
  expect(response?.status()).toBe(404);
  expectOnlyNotFoundResponses(consoleErrors);
  await expect(page.getByRole('heading', { level: 1, name: 'Report not found' })).toBeVisible();
  await expectAccessible(page);
  const pdf = await page.request.get('/reports/AAAAAAAAAAAAAAAAAAAAAA.pdf');
  expect(pdf.status()).toBe(404);
});
