/**
 * Upload benchmark (npm run bench:upload): starts the built server on a fresh SQLite data directory
 * with claimed carriers and their sessions, generates a photo-like JPEG just under the 5 MB limit
 * (a gradient with noise, so it does not compress away), and uploads it 100 times with 4 uploads in
 * flight. Prints throughput, latency and the server's resident memory, sampled every 50 ms, with
 * the figure after each quarter of the uploads: it must not grow with their number. Ends with a
 * 50 MB upload, which must be refused (413) without the server's memory rising.
 * Build first: npm run build.
 *
 *   npm run bench:upload [-- --uploads 100 --concurrency 4]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createSessionTokens } from '../../server/domains/auth/session-token.ts';
import { IMAGE_LIMITS } from '../../core/block-types.ts';
import { MAX_UPLOAD_BYTES } from '../../core/uploads.ts';
import { insertContentBlock } from '../../tests/support/factories.ts';
import { startBuiltServer } from './built-server.ts';
import { percentile, residentMb } from './figures.ts';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '4' },
    port: { type: 'string', default: '3196' },
  },
});
const uploads = Number(values.uploads);
const concurrency = Number(values.concurrency);
const JWT_SECRET = randomBytes(32).toString('hex');
const perBlock = IMAGE_LIMITS.equipment_pictures!;

/** A 12-megapixel JPEG at the highest quality that stays under the upload limit. */
async function photoJustUnderLimit(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const pixels = randomBytes(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (((x * 224) / width) | 0) + (pixels[i]! & 31);
      pixels[i + 1] = (((y * 224) / height) | 0) + (pixels[i + 1]! & 31);
      pixels[i + 2] = 110 + (pixels[i + 2]! & 31);
    }
  }
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let best: Buffer | undefined;
  let [low, high] = [40, 100];
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const candidate = await encode(quality);
    if (candidate.length <= MAX_UPLOAD_BYTES) {
      best = candidate;
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  if (!best) throw new Error('could not make a photo under the limit');
  return best;
}

/** Claimed carriers, each with an equipment block and an owner session (a block holds `perBlock` images). */
async function prepareOwners(dataDir: string, count: number) {
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'app.db') });
  await migrateToLatest(db, 'sqlite');
  const sessions = createSessionTokens(JWT_SECRET, () => new Date());
  const now = new Date().toISOString();
  const owners = [];
  for (let index = 0; index < count; index += 1) {
    const dot = 7_000_001 + index;
    const email = `owner${index}@example.com`;
    const company = await db
      .insertInto('companies')
      .values({
        dot_number: dot,
        name: `BENCH CARRIER ${index}`,
        claimed: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({ company_id: company.id, email, is_admin: 1, is_active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blockId = await insertContentBlock(db, {
      company_id: company.id,
      block_type: 'equipment_pictures',
      block_title: 'Our Equipment',
      block_position: 0,
    });
    const token = await sessions.sign({
      sub: String(company.id),
      dot: String(dot),
      user_id: user.id,
      is_admin: true,
      email,
      session_version: 0,
    });
    owners.push({ blockId, token });
  }
  await db.destroy();
  return owners;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-upload-'));
try {
  const dataDir = path.join(workDir, 'data');
  // One more owner than the uploads fill keeps an empty block for the oversized upload at the end.
  const owners = await prepareOwners(dataDir, Math.ceil(uploads / perBlock) + 1);
  const photo = await photoJustUnderLimit();
  const photoBlob = new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
  const server = await startBuiltServer(Number(values.port), dataDir, {
    JWT_SECRET,
    RATE_LIMIT_MAX: '100000000',
  });
  try {
    const idleMb = residentMb(server.pid, 'VmRSS');
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, residentMb(server.pid, 'VmRSS'));
    }, 50);

    const latencies: number[] = [];
    const checkpoints: string[] = [];
    let next = 0;
    let failures = 0;
    const uploadOne = async (index: number) => {
      const owner = owners[Math.floor(index / perBlock)]!;
      const form = new FormData();
      form.append('file', photoBlob, `truck-${index}.jpg`);
      form.append('alt_text', `Truck ${index}`);
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/v1/content/blocks/${owner.blockId}/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 201) failures += 1;
      if (latencies.length % Math.ceil(uploads / 4) === 0 || latencies.length === uploads) {
        checkpoints.push(`${latencies.length}: ${residentMb(server.pid, 'VmRSS')} MB`);
      }
    };
    const worker = async () => {
      while (next < uploads) await uploadOne(next++);
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const sorted = [...latencies].sort((a, b) => a - b);
    const megabytes = (photo.length * uploads) / 1024 / 1024;
    console.log(
      `${uploads} uploads of a ${(photo.length / 1024 / 1024).toFixed(2)} MB 4032x3024 JPEG, ${concurrency} in flight, ${os.cpus().length} cores`,
    );
    console.log(`failures (not 201): ${failures}`);
    console.log(
      `throughput: ${(uploads / seconds).toFixed(2)} uploads/s, ${(megabytes / seconds).toFixed(1)} MB/s (${seconds.toFixed(1)} s)`,
    );
    console.log(
      `latency: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
    );
    console.log(
      `server RSS: idle ${idleMb} MB, peak sampled ${peakMb} MB, high-water mark ${residentMb(server.pid, 'VmHWM')} MB`,
    );
    console.log(`server RSS after uploads: ${checkpoints.join(', ')}`);

    // An oversized upload is refused at the limit and never held whole: the server's RSS stays put.
    const oversized = new FormData();
    oversized.append('file', new Blob([new Uint8Array(50 * 1024 * 1024)]), 'huge.jpg');
    const spare = owners.at(-1)!;
    const refused = await fetch(`${server.baseUrl}/api/v1/content/blocks/${spare.blockId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${spare.token}` },
      body: oversized,
    });
    console.log(
      `a 50 MB upload: ${refused.status} ${JSON.stringify(await refused.json())}, server RSS then ${residentMb(server.pid, 'VmRSS')} MB`,
    );
  } finally {
    server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
