import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3107);
/** The browser tests' server data (its SQLite file and JWT secret); tests/e2e/fixtures.ts signs sessions from it. */
export const E2E_DATA_DIR = '.tmp/e2e-data';
/**
 * L&I files for the Authority & Insurance panel, one shape each (headerless Carrier, Insur and
 * AuthHist, the ActPendInsur CSV export, the Revocation text file with its header): 889001 authorized,
 * 889002 with a pending BI&PD cancellation, 889003 revoked, 889004 intrastate and 889006 private
 * (no docket), 889005 a broker with a BMC-84 bond, 889007 insured but under an out-of-service order
 * (with a rescinded older one).
 */
const LI_FIXTURES = [
  'carrier.txt',
  'insur.txt',
  'actpendinsur.csv',
  'authhist.txt',
  'revocation.txt',
  'oos-orders.csv',
]
  .map((file) => `tests/e2e/fixtures/li/${file}`)
  .join(' ');

// Browser tests drive Debian's Chromium against the built server on a fresh SQLite database.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // A fresh database with a small, hand-written set of carriers, loaded by the real importer; a
    // later census of one of them gives its record history changes.
    command: [
      `rm -rf ${E2E_DATA_DIR}`,
      `node --import tsx tests/e2e/fixtures/write-activity.ts ${E2E_DATA_DIR}/fixtures`,
      `node --import tsx tests/e2e/fixtures/write-bound-carriers.ts ${E2E_DATA_DIR}/fixtures`,
      `node --import tsx cli/import/main.ts tests/e2e/fixtures/carriers.csv tests/e2e/fixtures/carriers-later.csv ${E2E_DATA_DIR}/fixtures/bound-carriers.csv ${E2E_DATA_DIR}/fixtures/inspections.csv ${E2E_DATA_DIR}/fixtures/crashes.csv ${E2E_DATA_DIR}/fixtures/sms_inspections.csv ${E2E_DATA_DIR}/fixtures/sms_violations.csv ${LI_FIXTURES}`,
      'node --import tsx tests/e2e/fixtures/seed-profiles.ts',
      'node dist/server/main.js',
    ].join(' && '),
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      APP_URL: `http://127.0.0.1:${PORT}`,
      // Mail goes to the outbox, and the browser tests read their links at /outbox: in production
      // that page needs the operator's explicit opt-in (it answers loopback clients only).
      OUTBOX_PAGE: 'true',
      // Every test browses from 127.0.0.1, two at a time: one client to the server's general limit,
      // which the API tests check. The e-mail routes keep their own hourly limits.
      RATE_LIMIT_MAX: '100000',
      // The alerts' webhook test posts to a receiver it starts on loopback (decision 126).
      WEBHOOK_TEST_LOOPBACK: 'true',
      WEBHOOK_RETRY_BASE_MS: '1000',
    },
  },
});
