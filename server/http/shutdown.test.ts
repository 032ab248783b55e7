import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** A server process (tests/support/shutdown-server.ts) on a SQLite file of its own, and what it logged. */
async function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-shutdown-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/shutdown-server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error(`server exited at start:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    exited,
    output: () => output,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** Resolves with the error code of a refused connection, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown of the server process', () => {
  let running: ChildProcess | null = null;
  afterEach(() => {
    running?.kill('SIGKILL');
    running = null;
  });

  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', async () => {
    const server = await startServer({ SLOW_REQUEST_MS: '1500' });
    running = server.child;
    try {
      expect((await get(server.port, '/api/v1/ready')).status).toBe(200);
      const inFlight = get(server.port, '/slow-for-test');
      await sleep(300);
      server.child.kill('SIGTERM');
      await sleep(300);
      expect(await tryConnect(server.port)).toBe('ECONNREFUSED');
      expect(await inFlight).toEqual({ status: 200, body: '{"finished":true}' });
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.cleanup();
    }
  }, 60_000);

  it('answers 503 in the error model to a request that arrives on an open connection while closing', async () => {
    const server = await startServer({ SLOW_REQUEST_MS: '1000' });
    running = server.child;
    try {
      // One keep-alive connection: the slow request is in flight when SIGTERM comes, and a second
      // request follows on the same connection (as a proxy reusing its connection would send it).
      const socket = net.connect({ host: '127.0.0.1', port: server.port });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write('GET /slow-for-test HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await sleep(300);
      server.child.kill('SIGTERM');
      await sleep(200);
      socket.write('GET /api/v1/ready HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await closed;
      const responses = received.split(/(?=HTTP\/1\.1 )/);
      expect(responses).toHaveLength(2);
      expect(responses[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(responses[1]).toMatch(/connection: close/i);
      expect(responses[1]).toContain('{"detail":"The server is shutting down; try again.","code":"busy"}');
      expect(await server.exited).toBe(0);
    } finally {
      server.cleanup();
    }
  }, 60_000);

  // The client goes away: for Fastify the request is over, but its handler (a route), or the page's
  // loader (a page: the rendering stops), is still waiting to read the database.
  it.each([
    { what: 'the handler of a request', path: '/slow-read-for-test', read: 'slow read' },
    { what: 'the loaders of a page', path: '/slow-page-for-test', read: 'slow page read' },
  ])(
    'lets $what whose client left finish reading before closing the database',
    async ({ path, read }) => {
      const server = await startServer({ SLOW_REQUEST_MS: '1000' });
      running = server.child;
      try {
        const socket = net.connect({ host: '127.0.0.1', port: server.port });
        socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        await sleep(300);
        socket.destroy();
        await sleep(100);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(server.output()).toContain(`${read} finished with 0 rows`);
        expect(server.output()).not.toContain('destroyed');
      } finally {
        server.cleanup();
      }
    },
    60_000,
  );

  it('exits 1 with a log line when a request outlasts SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServer({ SLOW_REQUEST_MS: '5000', SHUTDOWN_TIMEOUT_MS: '500' });
    running = server.child;
    try {
      void get(server.port, '/slow-for-test').catch(() => undefined);
      await sleep(300);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('requests still running when the shutdown time ran out');
    } finally {
      server.cleanup();
    }
  }, 60_000);
});
