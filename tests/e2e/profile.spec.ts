import {
  CSP_VIOLATION,
  expect,
  expectAccessible,
  expectOnlyNotFoundResponses,
  test,
  withOwnerSession,
} from './fixtures.ts';

test('an unclaimed profile shows the carrier, the claim button and the default data blocks', async ({
  page,
}) => {
  await page.goto('/profile/880001');
  await expect(page).toHaveTitle('BLUE RIDGE TRUCKING LLC | CarrierPage');
  await expect(page.getByRole('banner').first()).toBeVisible(); // the site header stays on an unclaimed profile
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BLUE RIDGE TRUCKING LLC');
  await expect(page.locator('.profile-header')).toContainText('USDOT 880001');
  await expect(page.locator('.profile-header')).toContainText('MC-770001');
  await expect(page.locator('.profile-header')).toContainText('UNCLAIMED');
  await expect(page.getByRole('link', { name: 'Claim This Profile' }).first()).toHaveAttribute(
    'href',
    '/claim-profile/880001',
  );
  await expect(page.locator('.profile-block__title')).toHaveText([
    'Safety Score',
    'Inspection Heat Map',
    'Cargo & Carrier Information',
    'Fleet Information',
    'Authority & Insurance',
    'Record history',
    'Connected carriers',
  ]);
  await expect(
    page.getByText('Claim this profile to add more content and customize your page.'),
  ).toBeVisible();
  await expectAccessible(page);
});

test('the safety score shows rates to one decimal with flags above the national averages', async ({
  page,
}) => {
  await page.goto('/profile/880001');
  const safety = page.locator('.profile-block').filter({ hasText: 'Safety Score' });
  await expect(safety.locator('.stat').filter({ hasText: 'Inspections' }).first()).toContainText('10');
  const vehicle = safety.locator('.stat').filter({ hasText: 'Vehicle out-of-service rate' });
  await expect(vehicle).toContainText('30.0%');
  await expect(vehicle).toContainText('National average 22.26%');
  await expect(vehicle).toContainText('Higher than the national average');
  const driver = safety.locator('.stat').filter({ hasText: 'Driver out-of-service rate' });
  await expect(driver).toContainText('10.0%');
  await expect(driver).toContainText('Higher than the national average');
  await expect(safety.locator('.stat').filter({ hasText: 'Crashes' })).toContainText(
    '0 fatal, 1 injury, 1 tow-away',
  );
});

test('the heat map colours states by inspections of the past 12 months', async ({ page }) => {
  await page.goto('/profile/880001');
  const map = page.locator('.heat-map');
  await expect(map.locator('.heat-map__state')).toHaveCount(51);
  const fill = (code: string) => map.locator(`[data-state="${code}"] use`);
  // Texas has the most inspections (6): navy. Oklahoma has 2: a third of the way from light blue.
  await expect(fill('TX')).toHaveAttribute('fill', 'rgb(25, 25, 112)');
  await expect(fill('OK')).toHaveAttribute('fill', 'rgb(124, 152, 191)');
  await expect(fill('OH')).toHaveAttribute('fill', 'rgb(228, 231, 235)');
  // The shapes load from the map asset.
  const shapes = await page.request.get('/maps/us-states.svg');
  expect(shapes.status()).toBe(200);
  expect(await shapes.text()).toContain('<path id="TX"');
  await map.locator('[data-state="TX"]').focus();
  await expect(map.locator('.heat-map__detail')).toHaveText('Texas: 6 inspections');
  await map.locator('[data-state="OK"]').hover();
  await expect(map.locator('.heat-map__detail')).toHaveText('Oklahoma: 2 inspections');
});

