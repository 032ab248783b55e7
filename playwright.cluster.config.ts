import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium.ts';
import { freePort } from './tests/support/free-port.ts';

/** A free port for nginx, chosen once: the test workers inherit it from the runner's environment. */
process.env.CLUSTER_PORT ??= String(await freePort());

// The cluster's browser tests (tests/cluster): the built server as two instances on PostgreSQL and
// Redis behind nginx, started by scripts/cluster.sh in the global setup and stopped after.
export default defineConfig({
  testDir: 'tests/cluster',
  globalSetup: './tests/cluster/global-setup.ts',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${process.env.CLUSTER_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
});
