/**
 * HTTP throughput of the built server: GET /api/v1/health and the server-rendered home page.
 * Starts `dist/server/main.js` on a throw-away SQLite database in a child process (so the load
 * generator does not share its CPU time), then runs autocannon against each path and prints the figures.
 *
 *   npm run build && npm run bench:http [-- --seconds 10 --connections 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from './built-server.ts';
import { autocannonFigures } from './autocannon-figures.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3199' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);

async function measure(urlPath: string) {
  const result = await autocannon({ url: `${server.baseUrl}${urlPath}`, connections, duration: seconds });
  return {
    path: urlPath,
    ...autocannonFigures(result),
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-'));
// The benchmark measures throughput, not the per-client limit.
const server = await startBuiltServer(port, dataDir, { RATE_LIMIT_MAX: '100000000' });

try {
  console.log(`autocannon: ${connections} connections, ${seconds} s per path, ${os.cpus().length} cores`);
  const rows = [];
  for (const urlPath of ['/api/v1/health', '/']) rows.push(await measure(urlPath));
  console.table(rows);
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
