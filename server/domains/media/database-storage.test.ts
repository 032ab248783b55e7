import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveMediaIntoDatabase } from '../../../cli/media/move.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { CHUNK_BYTES, createDatabaseStorage } from './database-storage.ts';

async function readAll(stream: NodeJS.ReadableStream): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

/** Media in the database exist on PostgreSQL only; SQLite keeps them on disk (storage.test.ts). */
describe.skipIf(testDialect !== 'postgres')('media in the database (PostgreSQL)', () => {
  let app: TestApp;
  let secondPool: Db;
  let second: App;
  const dataDirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-media-db-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    app = await createTestApp();
    // A second instance of the same deployment: its own pool and its own (empty) DATA_DIR.
    secondPool = openDatabase(app.database.config);
    second = await buildApp({
      config: {
        ...loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: tempDir(),
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
          LOG_LEVEL: 'silent',
        }),
        database: app.database.config,
      },
      db: secondPool,
      logger: false,
    });
  });
  afterAll(async () => {
    await second.fastify.close();
    await secondPool.destroy();
    await app.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('stores a file as chunks, streams it back a chunk at a time, and deletes it', async () => {
    const storage = createDatabaseStorage(app.database.db);
    const data = randomBytes(2 * CHUNK_BYTES + 1000);
    const key = await storage.put(data, 'jpg');
    const file = await storage.read(key);
    expect(file?.size).toBe(data.length);
    const { bytes, chunks } = await readAll(file!.stream);
    expect(bytes.equals(data)).toBe(true);
    expect(chunks).toBe(3);
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    await storage.delete(key);
    expect(await storage.read('../etc/passwd')).toBeNull();
    await expect(storage.put(Buffer.from('x'), '../x')).rejects.toThrow('extension');
  });

  it('serves a photo uploaded through one instance from the other, with the same caching', async () => {
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 8301, legal_name: 'SHARED MEDIA CO' }),
    ]);
    const company = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .where('dot_number', '=', 8301)
      .executeTakeFirstOrThrow();
    const token = await signInOwner(app, company, 'owner@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const block = await app.fastify.inject({
      method: 'POST',
      url: '/api/v1/content/blocks',
      payload: { company_id: company.id, block_type: 'equipment_pictures' },
      headers: auth,
    });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const boundary = 'media-db-test-boundary';
    const uploaded = await app.fastify.inject({
      method: 'POST',
      url: `/api/v1/content/blocks/${block.json().id}/media`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="truck.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json().url as string;
    const here = await app.fastify.inject({ method: 'GET', url });
    const there = await second.fastify.inject({ method: 'GET', url });
    expect(there.statusCode).toBe(200);
    expect(there.headers['content-type']).toBe('image/png');
    expect(there.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    expect(Number(there.headers['content-length'])).toBe(there.rawPayload.length);
    const missing = await second.fastify.inject({ method: 'GET', url: `/media/${'0'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
  });

  it('moves files from DATA_DIR/media into the database under the same keys, and can be run again', async () => {
    const dir = path.join(tempDir(), 'media');
    const storage = createDatabaseStorage(app.database.db);
    const files = {
      [`${'a'.repeat(32)}.png`]: randomBytes(CHUNK_BYTES + 5),
      [`${'b'.repeat(32)}.webp`]: randomBytes(10),
    };
    mkdirSync(dir, { recursive: true });
    for (const [key, data] of Object.entries(files)) writeFileSync(path.join(dir, key), data);
    writeFileSync(path.join(dir, 'notes.txt'), 'not media');

    expect(await moveMediaIntoDatabase(app.database.db, dir)).toEqual({
      moved: 2,
      bytes: CHUNK_BYTES + 15,
      alreadyThere: 0,
    });
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    for (const [key, data] of Object.entries(files)) {
      const { bytes } = await readAll((await storage.read(key))!.stream);
      expect(bytes.equals(data)).toBe(true);
    }
    // Interrupted after committing, before deleting: the second run only deletes the file.
    const [firstKey, firstData] = Object.entries(files)[0]!;
    writeFileSync(path.join(dir, firstKey), firstData);
    expect(await moveMediaIntoDatabase(app.database.db, dir)).toEqual({
      moved: 0,
      bytes: 0,
      alreadyThere: 1,
    });
    expect(existsSync(path.join(dir, firstKey))).toBe(false);
    expect(await moveMediaIntoDatabase(app.database.db, path.join(dir, 'absent'))).toEqual({
      moved: 0,
      bytes: 0,
      alreadyThere: 0,
    });
  });
});
