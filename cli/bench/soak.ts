/**
 * Soak (npm run bench:soak, issue 20 item 7): generates demo data, makes ten carriers claimed profiles
 * with an owner session each, starts the built server on SQLite and sends mixed traffic on loopback for
 * 10 minutes: page views, searches, owners editing blocks and the capacity board, image uploads, rating
 * requests and the reviewers' submissions (the review link is read from the outbox table, where mail
 * goes without SMTP_URL). Every minute it prints per kind the requests, errors, p50 and p99, and the
 * server's resident memory; at the end the figures beside the targets: 0 errors, RSS at the end within
 * 10 % of RSS at minute 2, page-view p99 <= 100 ms in every minute. Builds nothing: npm run build first.
 * The machine may be shared: another process's load shows in the latencies.
 *
 *   npm run bench:soak [-- --minutes 10 --users 6 --carriers 2000 --port 3206]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { cityPagePath } from '../../core/cities.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { REQUESTS_PER_COMPANY_PER_DAY } from '../../server/domains/ratings/service.ts';
import { insertContentBlock } from '../../tests/support/factories.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { startBuiltServer } from './built-server.ts';
import { ownerSessions } from './owner-session.ts';
import { percentile, residentMb } from './figures.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    users: { type: 'string', default: '6' },
    carriers: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3206' },
  },
});
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
/**
 * Claimed profiles with an owner session. A company may send REQUESTS_PER_COMPANY_PER_DAY rating
 * requests a day (429 past it, as the spec's limit says), and the mix sends a few hundred a minute,
 * so the requests go round the owners in turn and there are enough owners for the whole run.
 */
const OWNERS = Math.max(10, Math.ceil((MINUTES * 400) / REQUESTS_PER_COMPANY_PER_DAY));
const JWT_SECRET = randomBytes(32).toString('hex');
/** A virtual user's pause between two actions, as a person's clicks are spaced. */
const THINK_MS = 50;
const TARGETS = { errors: 0, rssGrowthPercent: 10, pageP99Ms: 100 };

const KINDS = ['page', 'search', 'edit', 'capacity', 'upload', 'rating_request', 'rating_submit'] as const;
type Kind = (typeof KINDS)[number];
/** How often each action is picked (a rating is submitted only when a request waits for one). */
const WEIGHTS: [Kind, number][] = [
  ['page', 50],
  ['search', 20],
  ['edit', 8],
  ['capacity', 6],
  ['upload', 3],
  ['rating_request', 5],
  ['rating_submit', 5],
];

interface Owner {
  token: string;
  aboutBlockId: number;
  photosBlockId: number;
}

/** A photo-like JPEG (a gradient with noise), 1200 x 800: what an owner uploads. */
async function photo(): Promise<Buffer> {
  const [width, height, channels] = [1200, 800, 3] as const;
  const pixels = randomBytes(width * height * channels);
  for (let index = 0; index < pixels.length; index += channels) {
    const x = (index / channels) % width;
    pixels[index] = ((x * 200) / width + (pixels[index]! & 31)) | 0;
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 80 }).toBuffer();
}

/** The first demo carriers become claimed profiles with an about-us and a photos block, and a session each. */
async function prepareOwners(db: Db): Promise<Owner[]> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'dot_number'])
    .orderBy('id')
    .limit(OWNERS)
    .execute();
  const claimAsOwner = ownerSessions(db, JWT_SECRET);
  const owners: Owner[] = [];
  for (const company of companies) {
    const token = await claimAsOwner(company, `owner${company.dot_number}@soak.example.com`);
    const aboutBlockId = await insertContentBlock(db, {
      company_id: company.id,
      block_type: 'about_us',
      block_title: 'About Us',
      block_content: 'Family owned.',
      block_position: 0,
    });
    const photosBlockId = await insertContentBlock(db, {
      company_id: company.id,
      block_type: 'equipment_pictures',
      block_title: 'Our Equipment',
      block_position: 1,
    });
    owners.push({ token, aboutBlockId, photosBlockId });
  }
  return owners;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function pickKind(): Kind {
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'page';
}

