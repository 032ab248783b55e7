// The server as main.ts starts it, with a one-page build instead of the app's, plus slow routes: the graceful
// shutdown test (server/http/shutdown.test.ts) runs it as a child process and sends it signals.
// It prints `listening <port>` once it accepts connections.
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { closeOnSignals } from '../../server/http/shutdown.ts';
import { pageBuild } from './page-build.ts';

const SLOW_REQUEST_MS = Number(process.env.SLOW_REQUEST_MS ?? 1500);

const config = loadConfig();
const db = openDatabase(config.database);
await migrateToLatest(db, config.database.dialect);
/** Waits, then reads the database: the read may come after the request's client has gone. */
async function slowRead(what: string) {
  await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS));
  const rows = await db.selectFrom('companies').select('id').limit(1).execute();
  console.log(`${what} finished with ${rows.length} rows`);
  return { finished: true };
}
// A page whose loader reads slowly: rendered through the real SSR mount (server/http/ssr.ts).
const serverBuild = pageBuild({
  slowPage: { path: 'slow-page-for-test', module: { loader: () => slowRead('slow page read') } },
});
const { fastify } = await buildApp({ config, db, serverBuild });
fastify.get('/slow-for-test', async () => {
  await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS));
  return { finished: true };
});
// A slow request that reads the database at its end, after its client may have gone.
fastify.get('/slow-read-for-test', () => slowRead('slow read'));
closeOnSignals(fastify, db, { timeoutMs: config.shutdownTimeoutMs });
await fastify.listen({ host: '127.0.0.1', port: 0 });
const address = fastify.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
