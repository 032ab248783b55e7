import { execFileSync } from 'node:child_process';
import { CLUSTER_DIR, loadFixtureCarriers } from './cluster.ts';

/**
 * Starts the cluster (scripts/cluster.sh: PostgreSQL, Redis, two instances, nginx) and loads the
 * browser tests' carriers into its database with the real importer; returns the teardown that
 * stops it all.
 */
export default function globalSetup(): () => void {
  const env = { ...process.env, CLUSTER_DIR, LOG_LEVEL: 'warn' };
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  run('bash', ['scripts/cluster.sh', 'start']);
  try {
    loadFixtureCarriers(CLUSTER_DIR);
  } catch (error) {
    run('bash', ['scripts/cluster.sh', 'stop']);
    throw error;
  }
  return () => run('bash', ['scripts/cluster.sh', 'stop']);
}
