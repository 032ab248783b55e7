import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, mailWarning } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startWalCheckpointer } from './db/wal-checkpointer.ts';
import { closeOnSignals } from './http/shutdown.ts';
import { startDailySync } from './domains/sync/schedule.ts';

/** `npm run sync` for the daily run: the bundle beside the built server, else the source through tsx. */
function syncCommand(): { file: string; args: string[] } {
  const bundled = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sync.js');
  return existsSync(bundled)
    ? { file: process.execPath, args: [bundled] }
    : { file: process.execPath, args: ['--import', 'tsx', path.resolve('cli/sync/main.ts')] };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.database, {
    statementTimeoutMs: config.statementTimeoutMs,
    memoryMapped: true,
  });
  await migrateToLatest(db, config.database.dialect);

  const buildDir = path.resolve('build');
  const serverBuild = (await import(
    pathToFileURL(path.join(buildDir, 'server', 'index.js')).href
  )) as ServerBuild;
  const { fastify } = await buildApp({
    config,
    db,
    serverBuild,
    clientDir: path.join(buildDir, 'client'),
  });

  if (config.database.dialect === 'sqlite') {
    const checkpointer = startWalCheckpointer(db, config.database.filename, {
      onFailure: (message) => fastify.log.warn(message),
    });
    fastify.addHook('onClose', () => checkpointer.stop());
  }
  if (config.syncDailyAt) {
    const daily = startDailySync({ at: config.syncDailyAt, command: syncCommand(), log: fastify.log });
    fastify.addHook('onClose', () => daily.stop());
  }
  closeOnSignals(fastify, db, { timeoutMs: config.shutdownTimeoutMs });

  await fastify.listen({ host: config.host, port: config.port });
  fastify.log.info(
    { url: config.appUrl, database: config.database.dialect, mail: config.smtpUrl ? 'smtp' : 'outbox' },
    'CarrierPage is ready',
  );
  const warning = mailWarning(config);
  if (warning) fastify.log.warn(warning);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('CarrierPage failed to start:', error);
  }
  process.exit(1);
});