test('the heat map is one tab stop whose arrow keys move between states and announce each', async ({
  page,
}) => {
  await page.goto('/profile/880001');
  const map = page.locator('.heat-map');
  const state = (code: string) => map.locator(`[data-state="${code}"]`);
  const detail = map.locator('.heat-map__detail');
  await expect(detail).toHaveAttribute('aria-live', 'polite');
  // One state is in the tab order: Alabama, the first, until another is reached.
  await expect(map.locator('.heat-map__state[tabindex="0"]')).toHaveCount(1);
  await expect(state('AL')).toHaveAttribute('tabindex', '0');
  await expect(map.locator('.heat-map__state[tabindex="-1"]')).toHaveCount(50);

  await state('AL').focus();
  await expect(detail).toHaveText(/^Alabama: \d+ inspections?$/);
  // West along the Gulf: Mississippi, Louisiana, Texas; then north to Oklahoma.
  for (const [key, code, text] of [
    ['ArrowLeft', 'MS', /^Mississippi: \d+ inspections?$/],
    ['ArrowLeft', 'LA', /^Louisiana: \d+ inspections?$/],
    ['ArrowLeft', 'TX', 'Texas: 6 inspections'],
    ['ArrowUp', 'OK', 'Oklahoma: 2 inspections'],
    ['ArrowRight', 'AR', /^Arkansas: \d+ inspections?$/],
    ['ArrowDown', 'LA', /^Louisiana: \d+ inspections?$/],
    ['End', 'WY', 'Wyoming: 0 inspections'],
    ['Home', 'AL', /^Alabama: \d+ inspections?$/],
    ['End', 'WY', 'Wyoming: 0 inspections'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(state(code)).toBeFocused();
    await expect(detail).toHaveText(text);
  }
  // The tab stop moved with the focus: Tab leaves the map, Shift+Tab comes back to Wyoming.
  await expect(map.locator('.heat-map__state[tabindex="0"]')).toHaveCount(1);
  await expect(state('WY')).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Tab');
  await expect(map.locator('.heat-map__state:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(state('WY')).toBeFocused();
  // Nothing lies north of Washington: the focus stays.
  await state('WA').focus();
  await page.keyboard.press('ArrowUp');
  await expect(state('WA')).toBeFocused();
  await expectAccessible(page);
});

test('data blocks show their empty states for a carrier without records', async ({ page }) => {
  await page.goto('/profile/880005');
  await expect(page.getByText('No safety data available for this carrier.')).toBeVisible();
  await expect(page.getByText('No inspection data available for the past 12 months.')).toBeVisible();
});

test('the profile is server-rendered with structured data', async ({ request }) => {
  const html = await (await request.get('/profile/880001')).text();
  expect(html).toContain('<h1>BLUE RIDGE TRUCKING LLC</h1>');
  const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
    '@type': 'LocalBusiness',
    name: 'BLUE RIDGE TRUCKING LLC',
    address: { addressLocality: 'DALLAS', addressRegion: 'TX', postalCode: '75201' },
    identifier: [
      { propertyID: 'USDOT', value: '880001' },
      { propertyID: 'MC', value: 'MC-770001' },
    ],
  });
  expect(html).toContain('rel="canonical"');
  // The FMCSA e-mail is never on a public page.
  expect(html).not.toContain('dispatch@blueridge.example.com');
});

test('the owner sees the banner with Edit Profile', async ({ page }) => {
  await withOwnerSession(page, '1', '880001');
  await page.goto('/profile/880001');
  const banner = page.locator('.owner-banner');
  await expect(banner).toContainText('You are viewing your own profile');
  await expect(banner.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    '/profile/880001/edit',
  );
  await page.goto('/profile/880002');
  await expect(page.locator('.owner-banner')).toBeHidden();
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('a visitor sees none of the owner parts, and without a session neither does the owner', async ({
  page,
}) => {
  await page.goto('/profile/880006');
  await expect(page.getByText('This profile has no content blocks yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your first content block' })).toHaveCount(0);
  await expect(page.getByText('You are viewing your own profile')).toBeHidden();
  await expectAccessible(page);
});

test('an unknown carrier shows Could not load profile with status 404', async ({ page, consoleErrors }) => {
  const response = await page.goto('/profile/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Could not load profile');
  await expect(page.getByText('Unable to load the profile for DOT number 999999.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);
  expectOnlyNotFoundResponses(consoleErrors);
});

test('blocks are laid out in rows with hostile custom HTML neutralised', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/profile/880002');
  await expect(page.locator('.profile-block__title')).toHaveText([
    'About Our Company',
    'Lanes We Run',
    'Customer Ratings',
    'Weather',
  ]);
  // Rows: [about us], [custom two-thirds, ratings one-third], [unknown]; the hidden block is left out.
  const rows = page.locator('.block-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).locator('.block-cell--two-thirds')).toContainText('We haul dry van freight.');
  await expect(rows.nth(1).locator('.block-cell--one-third')).toContainText(
    'No ratings available for this carrier yet.',
  );
  await expect(page.getByText('You should not see this.')).toHaveCount(0);
  await expect(page.locator('.profile-block').first().locator('p')).toHaveText([
    'Family owned since 1999.',
    'We run Texas to Illinois every week.',
  ]);

  const custom = page.locator('.custom-html');
  await expect(custom.locator('script, iframe, svg, style')).toHaveCount(0);
  await expect(custom.locator('[onerror]')).toHaveCount(0);
  await custom.getByText('Click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);

  const unknown = page.locator('.profile-block').filter({ hasText: 'Weather' });
  await expect(unknown).toContainText('Unknown block type');
  await unknown.getByText('Block data').click();
  await expect(unknown.locator('pre')).toContainText('weather_widget');
  await expectAccessible(page);
});

test('a claimed profile hides the site header and says when it has no blocks', async ({ page }) => {
  await page.goto('/profile/880006');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.locator('.profile-header')).toContainText('VERIFIED');
  await expect(page.getByRole('link', { name: 'Claim This Profile' })).toHaveCount(0);
  await expect(page.getByText('This profile has no content blocks yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your first content block' })).toHaveCount(0);
  await expectAccessible(page);
});

test('pictures sit in the header; equipment photos open in a lightbox', async ({ page, consoleErrors }) => {
  await page.goto('/profile/880004');
  await expect(page.locator('.profile-header img.profile-avatar')).toHaveAttribute('src', '/favicon.ico');
  // Rows stored before images had copies (as these seeded ones): the original alone, no srcset or size.
  const headerImage = page.locator('.profile-header img.profile-header__image');
  await expect(headerImage).toHaveAttribute('src', '/favicon.ico');
  await expect(headerImage).toHaveAttribute('fetchpriority', 'high');
  for (const attribute of ['srcset', 'sizes', 'width', 'height']) {
    await expect(headerImage).not.toHaveAttribute(attribute);
  }
  // React preloads a high-priority <img> outside a <picture> by itself; the route adds no second link.
  await expect(page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveAttribute(
    'href',
    '/favicon.ico',
  );
  // Picture blocks are not rows of their own.
  await expect(page.locator('.profile-block__title')).toHaveText(['Our Equipment', 'Capacity Board']);

  const photos = page.locator('.equipment-grid > li');
  await expect(photos).toHaveCount(2);
  await expect(photos.nth(1)).toContainText('Image Failed to Load');

  const lightbox = page.getByRole('dialog');
  await photos.first().getByRole('button', { name: 'Enlarge Reefer trailer' }).click();
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole('heading')).toHaveText('Reefer trailer');
  const maxHeight = await lightbox.locator('img').evaluate((image) => getComputedStyle(image).maxHeight);
  expect(maxHeight).toBe(`${Math.round(page.viewportSize()!.height * 0.7)}px`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // Keyboard: the thumbnail is a button; Close closes.
  await photos.first().getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(lightbox).toBeVisible();
  await lightbox.getByRole('button', { name: 'Close' }).click();
  await expect(lightbox).toBeHidden();

  // A click outside the picture closes it too.
  await photos.first().getByRole('button').click();
  await page.mouse.click(5, 5);
  await expect(lightbox).toBeHidden();

  // Closed and at once opened again: the first closing's close event arrives after the new opening,
  // and the picture stays.
  await photos.first().getByRole('button').click();
  await page.evaluate(() => {
    document.querySelector<HTMLDialogElement>('dialog.lightbox')?.close();
    document.querySelector<HTMLButtonElement>('.equipment-thumb')?.click();
  });
  await expect(lightbox.getByRole('heading')).toHaveText('Reefer trailer');
  await lightbox.getByRole('button', { name: 'Close' }).click();
  await expect(lightbox).toBeHidden();
  expectOnlyNotFoundResponses(consoleErrors);
});

test('the capacity board lists upcoming and any-time trucks, not past ones', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/profile/880004');
  const board = page.locator('.profile-block').filter({ hasText: 'Capacity Board' });
  const inTen = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(board.locator('tbody tr')).toHaveCount(2);
  await expect(board.locator('tbody tr').first()).toContainText(`${inTen}ReeferHouston, TXChicago, IL`);
  await expect(board.locator('tbody tr').nth(1)).toContainText('AnytimeFlatbedHouston, TX');
  await expect(board).not.toContainText('Dry Van');
  const api = await page.request.get('/api/v1/capacity/public/880004');
  expect((await api.json()).map((entry: { trailer: string }) => entry.trailer)).toEqual([
    'Reefer',
    'Flatbed',
  ]);
  expectOnlyNotFoundResponses(consoleErrors);
});

test('custom CSS styles the profile only and loads nothing from other hosts', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/profile/880002');
  await expect(page.locator('.profile-block__title').first()).toHaveCSS('color', 'rgb(128, 0, 0)');
  // '.site-footer' was scoped to the profile, so the site's footer is untouched.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('h1')).toHaveCSS('background-image', 'none');
  expect(requested.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  const style = await page.locator('#carrier-profile > style').textContent();
  expect(style).toContain('#carrier-profile .profile-block__title');
  expect(style).not.toContain('evil.example');
});

test('the custom CSS applies with the response’s nonce; a <style> without it does nothing', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/profile/880002');
  const policy = response!.headers()['content-security-policy']!;
  const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
  expect(policy).toContain(`style-src-elem 'self' 'nonce-${nonce}'`);
  expect(policy).toContain("style-src-attr 'unsafe-inline'");
  expect(policy).not.toMatch(/style-src(-elem)? [^;]*'unsafe-inline'/);
  const title = page.locator('.profile-block__title').first();
  await expect(title).toHaveCSS('color', 'rgb(128, 0, 0)');
  expect(
    await page.locator('#carrier-profile > style').evaluate((style: HTMLStyleElement) => style.nonce),
  ).toBe(nonce);
  expect(consoleErrors).toEqual([]);

  // A <style> that reaches the page without the nonce, parsed or created, is refused and reported.
  await page.evaluate(() => {
    const rule = '#carrier-profile .profile-block__title { color: rgb(0, 128, 0) !important }';
    document.querySelector('#carrier-profile')!.insertAdjacentHTML('beforeend', `<style>${rule}</style>`);
    const created = document.createElement('style');
    created.textContent = rule;
    document.head.append(created);
  });
  await expect
    .poll(() => consoleErrors.filter((message) => message.startsWith(CSP_VIOLATION)))
    .toEqual([
      `${CSP_VIOLATION} style-src-elem blocked inline`,
      `${CSP_VIOLATION} style-src-elem blocked inline`,
    ]);
  await expect(title).toHaveCSS('color', 'rgb(128, 0, 0)');
  // Besides ours, the browser's own two "Refused to apply inline style" messages.
  expect(consoleErrors.filter((message) => !message.startsWith(CSP_VIOLATION))).toHaveLength(2);
  consoleErrors.splice(0);
});

test('a profile reached from an owner page gets its custom CSS under the nonce too', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('searchbox', { name: 'Search carriers' }).fill('ridge line');
  await page.getByRole('searchbox', { name: 'Search carriers' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=ridge%20line$/);
  await page.getByRole('link', { name: 'View Profile: RIDGE LINE CARRIERS INC' }).click();
  await expect(page).toHaveURL(/\/profile\/880002$/);
  await expect(page.locator('.profile-block__title').first()).toHaveCSS('color', 'rgb(128, 0, 0)');
  // Public pages are not rendered by React in the browser: the hydrated login page loaded the
  // search as a new document (docs/decisions/046), which brought the search page's island.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
});

test('the owner of an empty claimed profile is offered the first block', async ({ page }) => {
  await withOwnerSession(page, '6', '880006');
  await page.goto('/profile/880006');
  await expect(page.getByRole('link', { name: 'Add your first content block' })).toHaveAttribute(
    'href',
    '/profile/880006/edit',
  );
});

test('block content is in the server-rendered HTML', async ({ request }) => {
  const html = await (await request.get('/profile/880002')).text();
  expect(html).toContain('Family owned since 1999.');
  expect(html).toContain('We haul <strong>dry van</strong> freight.');
  expect(html).not.toContain('__pwned');
});

test('hidden blocks and their images are in no public response', async ({ request }) => {
  // The server-rendered page (with its hydration data), the page's data on client navigation and
  // the API all leave them out.
  const responses = {
    page: await request.get('/profile/880002'),
    data: await request.get('/profile/880002.data'),
    api: await request.get('/api/v1/companies/profile/880002'),
  };
  for (const [name, response] of Object.entries(responses)) {
    expect(response.status(), name).toBe(200);
    const body = await response.text();
    expect(body, name).toContain('Family owned since 1999.');
    for (const hidden of [
      'Hidden Block',
      'You should not see this.',
      'Hidden Equipment',
      'hidden-equipment-photo',
    ]) {
      expect(body, `${name}: ${hidden}`).not.toContain(hidden);
    }
  }
  // The owner's view of the editor needs the owner's session.
  expect((await request.get('/api/v1/companies/profile/880002?include_hidden=true')).status()).toBe(401);
});
