import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, test, withVerifiedSession } from './fixtures.ts';

// The Content Blocks tab with real sessions: every write goes to the server. Each test has its own
// claimed carrier (880020-880023 and 880025, seeded in tests/e2e/fixtures/seed-profiles.ts).

const NON_CUSTOM_TITLES = [
  'Profile Picture',
  'Header Image',
  'About Our Company',
  'Our Equipment',
  'Safety Score',
  'Inspection Heat Map',
  'Cargo & Carrier Information',
  'Fleet Information',
  'Customer Ratings',
  'Capacity Board',
  'Authority & Insurance',
  'Record history',
  'Connected carriers',
];

/** A generated picture file, as a browser file chooser would hand it over. */
async function imageFile(name: string, width: number, height: number, format: 'png' | 'jpeg') {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

function notice(page: Page, text: string): Locator {
  return page.locator('.profile-editor__notice').getByText(text, { exact: true });
}

function blockItem(page: Page, title: string): Locator {
  return page.locator('.block-list__item', {
    has: page.getByRole('heading', { level: 3, name: title, exact: true }),
  });
}

async function addBlock(page: Page, title: string) {
  const chooser = page.locator('.add-block__chooser');
  if (!(await chooser.isVisible())) await page.getByRole('button', { name: 'Add Block' }).click();
  await chooser.getByRole('button', { name: title, exact: true }).click();
  await expect(notice(page, 'New block added successfully!')).toBeVisible();
  await expect(blockItem(page, title).first()).toBeVisible();
}

/** A picture whose top half is red and bottom half blue, to see which way a crop was turned. */
async function twoToneImage(name: string, width: number, height: number) {
  const blue = await sharp({
    create: { width, height: height / 2, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, top: height / 2, left: 0 }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Whether the pixel at (x, y) of a loaded image is mostly red or mostly blue. */
function colourAt(image: Locator, x: number, y: number): Promise<'red' | 'blue'> {
  return image.evaluate(
    (element: HTMLImageElement, [px, py]) => {
      const canvas = document.createElement('canvas');
      canvas.width = element.naturalWidth;
      canvas.height = element.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(element, 0, 0);
      const [r = 0, , b = 0] = context.getImageData(px!, py!, 1, 1).data;
      return r > b ? 'red' : 'blue';
    },
    [x, y],
  );
}

async function naturalWidth(image: Locator): Promise<number> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

test('the owner adds each block type; the chooser then offers only custom', async ({ page }) => {
  // Fourteen types and two custom blocks, each added and checked through the server.
  test.slow();
  await withVerifiedSession(page, 'owner@880020.example.com');
  await page.goto('/profile/880020/edit');
  await expect(page.getByText('This profile has no content blocks yet.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // The chooser works from the keyboard; focus returns to 'Add Block' after an addition.
  const addButton = page.getByRole('button', { name: 'Add Block' });
  const chooser = page.locator('.add-block__chooser');
  await addButton.focus();
  await page.keyboard.press('Enter');
  await expect(chooser.getByRole('button')).toHaveCount(14);
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expect(chooser.getByRole('button', { name: 'Profile Picture' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(blockItem(page, 'Profile Picture')).toBeVisible();
  await expect(addButton).toBeFocused();

  // Each added type leaves the chooser.
  for (const [index, title] of NON_CUSTOM_TITLES.entries()) {
    if (index > 0) await addBlock(page, title);
    await addButton.click();
    await expect(chooser.getByRole('button')).toHaveCount(14 - index - 1);
    await expect(chooser.getByRole('button', { name: title, exact: true })).toHaveCount(0);
    await addButton.click();
  }
  await addBlock(page, 'Custom Content');
  await page.getByRole('button', { name: 'Add Block' }).click();
  await expect(chooser.getByRole('button')).toHaveText(['Custom Content']);
  await chooser.getByRole('button', { name: 'Custom Content' }).click();
  await expect(blockItem(page, 'Custom Content')).toHaveCount(2);
  await expect(page.locator('.block-list__item')).toHaveCount(15);

  // New blocks are visible; pictures hide their title and the preview drops the editing hint.
  await expect(blockItem(page, 'Our Equipment')).toContainText('Visible');
  const profilePicture = blockItem(page, 'Profile Picture');
  await expect(profilePicture.locator('.block-preview')).toContainText('No Image');
  await expect(profilePicture.locator('.block-preview')).not.toContainText('You can add a profile picture');
  await expect(profilePicture.locator('.block-preview .profile-block__title')).toHaveCount(0);

  // Data blocks say they show real-time data and have nothing to edit.
  for (const title of [
    'Safety Score',
    'Inspection Heat Map',
    'Cargo & Carrier Information',
    'Fleet Information',
    'Customer Ratings',
    'Authority & Insurance',
    'Record history',
    'Connected carriers',
  ]) {
    const item = blockItem(page, title);
    await expect(item.getByRole('note')).toContainText('real-time data');
    await expect(item.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
  }
  // The Authority & Insurance preview renders the carrier's L&I record (this one holds no docket).
  await expect(blockItem(page, 'Authority & Insurance').locator('.block-preview')).toContainText(
    'No for-hire authority on file',
  );
  // The Record history preview renders the carrier's history, without the page links.
  await expect(blockItem(page, 'Record history').locator('.block-preview')).toContainText(
    'Contact details unchanged since at least',
  );
  await expectAccessible(page);

  // The additions are saved: they come back after a reload, in the order they were added.
  await page.reload();
  await expect(page.locator('.block-list__header h3')).toHaveText([
    ...NON_CUSTOM_TITLES,
    'Custom Content',
    'Custom Content',
  ]);
});

test('about us from a template, custom HTML sanitised, hide and show, delete after confirmation', async ({
  page,
}) => {
  await withVerifiedSession(page, 'owner@880021.example.com');
  await page.goto('/profile/880021/edit');

  // About us: a template written for the carrier's city and state fills the text.
  const about = blockItem(page, 'About Our Company');
  await about.getByRole('button', { name: 'Edit About Our Company' }).click();
  const template = about.getByRole('button', { name: /Use the Family Owned template/ });
  await expect(template).toContainText('Omaha, NE');
  await expectAccessible(page);
  await template.click();
  await expect(about.getByLabel('About text')).toHaveValue(
    /family-owned carrier proudly serving customers from Omaha, NE/,
  );
  await expect(about.locator('.block-preview')).toContainText('family-owned carrier');
  await about.getByLabel('Block title').fill('Who We Are');
  await about.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Block updated successfully!')).toBeVisible();
  const whoWeAre = blockItem(page, 'Who We Are');
  await expect(whoWeAre.locator('.block-preview')).toContainText(
    'Every load is handled with the care of a family business',
  );

  // Custom HTML: the server keeps the basic markup and drops the rest; the preview shows the result.
  const custom = blockItem(page, 'Custom Content');
  await custom.getByRole('button', { name: 'Edit Custom Content' }).click();
  await custom
    .getByLabel('HTML content')
    .fill(
      '<p onclick="window.__pwned = 1">Hello <strong>world</strong></p><script>window.__pwned = 2</script><iframe src="https://evil.example/"></iframe>',
    );
  await custom.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Block updated successfully!')).toBeVisible();
  const html = custom.locator('.custom-html');
  await expect(html.locator('strong')).toHaveText('world');
  await expect(html.locator('script, iframe, [onclick]')).toHaveCount(0);
  await custom.getByRole('button', { name: 'Edit Custom Content' }).click();
  await expect(custom.getByLabel('HTML content')).toHaveValue('<p>Hello <strong>world</strong></p>');
  await custom.getByRole('button', { name: 'Cancel' }).click();

  // Data blocks cannot be edited.
  await expect(blockItem(page, 'Customer Ratings').getByRole('note')).toContainText('real-time data');

  // Hide, check the public page, show again.
  await whoWeAre.getByRole('button', { name: 'Hide Who We Are' }).click();
  await expect(notice(page, 'Block hidden/shown successfully!')).toBeVisible();
  await expect(whoWeAre.locator('.block-list__meta')).toContainText('Hidden');
  const publicPage = await page.context().newPage();
  await publicPage.goto('/profile/880021');
  await expect(publicPage.locator('main')).toContainText('Hello world');
  await expect(publicPage.locator('main')).not.toContainText('Who We Are');
  await whoWeAre.getByRole('button', { name: 'Show Who We Are' }).click();
  await expect(whoWeAre.locator('.block-list__meta')).toContainText('Visible');
  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { name: 'Who We Are' })).toBeVisible();
  await publicPage.close();

  // Delete: a dialog asks first; Cancel keeps the block.
  await custom.getByRole('button', { name: 'Delete Custom Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this block?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(custom).toBeVisible();
  await custom.getByRole('button', { name: 'Delete Custom Content' }).click();
  await dialog.getByRole('button', { name: 'Delete block' }).click();
  await expect(notice(page, 'Block deleted successfully!')).toBeVisible();
  await expect(page.locator('.block-list__header h3')).toHaveText(['Who We Are', 'Customer Ratings']);
});

test('the profile picture and header image are cropped, uploaded and replaced', async ({ page }) => {
  await withVerifiedSession(page, 'owner@880022.example.com');
  await page.goto('/profile/880022/edit');
  await addBlock(page, 'Profile Picture');
  await addBlock(page, 'Header Image');

  // Profile picture: choose, zoom, rotate, crop to a 300x300 JPEG, save.
  const profile = blockItem(page, 'Profile Picture');
  await profile.getByRole('button', { name: 'Edit Profile Picture' }).click();
  await profile
    .getByLabel('Choose a profile picture')
    .setInputFiles(await twoToneImage('logo.png', 800, 600));
  const crop = profile.getByRole('button', { name: 'Crop', exact: true });
  await expect(crop).toBeEnabled();
  await expect(profile.locator('.picture-cropper__area')).toHaveCSS('width', '350px');
  // The cropper's own <style> element applies: it carries the document's nonce.
  await expect(profile.locator('.reactEasyCrop_Container')).toHaveCSS('cursor', 'move');
  await expectAccessible(page);
  await profile.getByLabel('Zoom').fill('1.5');
  await profile.getByRole('button', { name: 'Rotate right' }).click();
  await profile.getByRole('button', { name: 'Rotate left' }).click();
  await profile.getByRole('button', { name: 'Rotate right' }).click();
  await crop.click();
  const preview = profile.locator('.block-preview img');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  expect(await naturalWidth(preview)).toBe(300);
  // Turned a quarter to the right: the red top of the picture is now on the right of the crop.
  expect(await colourAt(preview, 20, 150)).toBe('blue');
  expect(await colourAt(preview, 280, 150)).toBe('red');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Block updated successfully!')).toBeVisible();
  await expect(profile.locator('.block-preview img')).toHaveAttribute('src', /^\/media\//);

  // Header image: 4:1, 600x150; then replaced, and the old file is deleted.
  const header = blockItem(page, 'Header Image');
  await header.getByRole('button', { name: 'Edit Header Image' }).click();
  await header
    .getByLabel('Choose a header image')
    .setInputFiles(await imageFile('fleet.jpg', 1600, 500, 'jpeg'));
  await expect(header.getByRole('button', { name: 'Crop', exact: true })).toBeEnabled();
  await expect(header.locator('.picture-cropper__area')).toHaveCSS('width', '650px');
  await header.getByRole('button', { name: 'Crop', exact: true }).click();
  const headerPreview = header.locator('.block-preview img');
  await expect(headerPreview).toHaveAttribute('src', /^blob:/);
  expect(await naturalWidth(headerPreview)).toBe(600);
  expect(await headerPreview.evaluate((element: HTMLImageElement) => element.naturalHeight)).toBe(150);
  await header.getByRole('button', { name: 'Save Changes' }).click();
  await expect(header.getByRole('button', { name: 'Edit Header Image' })).toBeVisible();
  await expect(notice(page, 'Block updated successfully!')).toBeVisible();
  await expect(header.locator('.block-preview img')).toHaveAttribute('src', /^\/media\//);
  const firstUrl = await header.locator('.block-preview img').getAttribute('src');

  await header.getByRole('button', { name: 'Edit Header Image' }).click();
  await header
    .getByLabel('Replace the header image')
    .setInputFiles(await imageFile('fleet2.png', 1200, 300, 'png'));
  await header.getByRole('button', { name: 'Crop', exact: true }).click();
  // Cropping takes a moment: a save before it ends would store nothing new.
  await expect(headerPreview).toHaveAttribute('src', /^blob:/);
  await header.getByRole('button', { name: 'Save Changes' }).click();
  // The form closes when the save has ended, the profile read again included; the notice of the
  // earlier save may still show, so the closed form is what is waited for.
  await expect(header.getByRole('button', { name: 'Edit Header Image' })).toBeVisible();
  await expect(notice(page, 'Block updated successfully!')).toBeVisible();
  await expect(header.locator('.block-preview img')).not.toHaveAttribute('src', firstUrl!);
  await expect(header.locator('.block-preview img')).toHaveAttribute('src', /^\/media\//);
  expect((await page.request.get(firstUrl!)).status()).toBe(404);

  // The public profile shows both pictures: the header image behind the header's text, loaded
  // first (it is the largest paint) and preloaded from the head with the same WebP candidates.
  const headerUrl = await header.locator('.block-preview img').getAttribute('src');
  await page.goto('/profile/880022');
  const avatar = page.getByRole('img', { name: 'Profile picture' });
  // The stored picture is 300 px wide; naturalWidth reads 192, the srcset's width over its sizes.
  expect(await naturalWidth(avatar)).toBe(192);
  await expect(avatar).toHaveAttribute('width', '300');
  await expect(avatar).toHaveAttribute('height', '300');
  await expect(avatar).toHaveAttribute('sizes', '192px');
  await expect(avatar).toHaveAttribute('srcset', /^\/media\/[0-9a-f]{32}\.\w+ 300w$/);
  await expect(avatar).toHaveAttribute('loading', 'eager');
  const headerImage = page.locator('.profile-header img.profile-header__image');
  await expect(headerImage).toHaveAttribute('src', headerUrl!);
  await expect(headerImage).toHaveAttribute('width', '600');
  await expect(headerImage).toHaveAttribute('height', '150');
  await expect(headerImage).toHaveAttribute('loading', 'eager');
  await expect(headerImage).toHaveAttribute('fetchpriority', 'high');
  await expect(headerImage).toHaveAttribute('sizes', '100vw');
  await expect(headerImage).toHaveAttribute('srcset', /\b320w, .* 600w$/);
  expect(await naturalWidth(headerImage)).toBeGreaterThan(0);
  const webpSource = headerImage.locator('xpath=preceding-sibling::source[@type="image/webp"]');
  const webpSrcset = await webpSource.getAttribute('srcset');
  expect(webpSrcset).toMatch(/^\/media\/[0-9a-f]{32}\.webp 320w, \/media\/[0-9a-f]{32}\.webp 600w$/);
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('imagesrcset', webpSrcset!);
  await expect(preload).toHaveAttribute('imagesizes', '100vw');
  await expect(preload).toHaveAttribute('type', 'image/webp');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  // Chromium supports WebP: the header shows one of the WebP copies.
  expect(await headerImage.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\.webp$/);
});

test('equipment photos: refused files, temporary previews, upload, public gallery, delete', async ({
  page,
}) => {
  await withVerifiedSession(page, 'owner@880023.example.com');
  await page.goto('/profile/880023/edit');
  const equipment = blockItem(page, 'Our Equipment');
  await equipment.getByRole('button', { name: 'Edit Our Equipment' }).click();
  const input = equipment.getByLabel('Add images');

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(equipment.getByRole('alert')).toHaveText(
    'Please select a valid image file (JPEG, PNG, or GIF).',
  );

  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(equipment.getByText('File size exceeds 5MB limit', { exact: true })).toBeVisible();
  await expect(equipment.getByRole('alert')).toHaveText('File is too large. Maximum size is 5MB.');
  await expect(equipment.locator('.image-uploader__item')).toHaveCount(0);

  // The equipment uploader holds at most 20 images.
  const small = await imageFile('photo.png', 16, 16, 'png');
  await input.setInputFiles(
    Array.from({ length: 21 }, (_, index) => ({ ...small, name: `photo-${index}.png` })),
  );
  await expect(equipment.getByRole('alert')).toHaveText('Maximum 20 file(s) allowed');
  await expect(equipment.locator('.image-uploader__item')).toHaveCount(0);

  await input.setInputFiles([
    await imageFile('reefer-trailer.png', 640, 480, 'png'),
    await imageFile('flatbed.jpg', 640, 480, 'jpeg'),
  ]);
  await expect(equipment.getByRole('alert')).toHaveCount(0);
  await expect(equipment.getByLabel('Alt text for image 1')).toHaveValue('Reefer trailer');
  await equipment.getByLabel('Alt text for image 2').fill('Flatbed trailer');
  await expect(equipment.locator('.block-preview img')).toHaveCount(2);
  await expect(equipment.locator('.block-preview img').first()).toHaveAttribute('src', /^blob:/);
  await expectAccessible(page);

  await equipment.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Block updated successfully!')).toBeVisible();
  await expect(equipment.locator('.block-preview img').first()).toHaveAttribute('src', /^\/media\//);

  // The public gallery: lazy thumbnails with their stored size, a WebP source and the originals' srcset.
  const publicPage = await page.context().newPage();
  await publicPage.goto('/profile/880023');
  for (const [name, extension] of [
    ['Reefer trailer', 'png'],
    ['Flatbed trailer', 'jpg'],
  ] as const) {
    const thumbnail = publicPage.getByRole('img', { name });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    await expect(thumbnail).toHaveAttribute('width', '640');
    await expect(thumbnail).toHaveAttribute('height', '480');
    await expect(thumbnail).toHaveAttribute(
      'sizes',
      '(max-width: 599px) 100vw, (max-width: 999px) 50vw, 400px',
    );
    await expect(thumbnail).toHaveAttribute(
      'srcset',
      new RegExp(`^/media/[0-9a-f]{32}\\.${extension} 320w, /media/[0-9a-f]{32}\\.${extension} 640w$`),
    );
    await expect(thumbnail.locator('xpath=preceding-sibling::source')).toHaveAttribute(
      'srcset',
      /^\/media\/[0-9a-f]{32}\.webp 320w, \/media\/[0-9a-f]{32}\.webp 640w$/,
    );
  }
  await publicPage.close();

  // Deleting a stored photo asks first, then removes it on the server.
  await equipment.getByRole('button', { name: 'Edit Our Equipment' }).click();
  await equipment.getByRole('button', { name: 'Delete image 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete image' }).click();
  await expect(equipment.locator('.image-uploader__item')).toHaveCount(1);
  await page.reload();
  await expect(blockItem(page, 'Our Equipment').locator('.block-preview img')).toHaveCount(1);
});

test('failed writes show the spec messages and change nothing', async ({ page, consoleErrors }) => {
  await withVerifiedSession(page, 'owner@880025.example.com');
  // Every block and media write fails on the way; reads still work.
  await page.route('**/api/v1/content/**', (route) =>
    route.request().method() === 'GET'
      ? route.continue()
      : route.fulfill({ status: 500, json: { detail: 'Down', code: 'internal' } }),
  );
  await page.goto('/profile/880025/edit');
  const equipment = blockItem(page, 'Our Equipment');
  await expect(equipment).toBeVisible();

  await page.getByRole('button', { name: 'Add Block' }).click();
  await page.locator('.add-block__chooser').getByRole('button', { name: 'Custom Content' }).click();
  await expect(notice(page, 'Failed to add new block')).toBeVisible();

  await equipment.getByRole('button', { name: 'Hide Our Equipment' }).click();
  await expect(notice(page, 'Failed to update block visibility')).toBeVisible();
  await expect(equipment.locator('.block-list__meta')).toContainText('Visible');

  await equipment.getByRole('button', { name: 'Delete Our Equipment' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this block?' })
    .getByRole('button', { name: 'Delete block' })
    .click();
  await expect(notice(page, 'Failed to delete block')).toBeVisible();
  await expect(equipment).toBeVisible();

  await equipment.getByRole('button', { name: 'Edit Our Equipment' }).click();
  await equipment.getByLabel('Block title').fill('Our Trucks');
  await equipment.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Failed to update block. Please try again.')).toBeVisible();

  await equipment.getByLabel('Add images').setInputFiles(await imageFile('van.png', 320, 240, 'png'));
  await equipment.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Failed to upload file. Please try again.')).toBeVisible();
  // The form keeps the owner's work for another try.
  await expect(equipment.getByLabel('Block title')).toHaveValue('Our Trucks');
  await expect(equipment.locator('.image-uploader__item', { hasText: 'Not uploaded yet' })).toHaveCount(1);

  expect(consoleErrors.filter((message) => !/status of 500/.test(message))).toEqual([]);
  consoleErrors.splice(0);
});

test('refusals over a limit show the server’s reason', async ({ page, consoleErrors }) => {
  await withVerifiedSession(page, 'owner@880025.example.com');
  // The server's answers when the profile has 20 custom blocks, or a block's content is over 100 KB
  // (server/domains/blocks/block-content.test.ts has the real ones); nothing is written.
  await page.route('**/api/v1/content/blocks**', (route) => {
    const method = route.request().method();
    if (method === 'POST') {
      return route.fulfill({
        status: 409,
        json: { detail: 'A profile can have at most 20 custom blocks', code: 'conflict' },
      });
    }
    if (method === 'PUT') {
      return route.fulfill({
        status: 413,
        json: { detail: 'Block content may be at most 100 KB (102400 bytes)', code: 'too_large' },
      });
    }
    return route.continue();
  });
  await page.goto('/profile/880025/edit');
  const equipment = blockItem(page, 'Our Equipment');
  await expect(equipment).toBeVisible();

  await page.getByRole('button', { name: 'Add Block' }).click();
  await page.locator('.add-block__chooser').getByRole('button', { name: 'Custom Content' }).click();
  await expect(
    notice(page, 'Failed to add new block: A profile can have at most 20 custom blocks'),
  ).toBeVisible();

  await equipment.getByRole('button', { name: 'Edit Our Equipment' }).click();
  await equipment.getByLabel('Block title').fill('Our Trucks');
  await equipment.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    notice(page, 'Failed to update block: Block content may be at most 100 KB (102400 bytes)'),
  ).toBeVisible();
  // The browser logs the two refusals; nothing else.
  expect(consoleErrors.filter((message) => !/status of (409|413)/.test(message))).toEqual([]);
  consoleErrors.splice(0);
});
