/**
 * Sitemap benchmark (npm run bench:sitemap, issue 51): on a generated SQLite database (100,000
 * carriers by default, or --sqlite-db to reuse one), starts the built server and times the sitemap
 * index and the first profiles file: the first request of each (which builds the file and its
 * compressed forms), then sequential requests of each as a crawler sends them (brotli accepted),
 * which are served from the kept files. Stays under the per-client limit of the sitemap routes.
 * Build first: npm run build.
 *
 *   npm run bench:sitemap [-- --carriers 100000 --requests 50 --sqlite-db data/app.db]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { SITEMAP_REQUESTS_PER_HOUR } from '../../server/domains/sitemap/routes.ts';
import { generateDemoData } from '../demo/generate.ts';
import { importFiles } from '../import/import-files.ts';
import { startBuiltServer } from './built-server.ts';
import { percentile } from './figures.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '50' },
    'sqlite-db': { type: 'string' },
    port: { type: 'string', default: '3221' },
  },
});
const requests = Math.min(Number(values.requests), SITEMAP_REQUESTS_PER_HOUR - 1);
/** Targets: a kept file is read from disk, so a request costs about what sending its bytes does. */
const WARM_P50_TARGET_MS = 20;
const FIRST_BUILD_TARGET_MS = 3000;

/** One GET as a crawler sends it, read as it travels (not decoded): the time to the last byte, and the bytes. */
function timedGet(url: string): Promise<{ ms: number; bytes: number; encoding: string | null }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          ms: performance.now() - started,
          bytes,
          encoding: response.headers['content-encoding'] ?? null,
        }),
      );
    }).on('error', reject);
  });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-sitemap-'));
try {
  let dataDir = path.join(workDir, 'data');
  if (values['sqlite-db']) {
    dataDir = path.dirname(path.resolve(values['sqlite-db']));
  } else {
    const carriers = Number(values.carriers);
    console.log(`Generating and importing ${carriers.toLocaleString('en-US')} carriers ...`);
    const files = await generateDemoData({ carriers, seed: 5, outDir: workDir });
    const db = openDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'app.db') });
    await migrateToLatest(db, 'sqlite');
    await importFiles(db, 'sqlite', [files.census], { showProgress: false });
    await db.destroy();
  }

  const server = await startBuiltServer(Number(values.port), dataDir);
  try {
    for (const target of ['/sitemap.xml', '/sitemaps/profiles-1.xml']) {
      const url = `${server.baseUrl}${target}`;
      const first = await timedGet(url);
      const warm: number[] = [];
      let sent = first;
      for (let request = 0; request < requests; request += 1) {
        sent = await timedGet(url);
        warm.push(sent.ms);
      }
      warm.sort((a, b) => a - b);
      console.log(
        `${target}: first request (builds it) ${first.ms.toFixed(0)} ms (target ≤ ${FIRST_BUILD_TARGET_MS}); ` +
          `then ${requests} requests p50 ${percentile(warm, 50).toFixed(1)} ms (target ≤ ${WARM_P50_TARGET_MS}), ` +
          `p99 ${percentile(warm, 99).toFixed(1)} ms; ${sent.bytes.toLocaleString('en-US')} bytes sent (${sent.encoding ?? 'identity'})`,
      );
    }
  } finally {
    server.stop();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
