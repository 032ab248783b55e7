/**
 * Page benchmark (npm run bench:pages, issue 17): generates a small demo data set, makes one carrier a
 * claimed profile with a header image, a profile picture, an about-us block and 10 equipment photos
 * (uploaded through the media service, as the editor does), starts the built server and runs
 * Lighthouse (mobile defaults, Debian's Chromium) on the public pages. Prints the four category
 * scores with LCP, TBT, CLS, the bytes transferred and the JavaScript transferred per page (Lighthouse's
 * transfer sizes, response headers included), beside the targets. Builds nothing: run npm run build first.
 *
 *   npm run bench:pages [-- --carriers 2000 --runs 1 --chromium /usr/bin/chromium]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { cityPagePath } from '../../core/cities.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { resolveSessionSecret } from '../../server/domains/auth/session-secret.ts';
import { createServices } from '../../server/services.ts';
import { insertContentBlock } from '../../tests/support/factories.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { startBuiltServer } from './built-server.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '2000' },
    // Lighthouse's performance score moves between runs; with several runs the median is printed.
    runs: { type: 'string', default: '1' },
    chromium: { type: 'string', default: CHROMIUM_PATH },
    port: { type: 'string', default: '3198' },
  },
});

/** The targets of issue 17. */
const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, javaScriptKb: 90 };

/** A photo-like JPEG (a gradient with noise compresses like a photo, unlike a flat colour). */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const offset = (y * width + x) * channels;
      pixels[offset] = (x * 255) / width + (state % 24);
      pixels[offset + 1] = (y * 255) / height + (state % 16);
      pixels[offset + 2] = ((x + y + seed * 40) % 255) + (state % 8);
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 85 }).toBuffer();
}

/** The first carrier becomes the claimed profile of the issue; the second stays an unclaimed default profile. */
async function seedClaimedProfile(dataDir: string, db: Db) {
  const [claimed, unclaimed] = await db
    .selectFrom('companies')
    .select(['id', 'dot_number'])
    .orderBy('id')
    .limit(2)
    .execute();
  if (!claimed || !unclaimed) throw new Error('the demo data has no carriers');
  await db.updateTable('companies').set({ claimed: 1 }).where('id', '=', claimed.id).execute();
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir });
  const jwtSecret = await resolveSessionSecret(config, db);
  const services = createServices(
    { ...config, jwtSecret },
    db,
    () => new Date(),
    Fastify({ logger: false }).log,
  );

  const blocks = [
    ['header_picture', 'Header', '', 'full', [await photo(1600, 500, 1)]],
    ['profile_picture', 'Logo', '', 'one-third', [await photo(400, 400, 2)]],
    [
      'about_us',
      'About Our Company',
      'Family owned since 1987.\nDry van and reefer freight across the Midwest, with our own drivers.',
      'two-thirds',
      [],
    ],
    ['safety_score', 'Safety Score', '', 'half', []],
    ['inspection_heatmap', 'Inspection Heat Map', '', 'half', []],
    [
      'equipment_pictures',
      'Our Equipment',
      '',
      'full',
      await Promise.all(Array.from({ length: 10 }, (_, index) => photo(1200, 800, 10 + index))),
    ],
    ['ratings', 'Customer Ratings', '', 'full', []],
  ] as const;
  for (const [position, [block_type, block_title, block_content, block_width, images]] of blocks.entries()) {
    const blockId = await insertContentBlock(db, {
      company_id: claimed.id,
      block_type,
      block_title,
      block_content,
      block_position: position,
      block_width,
      start_new_row: position === 0 || block_width === 'full' || block_type === 'profile_picture' ? 1 : 0,
    });
    for (const [index, data] of images.entries()) {
      await services.media.upload(claimed.id, blockId, async () => ({
        data,
        altText: `${block_title} ${index + 1}`,
      }));
    }
  }
  return { claimed: claimed.dot_number, unclaimed: unclaimed.dot_number };
}

/** The city with the most carriers, so its page has results. */
async function busiestCityPath(db: Db): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select(['phy_city', 'phy_state', db.fn.countAll().as('carriers')])
    .groupBy(['phy_city', 'phy_state'])
    .orderBy('carriers', 'desc')
    .executeTakeFirstOrThrow();
  return cityPagePath(row.phy_city ?? '', row.phy_state ?? '');
}

