/**
 * Throughput of a profile page and a search page through nginx, with two instances and then one
 * (scripts/cluster.sh: PostgreSQL, Redis, the built server behind nginx, on this machine). The data
 * are the browser tests' carriers (tests/e2e/fixtures). For one instance, instance 2 is stopped and
 * nginx reloaded without it. The load generator runs on the same cores as everything else.
 *
 *   npm run build && npm run bench:cluster [-- --seconds 10 --connections 50]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { clusterEnv, loadFixtureCarriers } from '../../tests/cluster/cluster.ts';
import { freePort } from '../../tests/support/free-port.ts';
import { autocannonFigures } from './autocannon-figures.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const PAGES = ['/profile/880001', '/search?q=tx'];

const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-bench-cluster-'));
const port = await freePort();
// Pages are not rate limited; the API limit is lifted anyway so that nothing but throughput is measured.
const env = {
  ...process.env,
  CLUSTER_DIR: dir,
  CLUSTER_PORT: String(port),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
};
const cluster = (command: 'start' | 'stop') =>
  execFileSync('bash', ['scripts/cluster.sh', command], { env, stdio: ['ignore', 'inherit', 'inherit'] });

async function measure(instances: number, urlPath: string) {
  // A short unrecorded run first, so that every instance has compiled and cached what the page needs.
  await autocannon({ url: `http://127.0.0.1:${port}${urlPath}`, connections, duration: 2 });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    duration: seconds,
  });
  return {
    instances,
    path: urlPath,
    ...autocannonFigures(result),
  };
}

cluster('start');
try {
  loadFixtureCarriers(dir);
  console.log(
    `autocannon through nginx: ${connections} connections, ${seconds} s per page, ${os.cpus().length} cores`,
  );
  const rows = [];
  for (const urlPath of PAGES) rows.push(await measure(2, urlPath));

  // One instance: stop the second and take it out of nginx's upstream.
  const second = clusterEnv(dir);
  process.kill(Number(second.INSTANCE_2_PID), 'SIGTERM');
  const config = path.join(dir, 'nginx.conf');
  const oneUpstream = readFileSync(config, 'utf8')
    .split('\n')
    .filter((line) => !line.includes(`127.0.0.1:${second.INSTANCE_2_PORT} `))
    .join('\n');
  writeFileSync(config, oneUpstream);
  execFileSync('nginx', ['-s', 'reload', '-c', config, '-p', dir]);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const urlPath of PAGES) rows.push(await measure(1, urlPath));
  console.table(rows);
} finally {
  cluster('stop');
}
