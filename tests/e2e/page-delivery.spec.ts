import type { Page } from '@playwright/test';
import { expect, expectOnlyNotFoundResponses, test } from './fixtures.ts';

// Issue 17 on the built server: compressed pages and static files, page revalidation, and the
// JavaScript a public page costs a phone (docs/decisions/026, 046).

/**
 * Scripts of a public page, as transferred, at most this many bytes (issue 17: 90 KB). Public pages
 * are not hydrated; each loads its island script alone (docs/decisions/046).
 */
const PUBLIC_PAGE_SCRIPT_BUDGET = 90 * 1024;

/** One page of each public kind: home, search, city, profile (unclaimed, and claimed with photos), static. */
const PUBLIC_PAGES = [
  '/',
  '/search?q=blue%20ridge',
  '/trucking-companies/columbus-oh',
  '/profile/880001',
  '/profile/880004',
  '/how-it-works',
  '/resources/content-blocks',
  '/no/such/page',
];

/** Marks of the editor's libraries: CodeMirror, the cropper, dnd-kit, the CSS parser. */
const EDITOR_MARKS = ['cm-content', 'reactEasyCrop_Container', 'DndContext', 'postcss'];

test('a page, a static asset and an API response are compressed as the client accepts', async ({
  request,
}) => {
  const page = await request.get('/profile/880001', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers().vary).toMatch(/accept-encoding/i);
  expect(await page.text()).toContain('BLUE RIDGE TRUCKING LLC');

  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(
    await page.text(),
  );
  const assetPath = script?.[1] ?? script?.[2];
  expect(assetPath).toBeTruthy();
  for (const encoding of ['br', 'gzip']) {
    const asset = await request.get(assetPath!, { headers: { 'Accept-Encoding': encoding } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers().vary).toMatch(/accept-encoding/i);
    expect(asset.headers()['content-type']).toMatch(/javascript/);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  const identity = await request.get(assetPath!, { headers: { 'Accept-Encoding': 'identity' } });
  expect(identity.headers()['content-encoding']).toBeUndefined();

  const api = await request.get('/api/v1/companies/profile/880002', {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  expect(api.status()).toBe(200);
  expect(api.headers()['content-encoding']).toBe('gzip');
  expect(api.headers().vary).toMatch(/accept-encoding/i);
  expect(Array.isArray((await api.json()).blocks)).toBe(true);
});

test('a public page answers a conditional request with 304 while it is unchanged', async ({ request }) => {
  const first = await request.get('/profile/880001');
  const etag = first.headers().etag;
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.headers()['cache-control']).toBe('no-cache');
  const again = await request.get('/profile/880001', { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
  expect((await request.get('/profile/880002', { headers: { 'If-None-Match': etag! } })).status()).toBe(200);
});

test('a page the browser revalidates (304) keeps running its scripts under its own nonce', async ({
  page,
}) => {
  // Document requests the browser made conditional (Playwright reports the stored 200 after a 304).
  const conditional: Promise<boolean>[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document')
      conditional.push(request.allHeaders().then((headers) => 'if-none-match' in headers));
  });
  await page.goto('/profile/880001');
  await page.goto('/how-it-works');
  // Back to the stored profile: the browser asks with If-None-Match and keeps its copy on a 304.
  await page.goto('/profile/880001');
  await page.reload();
  expect((await Promise.all(conditional)).filter(Boolean).length).toBeGreaterThan(0);
  // The island runs (the consoleErrors fixture fails on any CSP violation): the header's search box
  // trims its term, which the plain form would send as typed.
  await page.getByRole('searchbox', { name: 'Search carriers' }).fill('  blue ridge  ');
  await page.getByRole('searchbox', { name: 'Search carriers' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=blue%20ridge$/);
});

/** Every script the page loads until the network is quiet, with its transferred (encoded) body size. */
async function scriptsLoaded(page: Page, path: string) {
  const scripts: { url: string; bytes: number; body: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const body = (await (await request.response())?.text()) ?? '';
        scripts.push({ url: request.url(), bytes: sizes.responseBodySize, body });
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}

for (const path of PUBLIC_PAGES) {
  test(`${path} loads its island alone, within the script budget and nothing of the editor`, async ({
    page,
    consoleErrors,
  }) => {
    const scripts = await scriptsLoaded(page, path);
    // One script, the page's island: no React, no React Router, no route modules.
    expect(scripts.map((script) => new URL(script.url).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/(home|site|city|profile)-island-[\w-]+\.js$/),
    ]);
    for (const script of scripts) {
      for (const mark of EDITOR_MARKS) expect(script.body, `${script.url} has ${mark}`).not.toContain(mark);
    }
    const transferred = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(transferred).toBeLessThanOrEqual(PUBLIC_PAGE_SCRIPT_BUDGET);
    // The 404 page's own status, a profile's missing photo.
    expectOnlyNotFoundResponses(consoleErrors);
  });
}

test('an owner page is still hydrated by React Router', async ({ page }) => {
  const scripts = await scriptsLoaded(page, '/login');
  const paths = scripts.map((script) => new URL(script.url).pathname);
  expect(paths.some((path) => /\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true);
  expect(paths.some((path) => /-island-/.test(path))).toBe(false);
});
