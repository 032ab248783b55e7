import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { CLUSTER_DIR, clusterEnv } from './cluster.ts';

/**
 * Starts the cluster (scripts/cluster.sh: PostgreSQL, Redis, two instances, nginx) and loads the
 * browser tests' carriers into its database with the real importer; returns the teardown that
 * stops it all.
 */
export default function globalSetup(): () => void {
  const env = { ...process.env, CLUSTER_DIR, LOG_LEVEL: 'warn' };
  const run = (command: string, args: string[], extra: Record<string, string> = {}) =>
    execFileSync(command, args, { env: { ...env, ...extra }, stdio: ['ignore', 'inherit', 'inherit'] });
  run('bash', ['scripts/cluster.sh', 'start']);
  try {
    const fixtures = path.join(CLUSTER_DIR, 'fixtures');
    const database = { DATABASE_URL: clusterEnv().DATABASE_URL!, DATA_DIR: path.join(CLUSTER_DIR, 'import') };
    run('node', ['--import', 'tsx', 'tests/e2e/fixtures/write-activity.ts', fixtures]);
    run(
      'node',
      [
        '--import',
        'tsx',
        'cli/import/main.ts',
        'tests/e2e/fixtures/carriers.csv',
        path.join(fixtures, 'inspections.csv'),
        path.join(fixtures, 'crashes.csv'),
      ],
      database,
    );
    run('node', ['--import', 'tsx', 'tests/e2e/fixtures/seed-profiles.ts'], database);
  } catch (error) {
    run('bash', ['scripts/cluster.sh', 'stop']);
    throw error;
  }
  return () => run('bash', ['scripts/cluster.sh', 'stop']);
}
