import { connect } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

// DNS rebinding (issue 51, finding 1): a browser on this machine resolves an attacker's name to
// 127.0.0.1, so the attacker's page is same-origin with the server. Chromium's host resolver rules
// play the rebound name; every request the page makes carries `Host: rebind.attacker.example:PORT`.

const REBOUND_NAME = 'rebind.attacker.example';
const MISDIRECTED = {
  detail: 'Misdirected request: this server does not answer for that host name',
  code: 'misdirected',
};

let rebound: Browser;
test.beforeAll(async () => {
  rebound = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      `--host-resolver-rules=MAP ${REBOUND_NAME} 127.0.0.1`,
      // Chromium's own guard against requests from public pages to this machine (Local Network
      // Access) is off, as in browsers without it: the server must refuse on its own.
      '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights',
    ],
  });
});
test.afterAll(async () => rebound.close());

test('a page on a rebound name reads neither the outbox nor /metrics, and cannot claim', async ({
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  const context = await rebound.newContext();
  const page = await context.newPage();
  const attackerOrigin = `http://${REBOUND_NAME}:${port}`;

  const outbox = await page.goto(`${attackerOrigin}/outbox`);
  expect(outbox!.status()).toBe(421);
  expect(await outbox!.json()).toEqual(MISDIRECTED);
  expect(new URL(page.url()).host).toBe(`${REBOUND_NAME}:${port}`);

  // The attacker's own page, served under the name before it pointed here (played by the test), then
  // its script's same-origin requests, which need no preflight and now reach this server.
  await page.route(`${attackerOrigin}/attack.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Prize</title><p>Loading…</p>' }),
  );
  await page.goto(`${attackerOrigin}/attack.html`);
  const answers = await page.evaluate(async () => {
    const answer = async (response: Promise<Response>) => {
      const settled = await response;
      return { status: settled.status, body: await settled.text() };
    };
    return {
      outbox: await answer(fetch('/outbox.data')),
      metrics: await answer(fetch('/metrics')),
      claim: await answer(
        fetch('/api/v1/auth/claim-profile/880007', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        }),
      ),
    };
  });
  for (const name of ['outbox', 'claim'] as const) {
    expect(answers[name].status, name).toBe(421);
    expect(JSON.parse(answers[name].body), name).toEqual(MISDIRECTED);
  }
  // /metrics answers any host name (a Prometheus elsewhere has the token), but no rebound page.
  expect(answers.metrics.status).toBe(403);
  expect(answers.metrics.body).not.toContain('http_requests_total');
  await context.close();
});

test('the same browser under this machine’s name gets the outbox page', async ({ page, baseURL }) => {
  const response = await page.goto(`${baseURL}/outbox`);
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('an absolute-form target is answered as its path under its own host, never a 500', async ({
  baseURL,
}) => {
  const { hostname, port } = new URL(baseURL!);
  const statusLine = (target: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received.split('\r\n', 1)[0]!));
      socket.on('error', reject);
    });
  expect(await statusLine(`http://${hostname}:${port}/search?q=ridge`)).toBe('HTTP/1.1 200 OK');
  expect(await statusLine('http://evil.example/search?q=ridge')).toBe('HTTP/1.1 421 Misdirected Request');
});
