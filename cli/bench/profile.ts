/**
 * Profile benchmark (npm run bench:profile): on a 1,000,000-carrier SQLite database (generated with
 * about a million inspections, or --sqlite-db to reuse one), makes one carrier a claimed profile with
 * 8 blocks and 20 equipment images, starts the built server, and measures with autocannon
 * (10 connections) the server-rendered claimed profile, an unclaimed default profile and the profile
 * API. Also prints the JavaScript a public profile page loads, gzipped. Build first: npm run build.
 *
 *   npm run bench:profile [-- --carriers 1000000 --seconds 10 --sqlite-db data/app.db]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { insertContentBlock } from '../../tests/support/factories.ts';
import { startBuiltServer } from './built-server.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    'sqlite-db': { type: 'string' },
  },
});

async function prepareClaimedProfile(db: Db): Promise<{ claimed: number; unclaimed: number }> {
  const [first, second] = await db
    .selectFrom('companies')
    .select(['id', 'dot_number'])
    .orderBy('id')
    .limit(2)
    .execute();
  if (!first || !second) throw new Error('the database has no carriers');
  const now = new Date().toISOString();
  await db.deleteFrom('content_blocks').where('company_id', '=', first.id).execute();
  await db.updateTable('companies').set({ claimed: 1 }).where('id', '=', first.id).execute();
  await db.updateTable('companies').set({ claimed: 0 }).where('id', '=', second.id).execute();
  await db.deleteFrom('content_blocks').where('company_id', '=', second.id).execute();
  const blocks = [
    [
      'about_us',
      'About Our Company',
      'Family owned since 1987.\nDry van and reefer across the Midwest.',
      'full',
    ],
    ['safety_score', 'Safety Score', '', 'half'],
    ['inspection_heatmap', 'Inspection Heat Map', '', 'half'],
    ['equipment_pictures', 'Our Equipment', '', 'full'],
    ['cargo_carrier', 'Cargo & Carrier Information', '', 'half'],
    ['fleet_information', 'Fleet Information', '', 'half'],
    ['ratings', 'Customer Ratings', '', 'one-third'],
    [
      'custom',
      'Lanes We Run',
      '<h3>Lanes</h3><ul><li>Chicago - Dallas</li><li>Dallas - Atlanta</li></ul>',
      'two-thirds',
    ],
  ] as const;
  for (const [position, [block_type, block_title, block_content, block_width]] of blocks.entries()) {
    const blockId = await insertContentBlock(db, {
      company_id: first.id,
      block_type,
      block_title,
      block_content,
      block_position: position,
      block_width,
      start_new_row: block_width === 'full' || block_width === 'one-third' || position === 1 ? 1 : 0,
    });
    if (block_type !== 'equipment_pictures') continue;
    for (let image = 1; image <= 20; image += 1) {
      await db
        .insertInto('assets')
        .values({
          company_id: first.id,
          block_id: blockId,
          storage_key: `bench/${image}.jpg`,
          url: `/media/bench/${image}.jpg`,
          alt_text: `Truck ${image}`,
          type: 'image',
          content_type: 'image/jpeg',
          byte_size: 100_000,
          created_at: now,
        })
        .execute();
    }
  }
  return { claimed: first.dot_number, unclaimed: second.dot_number };
}

/** Gzipped size of the JavaScript a page loads (its module scripts and preloads). */
async function pageJavaScriptGzipped(baseUrl: string, pagePath: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${pagePath}`)).text();
  const sources = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!),
  );
  let total = 0;
  for (const source of sources)
    total += gzipSync(Buffer.from(await (await fetch(`${baseUrl}${source}`)).arrayBuffer())).length;
  return total;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-profile-'));
try {
  let dataDir = path.join(workDir, 'data');
  let filename = path.join(dataDir, 'app.db');
  if (values['sqlite-db']) {
    filename = path.resolve(values['sqlite-db']);
    dataDir = path.dirname(filename);
  } else {
    const carriers = Number(values.carriers);
    console.log(`Generating and importing ${carriers.toLocaleString('en-US')} carriers ...`);
    const files = await generateDemoData({ carriers, seed: 5, outDir: workDir });
    const db = openDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(db, 'sqlite');
    await importFiles(db, 'sqlite', [files.census, files.inspections, files.crashes], {
      showProgress: false,
    });
    await db.destroy();
  }
  const db = openDatabase({ dialect: 'sqlite', filename });
  const dots = await prepareClaimedProfile(db);
  await db.destroy();

  const server = await startBuiltServer(3197, dataDir, { RATE_LIMIT_MAX: '100000000' });
  try {
    const targets = [
      [`claimed profile page (8 blocks, 20 images)`, `/profile/${dots.claimed}`],
      ['unclaimed profile page (default blocks)', `/profile/${dots.unclaimed}`],
      ['profile API', `/api/v1/companies/profile/${dots.claimed}`],
    ] as const;
    for (const [label, target] of targets) {
      const result = await autocannon({
        url: `${server.baseUrl}${target}`,
        connections: 10,
        duration: Number(values.seconds),
      });
      console.log(
        `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
      );
    }
    const kilobytes = (await pageJavaScriptGzipped(server.baseUrl, `/profile/${dots.unclaimed}`)) / 1024;
    console.log(`JavaScript loaded by a public profile page: ${kilobytes.toFixed(1)} KB gzipped`);
  } finally {
    server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