interface Sample {
  kind: Kind;
  minute: number;
  ms: number;
  error: string | null;
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-soak-'));
try {
  const dataDir = path.join(workDir, 'data');
  const filename = path.join(dataDir, 'app.db');
  console.log(
    `Generating and importing ${Number(values.carriers).toLocaleString('en-US')} demo carriers ...`,
  );
  const files = await generateDemoData({ carriers: Number(values.carriers), seed: 11, outDir: workDir });
  const db = openDatabase({ dialect: 'sqlite', filename });
  await migrateToLatest(db, 'sqlite');
  await importFiles(db, 'sqlite', [files.census, files.inspections, files.crashes], { showProgress: false });
  const owners = await prepareOwners(db);
  const carriers = await db
    .selectFrom('companies')
    .select(['dot_number', 'name', 'phy_city', 'phy_state'])
    .execute();
  await db.destroy();
  const dots = carriers.map((row) => row.dot_number);
  const cityPaths = [
    ...new Set(carriers.slice(0, 200).map((row) => cityPagePath(row.phy_city ?? '', row.phy_state ?? ''))),
  ];
  const searchTerms = [
    ...new Set(carriers.slice(0, 300).flatMap((row) => [row.phy_city ?? '', row.name.split(' ')[0] ?? ''])),
  ].filter((term) => term.length > 2);
  const upload = new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' });

  const server = await startBuiltServer(Number(values.port), dataDir, {
    JWT_SECRET,
    RATE_LIMIT_MAX: '100000000',
    // Rating requests are limited per client address: each virtual reviewer comes through loopback
    // with its own X-Forwarded-For, as clients behind a proxy on this machine would.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'error',
  });
  const outbox = new Database(filename, { readonly: true, fileMustExist: true });
  const reviewIdTo = outbox.prepare<[string], { text_body: string }>(
    'SELECT text_body FROM outbox_messages WHERE to_address = ? ORDER BY id DESC LIMIT 1',
  );

  const started = performance.now();
  const endAt = started + MINUTES * 60_000;
  const minuteNow = () => Math.floor((performance.now() - started) / 60_000);
  const samples: Sample[] = [];
  const pendingReviews: string[] = [];
  let counter = 0;
  let ratingRequestsSent = 0;

  /** One request, timed; anything but the expected status is an error. */
  async function call(kind: Kind, url: string, expected: number, init: RequestInit = {}) {
    const begin = performance.now();
    let error: string | null = null;
    let body: unknown = null;
    try {
      const response = await fetch(`${server.baseUrl}${url}`, init);
      const text = await response.text();
      if (response.status !== expected)
        error = `${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 200)}`;
      else if (response.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
    } catch (cause) {
      error = `${init.method ?? 'GET'} ${url}: ${(cause as Error).message}`;
    }
    samples.push({ kind, minute: minuteNow(), ms: performance.now() - begin, error });
    return error ? null : body;
  }
  const json = (owner: Owner, method: string, payload: object, extra: Record<string, string> = {}) => ({
    method,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(payload),
  });
  const bearer = (owner: Owner, method: string) => ({
    method,
    headers: { authorization: `Bearer ${owner.token}` },
  });

  const actions: Record<Kind, () => Promise<unknown>> = {
    page: () =>
      call(
        'page',
        pick(['/', `/profile/${pick(dots)}`, `/profile/${pick(dots)}`, pick(cityPaths), '/how-it-works']),
        200,
      ),
    search: () =>
      Math.random() < 0.5
        ? call('search', `/search?q=${encodeURIComponent(pick(searchTerms))}`, 200)
        : call(
            'search',
            `/api/v1/companies/supersearch?super_search_term=${encodeURIComponent(pick(searchTerms))}`,
            200,
          ),
    edit: () => {
      const owner = pick(owners);
      return call(
        'edit',
        `/api/v1/content/blocks/${owner.aboutBlockId}`,
        200,
        json(owner, 'PUT', { block_content: `Updated ${(counter += 1)}` }),
      );
    },
    capacity: async () => {
      const owner = pick(owners);
      const entry = {
        date: '2030-01-15',
        trailer: 'Reefer',
        origin: 'Dallas, TX',
        destination: 'Chicago, IL',
      };
      const created = (await call('capacity', '/api/v1/capacity', 201, json(owner, 'POST', entry))) as {
        id: number;
      } | null;
      if (!created) return;
      await call(
        'capacity',
        `/api/v1/capacity/${created.id}`,
        200,
        json(owner, 'PUT', { ...entry, trailer: 'Dry Van' }),
      );
      await call('capacity', `/api/v1/capacity/${created.id}`, 204, bearer(owner, 'DELETE'));
    },
    upload: async () => {
      const owner = pick(owners);
      const form = new FormData();
      form.append('file', upload, 'truck.jpg');
      form.append('alt_text', 'Our truck');
      const asset = (await call('upload', `/api/v1/content/blocks/${owner.photosBlockId}/media`, 201, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      })) as { id: number } | null;
      // Removed again, so the block never reaches its image limit.
      if (asset) await call('upload', `/api/v1/content/media/${asset.id}`, 204, bearer(owner, 'DELETE'));
    },
    rating_request: async () => {
      const owner = owners[(ratingRequestsSent += 1) % owners.length]!;
      const n = (counter += 1);
      const reviewer = `reviewer${n}@shipper${n}.example.com`;
      const sent = await call(
        'rating_request',
        '/api/v1/ratings/request',
        201,
        json(
          owner,
          'POST',
          { reviewer_email: reviewer, load_number: `L-${n}` },
          {
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          },
        ),
      );
      const message = sent ? reviewIdTo.get(reviewer) : undefined;
      const id = message && /\/review\/([A-Za-z0-9_-]+)/.exec(message.text_body)?.[1];
      if (id) pendingReviews.push(id);
      else if (sent)
        samples.push({
          kind: 'rating_request',
          minute: minuteNow(),
          ms: 0,
          error: `no e-mail to ${reviewer}`,
        });
    },
    rating_submit: async () => {
      const id = pendingReviews.shift();
      if (!id) return actions.page();
      return call('rating_submit', `/api/v1/ratings/${id}/submit`, 200, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          on_time_rating: 5,
          communication_rating: 4,
          service_rating: 5,
          comment: 'On time.',
        }),
      });
    },
  };

  const rss: number[] = [];
  const fmt = (ms: number | undefined) => (ms === undefined ? '-' : ms.toFixed(1));
  function report(minute: number) {
    // Its own memory: the database pages it maps grow as it reads more of the file, not as it leaks.
    rss[minute] = residentMb(server.pid, 'RssAnon');
    console.log(`\nminute ${minute + 1}: server RSS ${rss[minute]} MB`);
    console.log('  kind             requests  errors   p50 ms   p99 ms');
    for (const kind of KINDS) {
      const of = samples.filter((sample) => sample.kind === kind && sample.minute === minute);
      const times = of.map((sample) => sample.ms).sort((a, b) => a - b);
      const errors = of.filter((sample) => sample.error).length;
      console.log(
        `  ${kind.padEnd(16)} ${String(of.length).padStart(8)} ${String(errors).padStart(7)} ${fmt(times.length ? percentile(times, 50) : undefined).padStart(8)} ${fmt(times.length ? percentile(times, 99) : undefined).padStart(8)}`,
      );
    }
  }

  console.log(
    `Soak: ${MINUTES} min, ${USERS} virtual users, ${THINK_MS} ms between a user's actions, server pid ${server.pid}`,
  );
  let reported = 0;
  const reporter = setInterval(() => {
    if (minuteNow() > reported && reported < MINUTES) report(reported++);
  }, 1000);
  try {
    await Promise.all(
      Array.from({ length: USERS }, async () => {
        while (performance.now() < endAt) {
          await actions[pickKind()]();
          await new Promise((resolve) => setTimeout(resolve, THINK_MS));
        }
      }),
    );
  } finally {
    clearInterval(reporter);
  }
  while (reported < MINUTES) report(reported++);

  const errors = samples.filter((sample) => sample.error);
  const pageP99 = Array.from({ length: MINUTES }, (_, minute) => {
    const times = samples
      .filter((s) => s.kind === 'page' && s.minute === minute)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return times.length ? percentile(times, 99) : 0;
  });
  const worstPageP99 = Math.max(...pageP99);
  const rssAtTwo = rss[Math.min(1, MINUTES - 1)]!;
  const rssAtEnd = rss[MINUTES - 1]!;
  const growth = ((rssAtEnd - rssAtTwo) / rssAtTwo) * 100;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nTotal: ${samples.length} requests in ${MINUTES} min`);
  console.log(
    `errors: ${errors.length} (target ${TARGETS.errors}): ${verdict(errors.length === TARGETS.errors)}`,
  );
  for (const error of errors.slice(0, 10)) console.log(`  ${error.kind}: ${error.error}`);
  console.log(
    `RSS: ${rssAtEnd} MB at the end, ${rssAtTwo} MB at minute 2, ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (target within ${TARGETS.rssGrowthPercent} %): ${verdict(Math.abs(growth) <= TARGETS.rssGrowthPercent)}`,
  );
  console.log(
    `page-view p99, worst minute: ${worstPageP99.toFixed(1)} ms (target <= ${TARGETS.pageP99Ms} ms in every minute): ${verdict(worstPageP99 <= TARGETS.pageP99Ms)}`,
  );
  outbox.close();
  server.stop();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
