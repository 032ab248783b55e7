import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { NO_SPACE_DETAIL } from './service.ts';
import { createLocalStorage, mediaDirIn, type MediaStorage } from './storage.ts';

/**
 * The media folder on a disk that fills up: the first `filesThatFit` files are stored for real, every
 * later one fails as a write to a full disk does (ENOSPC), after a partial write the storage removes.
 */
function fillingStorage(dir: string, errorCode: 'ENOSPC' | 'EDQUOT') {
  const disk = createLocalStorage(dir);
  const state = { filesThatFit: Infinity };
  const storage: MediaStorage = {
    ...disk,
    async put(data, extension) {
      if (state.filesThatFit <= 0)
        throw Object.assign(new Error(`${errorCode}: no space left on device, write`), { code: errorCode });
      state.filesThatFit -= 1;
      return disk.put(data, extension);
    },
  };
  return { storage, state };
}

/** A multipart/form-data body with one image, as a browser's FormData sends it. */
function imageForm(image: Buffer) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="truck.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe(`uploads on a full disk on ${testDialect}`, () => {
  let app: TestApp;
  let dataDir: string;
  let disk: ReturnType<typeof fillingStorage>;
  let token = '';
  let blockId = 0;
  let image: Buffer;

  const upload = () => {
    const form = imageForm(image);
    return app.fastify.inject({
      method: 'POST',
      url: `/api/v1/content/blocks/${blockId}/media`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
    });
  };
  // The folder is made on the first stored file.
  const storedFiles = () => (existsSync(mediaDirIn(dataDir)) ? readdirSync(mediaDirIn(dataDir)) : []);
  const assetCount = async () => (await app.database.db.selectFrom('assets').select('id').execute()).length;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-full-disk-test-'));
    disk = fillingStorage(mediaDirIn(dataDir), 'ENOSPC');
    app = await createTestApp({ DATA_DIR: dataDir }, { mediaStorage: disk.storage });
    await seedCarriers(app.database.db, testDialect, [carrier({ dot_number: 8301, legal_name: 'A CO' })]);
    const company = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .executeTakeFirstOrThrow();
    token = await signInOwner(app, company, 'a@example.com');
    blockId = (
      await app.fastify.inject({
        method: 'POST',
        url: '/api/v1/content/blocks',
        payload: { company_id: company.id, block_type: 'equipment_pictures' },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().id as number;
    // Wide enough for several copies (320, 640, 1280 px, WebP): the disk fills up between them.
    image = await sharp({ create: { width: 1400, height: 700, channels: 3, background: '#c83c14' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([0, 1, 3])(
    'answers 507 with a detail when the disk is full after %i file(s), and keeps no file and no row',
    async (filesThatFit) => {
      disk.state.filesThatFit = filesThatFit;
      const response = await upload();
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({ detail: NO_SPACE_DETAIL, code: 'insufficient_storage' });
      expect(storedFiles()).toEqual([]);
      expect(await assetCount()).toBe(0);
    },
  );

  it('keeps serving: the next upload succeeds once there is space again', async () => {
    disk.state.filesThatFit = Infinity;
    const response = await upload();
    expect(response.statusCode).toBe(201);
    expect(await assetCount()).toBe(1);
    const served = await app.fastify.inject({ method: 'GET', url: response.json().url });
    expect(served.statusCode).toBe(200);
  });
});

describe('an exceeded disk quota', () => {
  it('is reported like a full disk', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-quota-test-'));
    const { storage, state } = fillingStorage(mediaDirIn(dataDir), 'EDQUOT');
    state.filesThatFit = 2;
    const app = await createTestApp({ DATA_DIR: dataDir }, { mediaStorage: storage });
    try {
      await seedCarriers(app.database.db, testDialect, [carrier({ dot_number: 8302, legal_name: 'B CO' })]);
      const company = await app.database.db
        .selectFrom('companies')
        .select(['id', 'dot_number'])
        .executeTakeFirstOrThrow();
      const token = await signInOwner(app, company, 'b@example.com');
      const block = await app.fastify.inject({
        method: 'POST',
        url: '/api/v1/content/blocks',
        payload: { company_id: company.id, block_type: 'equipment_pictures' },
        headers: { authorization: `Bearer ${token}` },
      });
      const form = imageForm(
        await sharp({ create: { width: 900, height: 500, channels: 3, background: '#2040a0' } })
          .png()
          .toBuffer(),
      );
      const response = await app.fastify.inject({
        method: 'POST',
        url: `/api/v1/content/blocks/${block.json().id}/media`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(507);
      expect(response.json().code).toBe('insufficient_storage');
      expect(readdirSync(mediaDirIn(dataDir))).toEqual([]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
