import { execFileSync } from 'node:child_process';
import type { Locator, Page, Response } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from '../e2e/fixtures.ts';
import { clusterEnv, instanceAddresses, latestLinkTo } from './cluster.ts';

// Two instances behind nginx (round-robin), on one PostgreSQL and one Redis: scripts/cluster.sh,
// started by tests/cluster/global-setup.ts. nginx names the instance that answered in X-Upstream.

/** The instance that answered, or both (first one failed) as "127.0.0.1:a, 127.0.0.1:b". */
const upstreamOf = (response: { headers: () => Record<string, string> }) =>
  response.headers()['x-upstream'] ?? '';

function blockItem(page: Page, title: string): Locator {
  return page.locator('.block-list__item', {
    has: page.getByRole('heading', { level: 3, name: title, exact: true }),
  });
}

async function addBlock(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add Block' }).click();
  await page.locator('.add-block__chooser').getByRole('button', { name: title, exact: true }).click();
  await expect(page.locator('.profile-editor__notice')).toContainText('New block added successfully!');
  await expect(blockItem(page, title)).toBeVisible();
}

test.describe.serial('two instances behind nginx', () => {
  test('the owner claims, logs in, edits, uploads, styles and gets a rating, across both instances', async ({
    page,
    request,
  }) => {
    const api: { url: string; upstream: string }[] = [];
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname.startsWith('/api/v1/'))
        api.push({ url: `${response.request().method()} ${response.url()}`, upstream: upstreamOf(response) });
    });

    // Claim by link.
    await page.goto('/claim-profile/880007');
    await page.getByRole('button', { name: 'Send Verification Email' }).click();
    await expect(page.getByRole('status')).toContainText('We sent a verification link');
    await page.goto(await latestLinkTo('owner@claimable.example.com'));
    await expect(page.getByRole('status')).toHaveText(
      'Your profile has been successfully claimed. You can now customize it and add your content.',
    );

    // Log in by link.
    await page.goto('/login');
    await page.getByLabel('Email address').fill('owner@claimable.example.com');
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    await expect(page.getByRole('status')).toContainText('We sent a login link');
    await page.goto(await latestLinkTo('owner@claimable.example.com'));
    await expect(page.getByRole('status')).toHaveText('You have been successfully logged in.');

    // Add blocks, and upload a photo.
    await page.goto('/profile/880007/edit');
    await addBlock(page, 'About Our Company');
    await addBlock(page, 'Our Equipment');
    const equipment = blockItem(page, 'Our Equipment');
    await equipment.getByRole('button', { name: 'Edit Our Equipment' }).click();
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1e5aa0' } })
      .png()
      .toBuffer();
    await equipment
      .getByLabel('Add images')
      .setInputFiles({ name: 'reefer.png', mimeType: 'image/png', buffer: photo });
    const uploaded = page.waitForResponse((response) =>
      /\/api\/v1\/content\/blocks\/\d+\/media$/.test(response.url()),
    );
    await equipment.getByRole('button', { name: 'Save Changes' }).click();
    const upload = await uploaded;
    expect(upload.status()).toBe(201);
    await expect(page.locator('.profile-editor__notice')).toContainText('Block updated successfully!');
    await expect(equipment.locator('.block-preview img').first()).toHaveAttribute('src', /^\/media\//);

    // The photo uploaded through one instance is served by the other, byte for byte.
    const mediaUrl = ((await upload.json()) as { url: string }).url;
    const other = instanceAddresses().find((address) => address !== upstreamOf(upload));
    expect(other).toBeDefined();
    const fromOther = await request.get(`http://${other}${mediaUrl}`);
    expect(fromOther.status()).toBe(200);
    expect(fromOther.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await fromOther.body()).equals(
        await (await request.get(`http://${upstreamOf(upload)}${mediaUrl}`)).body(),
      ),
    ).toBe(true);

    // Save CSS.
    await page.getByRole('tab', { name: 'Style Editor' }).click();
    const style = page.getByRole('tabpanel', { name: 'Style Editor' });
    await style.getByRole('button', { name: 'Blue Professional' }).click();
    await style.getByRole('button', { name: 'Save CSS' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'CSS saved successfully!' })).toBeVisible();

    // Request a rating, and the reviewer submits it.
    await page.goto('/request-rating');
    await page.getByLabel('Reviewer Email').fill('shipper@cluster.example.com');
    await page.getByLabel('Load Number').fill('LD-2002');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByRole('status')).toHaveText('Rating request sent successfully!');
    await page.goto(await latestLinkTo('shipper@cluster.example.com'));
    for (const group of ['On-Time Performance', 'Communication', 'Service Quality'])
      await page.getByRole('group', { name: group }).locator('label', { hasText: '4 stars' }).click();
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(page.getByRole('status')).toHaveText('Rating submitted successfully!');

    // Round-robin sent the flow's API calls to both instances, consecutive calls to different ones.
    const instances = instanceAddresses();
    expect(new Set(api.map((call) => call.upstream))).toEqual(new Set(instances));
    const switches = api.filter((call, index) => index > 0 && call.upstream !== api[index - 1]!.upstream);
    expect(switches.length).toBeGreaterThanOrEqual(api.length / 3);
  });

  test('the link limit holds across instances: the 11th request in an hour is refused', async ({
    request,
  }) => {
    // Counters of the flow above go; this client starts from zero.
    execFileSync('redis-cli', ['-u', clusterEnv().REDIS_URL!, 'flushall']);
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await request.post('/api/v1/auth/user-login', {
        data: { email: 'nobody@cluster.example.com' },
      });
      answers.push({ status: response.status(), upstream: upstreamOf(response) });
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(10).fill(404), 429]);
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(instanceAddresses()));
    // And again on the other instance.
    const again = await request.post('/api/v1/auth/user-login', {
      data: { email: 'nobody@cluster.example.com' },
    });
    expect(again.status()).toBe(429);
    expect(upstreamOf(again)).not.toBe(answers[10]!.upstream);
  });

  test('one instance is killed during a run of page views, and no GET fails', async ({ request }) => {
    const [survivor, victim] = instanceAddresses();
    const pages = ['/profile/880001', '/profile/880004', '/', '/profile/880008'];
    const answers: { status: number; upstream: string }[] = [];
    for (let i = 0; i < 40; i += 1) {
      if (i === 10) process.kill(Number(clusterEnv().INSTANCE_2_PID), 'SIGKILL');
      const response = await request.get(pages[i % pages.length]!);
      answers.push({ status: response.status(), upstream: upstreamOf(response) });
    }
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.slice(0, 10).map((answer) => answer.upstream)).toContain(victim);
    // After the kill every page came from the survivor; the first sent to the dead one was retried there.
    expect(answers.slice(10).every((answer) => answer.upstream.endsWith(survivor!))).toBe(true);
    expect(answers.slice(10).map((answer) => answer.upstream)).toContain(`${victim}, ${survivor}`);
  });
});
