import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../../tests/support/test-database.ts';
import { openDatabase, sqliteConnection, type Db } from '../db/database.ts';
import {
  DATABASE_BUSY_DETAIL,
  DATABASE_UNAVAILABLE_DETAIL,
  databaseUnavailableDetail,
} from '../db/unavailable.ts';
import { registerErrorHandling } from './errors.ts';

/** An app with the error handling, a route that writes to the database and one that waits in PostgreSQL. */
async function appOn(db: Db) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/write', async () => {
    await sql`create table if not exists probe (id integer primary key)`.execute(db);
    return { ok: true };
  });
  app.get('/slow', async () => {
    await sql`select pg_sleep(2)`.execute(db);
    return { ok: true };
  });
  await app.ready();
  return app;
}

/** A port on this machine that nothing listens on. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a database that is down or locked', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers 503 with a detail and Retry-After when SQLite stays locked past the busy timeout', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-locked-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const filename = path.join(dir, 'store.db');
    const db = openDatabase({ dialect: 'sqlite', filename });
    cleanups.push(() => db.destroy());
    // A short wait keeps the test fast; the server waits SQLITE_BUSY_TIMEOUT_MS.
    sqliteConnection(db)!.pragma('busy_timeout = 50');
    const app = await appOn(db);
    cleanups.push(() => app.close());

    // Another process (an import, a restore) holds the write lock.
    const other = new SQLite(filename);
    other.exec('BEGIN EXCLUSIVE');
    const locked = await app.inject({ method: 'GET', url: '/write' });
    expect(locked.statusCode).toBe(503);
    expect(locked.json()).toEqual({ detail: DATABASE_BUSY_DETAIL, code: 'busy' });
    expect(locked.headers['retry-after']).toBe('5');

    // Once the lock is released the same app writes again.
    other.exec('COMMIT');
    other.close();
    expect((await app.inject({ method: 'GET', url: '/write' })).statusCode).toBe(200);
  });

  /** One write through an app on a PostgreSQL that cannot serve: a 503 within 5 seconds, never a hang. */
  async function writeWhileUnavailable(db: Db) {
    cleanups.push(() => db.destroy().catch(() => undefined));
    const app = await appOn(db);
    cleanups.push(() => app.close());
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/write' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode).toBe(503);
    return response;
  }

  it('answers 503 at once when PostgreSQL refuses connections', async () => {
    const db = openDatabase({
      dialect: 'postgres',
      url: `postgres://app@127.0.0.1:${await closedPort()}/app`,
    });
    const response = await writeWhileUnavailable(db);
    expect(response.json()).toEqual({ detail: DATABASE_UNAVAILABLE_DETAIL, code: 'busy' });
    expect(response.headers['retry-after']).toBe('5');
  });

  it('answers 503 within 5 seconds when PostgreSQL accepts the connection but never answers', async () => {
    // A hung server or a lost network: the TCP connection opens, no reply ever comes.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const { port } = silent.address() as net.AddressInfo;
    const db = openDatabase({ dialect: 'postgres', url: `postgres://app@127.0.0.1:${port}/app` });
    const response = await writeWhileUnavailable(db);
    expect(response.json()).toEqual({ detail: DATABASE_UNAVAILABLE_DETAIL, code: 'busy' });
  });

  it('recognises the PostgreSQL server’s shutdown and start-up refusals, and nothing else', () => {
    const withCode = (code: string) => Object.assign(new Error('server says no'), { code });
    expect(databaseUnavailableDetail(withCode('57P01'))).toBe(DATABASE_UNAVAILABLE_DETAIL);
    expect(databaseUnavailableDetail(withCode('57P03'))).toBe(DATABASE_UNAVAILABLE_DETAIL);
    expect(databaseUnavailableDetail(withCode('08006'))).toBe(DATABASE_UNAVAILABLE_DETAIL);
    expect(databaseUnavailableDetail(new Error('Connection terminated unexpectedly'))).toBe(
      DATABASE_UNAVAILABLE_DETAIL,
    );
    expect(databaseUnavailableDetail(withCode('SQLITE_BUSY_SNAPSHOT'))).toBe(DATABASE_BUSY_DETAIL);
    // A constraint violation or a syntax error is a fault, not an outage: it stays a 500.
    expect(databaseUnavailableDetail(withCode('23505'))).toBeNull();
    expect(databaseUnavailableDetail(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(databaseUnavailableDetail(new Error('boom'))).toBeNull();
  });

  it.skipIf(testDialect !== 'postgres')(
    'answers 503 when an administrator ends the connection mid-query (57P01), and recovers by itself',
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.destroy());
      const app = await appOn(database.db);
      cleanups.push(() => app.close());

      const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(database.db))
        .rows[0]!;
      const slow = app.inject({ method: 'GET', url: '/slow' });
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      // Wait until the query runs, then terminate it as `pg_terminate_backend` (or a restart) does.
      for (let tries = 0; tries < 50; tries += 1) {
        const { rowCount } = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and pid <> pg_backend_pid()",
          [name],
        );
        if (rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.end();
      const response = await slow;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: DATABASE_UNAVAILABLE_DETAIL, code: 'busy' });
      // The pool drops the dead connection (as soon as its socket's end arrives) and opens a new one:
      // the requests after it succeed again without a restart.
      let recovered = 0;
      for (let tries = 0; tries < 20 && recovered !== 200; tries += 1) {
        recovered = (await app.inject({ method: 'GET', url: '/write' })).statusCode;
        if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(recovered).toBe(200);
    },
  );

  it.skipIf(testDialect !== 'postgres')(
    'cancels a statement that runs past the statement timeout and answers 503 busy',
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.destroy());
      const db = openDatabase(database.config, { statementTimeoutMs: 200 });
      cleanups.push(() => db.destroy());
      const app = await appOn(db);
      cleanups.push(() => app.close());
      const response = await app.inject({ method: 'GET', url: '/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: DATABASE_BUSY_DETAIL, code: 'busy' });
      expect((await app.inject({ method: 'GET', url: '/write' })).statusCode).toBe(200);
    },
  );
});
