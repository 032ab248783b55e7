import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { CROSS_SITE_DETAIL } from '../../http/cross-site.ts';
import { storedKeys } from './database-storage.ts';
import { imageDecodeQueue, MAX_PARALLEL_DECODES, MAX_WAITING_DECODES } from './image.ts';
import { MAX_UPLOAD_BYTES } from '../../../core/uploads.ts';

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        (part.contentType ? `\r\nContent-Type: ${part.contentType}` : '') +
        '\r\n\r\n',
    ),
    Buffer.from(part.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const filePart = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'file',
  data,
  filename,
  contentType,
});

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } });

describe(`media API on ${testDialect}`, () => {
  let app: TestApp;
  let dataDir: string;
  const tokens = { a: '', b: '' };
  const blocks = { equipment: 0, profilePicture: 0, safety: 0, foreign: 0 };
  let dotA = 0;

  const upload = (blockId: number | string, parts: Part[], token: string | null = tokens.a) => {
    const body = multipart(parts);
    return app.fastify.inject({
      method: 'POST',
      url: `/api/v1/content/blocks/${blockId}/media`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };
  const call = (method: 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
    app.fastify.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const createBlock = async (token: string, companyId: number, blockType: string) =>
    (
      await app.fastify.inject({
        method: 'POST',
        url: '/api/v1/content/blocks',
        payload: { company_id: companyId, block_type: blockType },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().id as number;
  /** The stored files' keys: rows of media_chunks on PostgreSQL, files under DATA_DIR/media on SQLite. */
  const storedFiles = async () =>
    testDialect === 'postgres'
      ? [...(await storedKeys(app.database.db))].sort()
      : readdirSync(path.join(dataDir, 'media')).sort();
  const assetCount = async () =>
    Number(
      (
        await app.database.db
          .selectFrom('assets')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-media-test-'));
    app = await createTestApp({ DATA_DIR: dataDir });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 8101, legal_name: 'A CO' }),
      carrier({ dot_number: 8102, legal_name: 'B CO' }),
    ]);
    const [a, b] = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .orderBy('dot_number')
      .execute();
    dotA = a!.dot_number;
    tokens.a = await signInOwner(app, a!, 'a@example.com');
    tokens.b = await signInOwner(app, b!, 'b@example.com');
    blocks.equipment = await createBlock(tokens.a, a!.id, 'equipment_pictures');
    blocks.profilePicture = await createBlock(tokens.a, a!.id, 'profile_picture');
    blocks.safety = await createBlock(tokens.a, a!.id, 'safety_score');
    blocks.foreign = await createBlock(tokens.b, b!.id, 'equipment_pictures');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts a PNG named .jpg by its content, stores it as PNG and serves it with long caching', async () => {
    const png = await solid(40, 30).png().toBuffer();
    const response = await upload(blocks.equipment, [
      filePart(png, 'truck.jpg', 'image/jpeg'),
      { name: 'alt_text', data: '  Our blue Peterbilt  ' },
    ]);
    expect(response.statusCode).toBe(201);
    const asset = response.json();
    expect(asset).toMatchObject({
      block_id: blocks.equipment,
      alt_text: 'Our blue Peterbilt',
      type: 'image',
    });
    expect(asset.url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(asset.asset_url).toBe(asset.url);

    const served = await app.fastify.inject({ method: 'GET', url: asset.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

    const profile = await app.fastify.inject({ method: 'GET', url: `/api/v1/companies/profile/${dotA}` });
    const equipment = profile.json().blocks.find((block: { id: number }) => block.id === blocks.equipment);
    expect(equipment.assets).toEqual([
      {
        id: asset.id,
        url: asset.url,
        alt_text: 'Our blue Peterbilt',
        type: 'image',
        width: 40,
        height: 30,
        variants: asset.variants,
      },
    ]);
  });

  it('stores 320, 640 and 1280 px copies in the upload’s format and in WebP, and a full-width WebP', async () => {
    const jpeg = await solid(1600, 1200).jpeg().toBuffer();
    const response = await upload(blocks.equipment, [filePart(jpeg)]);
    expect(response.statusCode).toBe(201);
    const asset = response.json();
    expect(asset).toMatchObject({ width: 1600, height: 1200 });
    const expected = [
      [320, 240, 'image/jpeg'],
      [320, 240, 'image/webp'],
      [640, 480, 'image/jpeg'],
      [640, 480, 'image/webp'],
      [1280, 960, 'image/jpeg'],
      [1280, 960, 'image/webp'],
      [1600, 1200, 'image/webp'],
    ];
    expect(
      asset.variants.map((v: { width: number; height: number; content_type: string }) => [
        v.width,
        v.height,
        v.content_type,
      ]),
    ).toEqual(expected);
    for (const variant of asset.variants) {
      expect(variant.url).toMatch(/^\/media\/[0-9a-f]{32}\.(jpg|webp)$/);
      const served = await app.fastify.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(variant.content_type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height, `image/${meta.format}`]).toEqual([
        variant.width,
        variant.height,
        variant.content_type,
      ]);
    }
  });

  it('never upscales: a 300 px image gets only a WebP copy of its own size', async () => {
    const png = await solid(300, 100).png().toBuffer();
    const asset = (await upload(blocks.equipment, [filePart(png, 'small.png', 'image/png')])).json();
    expect(asset).toMatchObject({ width: 300, height: 100 });
    expect(asset.variants).toEqual([
      { url: expect.stringMatching(/\.webp$/), content_type: 'image/webp', width: 300, height: 100 },
    ]);
    const served = await app.fastify.inject({ method: 'GET', url: asset.variants[0].url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 100,
    });
  });

  it('makes only WebP copies of a WebP, and keeps an animated GIF’s copies animated', async () => {
    const webp = await solid(700, 350).webp().toBuffer();
    const still = (await upload(blocks.equipment, [filePart(webp, 'x.webp', 'image/webp')])).json();
    expect(
      still.variants.map((v: { width: number; content_type: string }) => [v.width, v.content_type]),
    ).toEqual([
      [320, 'image/webp'],
      [640, 'image/webp'],
    ]);

    const twoFrames = await sharp(
      Buffer.concat([Buffer.alloc(400 * 200 * 3, 40), Buffer.alloc(400 * 200 * 3, 200)]),
      { raw: { width: 400, height: 400, channels: 3, pageHeight: 200 } },
    )
      .gif()
      .toBuffer();
    const moving = (await upload(blocks.equipment, [filePart(twoFrames, 'loop.gif', 'image/gif')])).json();
    expect(moving).toMatchObject({ width: 400, height: 200 });
    for (const variant of moving.variants) {
      const served = await app.fastify.inject({ method: 'GET', url: variant.url });
      const meta = await sharp(served.rawPayload, { animated: true }).metadata();
      expect(meta.pages).toBe(2);
      expect(meta.pageHeight).toBe(variant.height);
      expect(meta.width).toBe(variant.width);
    }
  });

  it('refuses an HTML file named .png, and stores nothing', async () => {
    const before = await storedFiles();
    const response = await upload(blocks.equipment, [
      filePart(Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png', 'image/png'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ detail: 'Only JPEG, PNG, GIF or WebP images can be uploaded' });
    expect(await storedFiles()).toEqual(before);
  });

  it('re-encodes a JPEG upright and without its EXIF and GPS data', async () => {
    // 60x20 pixels stored sideways: EXIF orientation 6 says "turn 90 degrees clockwise to view".
    const jpeg = await solid(60, 20)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Secret Camera Co' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 46/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.toString('latin1')).toContain('Secret Camera Co');
    expect(original.orientation).toBe(6);

    const asset = (await upload(blocks.equipment, [filePart(jpeg)])).json();
    expect(asset.url).toMatch(/\.jpg$/);
    const stored = (await app.fastify.inject({ method: 'GET', url: asset.url })).rawPayload;
    expect(stored.toString('latin1')).not.toContain('Secret Camera Co');
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 60 });
  });

  it('keeps an animated GIF animated', async () => {
    const frames = 3;
    const gif = await sharp(
      Buffer.concat(Array.from({ length: frames }, (_frame, index) => Buffer.alloc(16 * 16 * 3, index * 80))),
      { raw: { width: 16, height: 16 * frames, channels: 3, pageHeight: 16 } },
    )
      .gif()
      .toBuffer();
    const asset = (await upload(blocks.equipment, [filePart(gif, 'loop.gif', 'image/gif')])).json();
    const stored = (await app.fastify.inject({ method: 'GET', url: asset.url })).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'gif', pages: frames });
  });

  it('scales an image down to fit 2560 x 2560', async () => {
    const wide = await solid(3000, 300).png().toBuffer();
    const asset = (await upload(blocks.equipment, [filePart(wide, 'wide.png', 'image/png')])).json();
    const stored = (await app.fastify.inject({ method: 'GET', url: asset.url })).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ width: 2560, height: 256 });
  });

  it('keeps a WebP as WebP', async () => {
    const webp = await solid(12, 10).webp().toBuffer();
    const asset = (await upload(blocks.equipment, [filePart(webp, 'x.gif', 'image/gif')])).json();
    expect(asset.url).toMatch(/\.webp$/);
    const served = await app.fastify.inject({ method: 'GET', url: asset.url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 12 });
  });

  it('refuses a file over 5 MB with 413 while it streams in', async () => {
    const tooBig = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff);
    const response = await upload(blocks.equipment, [filePart(tooBig)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: 'File size exceeds 5MB limit' });
    // Exactly 5 MB passes the size check and is then judged by its content.
    const jpegStart = Buffer.alloc(MAX_UPLOAD_BYTES);
    jpegStart.set([0xff, 0xd8, 0xff, 0xe0]);
    const atLimit = await upload(blocks.equipment, [filePart(jpegStart)]);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).toMatchObject({ detail: 'The file could not be read as an image' });
  });

  it('refuses a decompression bomb: a small file declaring a huge canvas', async () => {
    const bomb = await solid(10_000, 6_000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const response = await upload(blocks.equipment, [filePart(bomb, 'bomb.png', 'image/png')]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      detail:
        'The image is too large: a PNG may have at most 50 megapixels; this one has 10000 x 6000 (60 megapixels)',
    });
  });

  it('refuses a small GIF of many large frames from its header, before decoding it', async () => {
    // The finding's file: 45 frames of 1000 x 1000 in about 80 KB, which took 2.5 s of CPU to re-encode.
    const frames = 45;
    const raw = Buffer.alloc(1000 * 1000 * 3 * frames);
    for (let frame = 0; frame < frames; frame += 1) {
      raw.fill((frame * 37) % 256, frame * 3_000_000, (frame + 1) * 3_000_000);
    }
    const gif = await sharp(raw, {
      raw: { width: 1000, height: 1000 * frames, channels: 3, pageHeight: 1000 },
    })
      .gif({ effort: 1, dither: 0 })
      .toBuffer();
    expect(gif.length).toBeLessThan(200_000);
    const queued = vi.spyOn(imageDecodeQueue, 'run');
    try {
      const before = await assetCount();
      const response = await upload(blocks.equipment, [filePart(gif, 'frames.gif', 'image/gif')]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        detail:
          'The image is too large: an animated GIF may have at most 2.5 megapixels in all its frames together; this one has 45 frames of 1000 x 1000 (45 megapixels)',
      });
      // Refused from the header: it never waited for, nor took, a decoding slot.
      expect(queued).not.toHaveBeenCalled();
      expect(await assetCount()).toBe(before);
    } finally {
      queued.mockRestore();
    }
  });

  it('refuses uploads with 503 and Retry-After while the image queue is full', async () => {
    const png = await solid(8, 8).png().toBuffer();
    // Occupy every decoding slot and every waiting place with work that ends when the test says so.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const occupied = Array.from({ length: MAX_PARALLEL_DECODES + MAX_WAITING_DECODES }, () =>
      imageDecodeQueue.run(() => gate),
    );
    expect(imageDecodeQueue.full).toBe(true);
    const before = await assetCount();

    const refused = await upload(blocks.equipment, [filePart(png)]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      detail: 'The server is busy processing other images. Please try again in 5 seconds.',
    });
    expect(await assetCount()).toBe(before);

    release();
    await Promise.all(occupied);
    expect(imageDecodeQueue.full).toBe(false);
    expect((await upload(blocks.equipment, [filePart(png)])).statusCode).toBe(201);
  });

  it.each([
    ['no file', [{ name: 'alt_text', data: 'Truck' }], 400, 'file: an image file is required'],
    ['an empty file', [filePart(Buffer.alloc(0))], 400, 'file: an image file is required'],
    [
      'a file in another field',
      [{ ...filePart(Buffer.from('x')), name: 'image' }],
      400,
      'The image must be sent in the file field',
    ],
    ['two files', [filePart(Buffer.from('x')), filePart(Buffer.from('y'))], 400, 'Send one file per upload'],
    [
      'many fields',
      [filePart(Buffer.from('x')), ...Array.from({ length: 6 }, () => ({ name: 'note', data: 'x' }))],
      400,
      'Send only the file and alt_text fields',
    ],
    [
      'a long alt text',
      [filePart(Buffer.from('x')), { name: 'alt_text', data: 'a'.repeat(301) }],
      400,
      'alt_text: must be at most 300 characters',
    ],
    [
      'an alt text with a bidi override',
      [filePart(Buffer.from('x')), { name: 'alt_text', data: 'Truck \u202Ekcurt' }],
      400,
      'alt_text: cannot contain control or format characters',
    ],
    [
      'a truncated image',
      [filePart(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))],
      400,
      'The file could not be read as an image',
    ],
  ] as const)('refuses %s', async (_case, parts, status, detail) => {
    const response = await upload(blocks.equipment, [...parts]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ detail });
  });

  it('refuses bodies that are not multipart forms', async () => {
    const json = await app.fastify.inject({
      method: 'POST',
      url: `/api/v1/content/blocks/${blocks.equipment}/media`,
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${tokens.a}` },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toContain('multipart/form-data');
    const broken = await app.fastify.inject({
      method: 'POST',
      url: `/api/v1/content/blocks/${blocks.equipment}/media`,
      payload: '--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
      headers: { authorization: `Bearer ${tokens.a}`, 'content-type': 'multipart/form-data; boundary=nope' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ detail: 'The upload is not a valid multipart form' });
  });

  it('parses multipart bodies on the upload route only', async () => {
    const body = multipart([{ name: 'block_type', data: 'about_us' }]);
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/content/blocks',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens.a}` },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ detail: 'Unsupported content type' });
  });

  it('needs a session, a well-formed id and a block of the own company', async () => {
    const png = await solid(8, 8).png().toBuffer();
    const before = await assetCount();
    // Without a bearer token a multipart form could come from any site's <form>: refused before it is read.
    const anonymous = await upload(blocks.equipment, [filePart(png)], null);
    expect(anonymous.statusCode).toBe(415);
    expect(anonymous.json()).toMatchObject({ detail: CROSS_SITE_DETAIL });
    expect((await upload(blocks.equipment, [filePart(png)], 'not-a-session')).statusCode).toBe(401);
    const malformed = await upload('abc', [filePart(png)]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toContain('block id');
    const foreign = await upload(blocks.foreign, [filePart(png)]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: 'Block not found' });
    expect(await assetCount()).toBe(before);
  });

  it('bounds the images per block and takes none on blocks without images', async () => {
    const png = await solid(8, 8).png().toBuffer();
    expect((await upload(blocks.profilePicture, [filePart(png)])).statusCode).toBe(201);
    const second = await upload(blocks.profilePicture, [filePart(png)]);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ detail: 'Maximum 1 file(s) allowed' });
    const safety = await upload(blocks.safety, [filePart(png)]);
    expect(safety.statusCode).toBe(400);
    expect(safety.json()).toMatchObject({ detail: 'A safety_score block does not take images' });
  });

  it('returns a block’s images with the block when it is updated', async () => {
    const updated = await call('PUT', `/api/v1/content/blocks/${blocks.profilePicture}`, tokens.a, {
      block_width: 'half',
    });
    expect(updated.json().assets).toHaveLength(1);
    expect(updated.json().assets[0].url).toMatch(/^\/media\//);
  });

  it('deletes only the own assets, with their stored files', async () => {
    const png = await solid(700, 100).png().toBuffer();
    const asset = (await upload(blocks.equipment, [filePart(png)])).json();
    const files = [asset.url, ...asset.variants.map((variant: { url: string }) => variant.url)];
    expect(files).toHaveLength(6);
    const url = `/api/v1/content/media/${asset.id}`;
    expect((await call('DELETE', url, null)).statusCode).toBe(415);
    expect((await call('DELETE', url, 'not-a-session')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/v1/content/media/abc', tokens.a)).statusCode).toBe(400);
    const foreign = await call('DELETE', url, tokens.b);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: 'Asset not found' });
    expect((await app.fastify.inject({ method: 'GET', url: asset.url })).statusCode).toBe(200);

    expect((await call('DELETE', url, tokens.a)).statusCode).toBe(204);
    for (const file of files) {
      expect((await app.fastify.inject({ method: 'GET', url: file })).statusCode).toBe(404);
      expect(await storedFiles()).not.toContain(file.slice('/media/'.length));
    }
    expect((await call('DELETE', url, tokens.a)).statusCode).toBe(404);
  });

  it('deletes a block’s stored files with the block', async () => {
    const assets = await app.database.db
      .selectFrom('assets')
      .select(['url', 'storage_key', 'variants'])
      .where('block_id', '=', blocks.equipment)
      .execute();
    expect(assets.length).toBeGreaterThan(0);
    const keys = assets.flatMap((asset) => [
      asset.storage_key,
      ...(JSON.parse(asset.variants) as { key: string }[]).map((variant) => variant.key),
    ]);
    expect(keys.length).toBeGreaterThan(assets.length);
    expect(await storedFiles()).toEqual(expect.arrayContaining(keys));
    expect((await call('DELETE', `/api/v1/content/blocks/${blocks.equipment}`, tokens.a)).statusCode).toBe(
      204,
    );
    for (const key of keys) {
      expect((await app.fastify.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
      expect(await storedFiles()).not.toContain(key);
    }
    expect(
      await app.database.db
        .selectFrom('assets')
        .select('id')
        .where(
          'url',
          'in',
          assets.map((a) => a.url),
        )
        .execute(),
    ).toEqual([]);
  });

  it.each([
    '/media/..%2fsecret.txt',
    '/media/..%2f..%2fsecret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/../secret.txt',
    '/media/',
    '/media/0123456789abcdef0123456789abcdef.jpg',
    '/media/0123456789abcdef0123456789abcdef.txt',
    '/media/sub/0123456789abcdef0123456789abcdef.jpg',
  ])('answers 404 for %s', async (url) => {
    writeFileSync(path.join(dataDir, 'secret.txt'), 'do not serve');
    const response = await app.fastify.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('do not serve');
  });
});
