import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { MediaStorage } from '../../server/domains/media/storage.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp extends App {
  database: TestDatabase;
  close: () => Promise<void>;
}

/** An app on a fresh database, for API tests through `fastify.inject()`. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: () => Date;
    /** Pages to serve besides the APIs (tests/support/page-build.ts makes a small one). */
    serverBuild?: ServerBuild;
    /** Turns logging on, into this stream (pass LOG_LEVEL in env too: tests default to silent). */
    logStream?: { write: (line: string) => void };
    /** Where uploaded media go instead of DATA_DIR/media (a storage that runs out of space). */
    mediaStorage?: MediaStorage;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A data directory of its own unless the test brings one (and then cleans it up itself).
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'carrierpage-test-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    database: database.config,
  };
  const app = await buildApp({
    config,
    db: database.db,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    clock: options.clock,
    serverBuild: options.serverBuild,
    mediaStorage: options.mediaStorage,
  });
  await app.fastify.ready();
  return {
    ...app,
    database,
    close: async () => {
      await app.fastify.close();
      await database.destroy();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
