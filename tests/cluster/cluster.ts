import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Where scripts/cluster.sh keeps the test cluster's state (cluster.env, logs). */
export const CLUSTER_DIR = path.resolve('.tmp/cluster');

/** What scripts/cluster.sh wrote to `dir`/cluster.env: URLs, the instances' ports and pids. */
export function clusterEnv(dir = CLUSTER_DIR): Record<string, string> {
  const lines = readFileSync(path.join(dir, 'cluster.env'), 'utf8').trim().split('\n');
  return Object.fromEntries(lines.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

/** The instances' addresses as nginx names them in X-Upstream (127.0.0.1:port). */
export function instanceAddresses(): string[] {
  const env = clusterEnv();
  return [env.INSTANCE_1_PORT, env.INSTANCE_2_PORT].map((port) => `127.0.0.1:${port}`);
}

/** The path of the link in the newest mail to an address (the cluster has no SMTP: mail is in the outbox table). */
export async function latestLinkTo(address: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterEnv().DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ text_body: string }>(
      'SELECT text_body FROM outbox_messages WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [address],
    );
    const link = /https?:\/\/\S+/.exec(rows[0]?.text_body ?? '')?.[0];
    if (!link) throw new Error(`no mail with a link to ${address}`);
    return new URL(link).pathname;
  } finally {
    await client.end();
  }
}

/**
 * Loads the browser tests' carriers (tests/e2e/fixtures) into a running cluster's database with the
 * real importer, and seeds their profiles, as playwright.config.ts does for the single server.
 */
export function loadFixtureCarriers(dir: string): void {
  const fixtures = path.join(dir, 'fixtures');
  const env = {
    ...process.env,
    DATABASE_URL: clusterEnv(dir).DATABASE_URL!,
    DATA_DIR: path.join(dir, 'import'),
  };
  const tsx = (...args: string[]) =>
    execFileSync('node', ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  tsx('tests/e2e/fixtures/write-activity.ts', fixtures);
  tsx(
    'cli/import/main.ts',
    'tests/e2e/fixtures/carriers.csv',
    'tests/e2e/fixtures/carriers-later.csv',
    path.join(fixtures, 'inspections.csv'),
    path.join(fixtures, 'crashes.csv'),
    path.join(fixtures, 'sms_inspections.csv'),
    path.join(fixtures, 'sms_violations.csv'),
  );
  tsx('tests/e2e/fixtures/seed-profiles.ts');
}