interface PageResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKb: number;
  javaScriptKb: number;
  /** What keeps a category below 100: the failing audits' ids. */
  failing: string[];
  lighthouseVersion: string;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

async function measure(url: string, port: number): Promise<PageResult> {
  const runnerResult = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = runnerResult.lhr;
  // A run Lighthouse could not complete (its scores would read 0) is reported, never counted.
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const requests = ((audits['network-requests']?.details as { items?: NetworkRequest[] })?.items ??
    []) as NetworkRequest[];
  const javaScriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}:${ref.id}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferredKb: numeric('total-byte-weight') / 1024,
    javaScriptKb: javaScriptBytes / 1024,
    failing,
    lighthouseVersion: runnerResult.lhr.lighthouseVersion,
  };
}

/** The run with the median performance score. */
function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-pages-'));
try {
  const dataDir = path.join(workDir, 'data');
  const filename = path.join(dataDir, 'app.db');
  const carriers = Number(values.carriers);
  console.log(`Generating and importing ${carriers.toLocaleString('en-US')} demo carriers ...`);
  const files = await generateDemoData({ carriers, seed: 7, outDir: workDir });
  const db = openDatabase({ dialect: 'sqlite', filename });
  await migrateToLatest(db, 'sqlite');
  await importFiles(db, 'sqlite', [files.census, files.inspections, files.crashes], { showProgress: false });
  const dots = await seedClaimedProfile(dataDir, db);
  const cityPath = await busiestCityPath(db);
  await db.destroy();

  const pages = [
    ['home', '/'],
    ['search', '/search?q=trucking'],
    ['city', cityPath],
    ['profile (unclaimed)', `/profile/${dots.unclaimed}`],
    ['how it works', '/how-it-works'],
    ['claimed profile (images)', `/profile/${dots.claimed}`],
  ] as const;

  const server = await startBuiltServer(Number(values.port), dataDir, {
    RATE_LIMIT_MAX: '100000000',
    // The server's start-up warning about mail (no SMTP) is no part of the measurement.
    LOG_LEVEL: 'error',
  });
  const chrome = await chromeLauncher.launch({ chromePath: values.chromium, chromeFlags: CHROMIUM_FLAGS });
  try {
    const rows: string[] = [];
    let version = '';
    const failing = new Set<string>();
    for (const [label, pagePath] of pages) {
      const results: PageResult[] = [];
      for (let run = 0; run < Number(values.runs); run += 1) {
        try {
          results.push(await measure(`${server.baseUrl}${pagePath}`, chrome.port));
        } catch (error) {
          console.error((error as Error).message);
        }
      }
      if (results.length === 0) {
        rows.push(`${label} ${pagePath} | no complete run`);
        continue;
      }
      const result = median(results);
      version = result.lighthouseVersion;
      result.failing.forEach((audit) => failing.add(`${label}: ${audit}`));
      rows.push(
        [
          `${label} ${pagePath}`,
          result.performance,
          result.accessibility,
          result.bestPractices,
          result.seo,
          `${(result.lcpMs / 1000).toFixed(1)} s`,
          `${Math.round(result.tbtMs)} ms`,
          result.cls.toFixed(3),
          `${result.transferredKb.toFixed(0)} KB`,
          `${result.javaScriptKb.toFixed(1)} KB`,
        ].join(' | '),
      );
    }
    console.log(
      `\nLighthouse ${version}, mobile defaults, ${carriers.toLocaleString('en-US')} demo carriers` +
        `${Number(values.runs) > 1 ? `, median of ${values.runs} runs` : ''}\n`,
    );
    console.log(
      '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | transferred | JavaScript |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    console.log(
      `| target | >= ${TARGETS.performance} | ${TARGETS.accessibility} | ${TARGETS.bestPractices} | ${TARGETS.seo} | | | | | <= ${TARGETS.javaScriptKb} KB |`,
    );
    for (const row of rows) console.log(`| ${row} |`);
    if (failing.size > 0) console.log(`\nAudits below 100:\n  ${[...failing].join('\n  ')}`);
  } finally {
    await chrome.kill();
    server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
