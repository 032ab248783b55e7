import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MOTUS_CARRIER_COLUMNS } from '../fmcsa/columns.ts';
import { fetchChanges, fetchExport } from './downloads.ts';
import { createPortalClient, PortalError } from './portal-client.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-portal-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server answering every request with `answer`. */
async function serve(answer: (request: http.IncomingMessage, response: http.ServerResponse) => void) {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const client = createPortalClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    retryBaseMs: 5,
    maxAttempts: 3,
  });
  return client;
}
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof PortalError ? error.message : `not a refusal: ${String(error)}`),
  );

describe('the portal client', () => {
  it.each([
    [403, 'Motus Carrier (inys-ebih): the portal refused access (HTTP 403); check FMCSA_APP_TOKEN'],
    [401, 'Motus Carrier (inys-ebih): the portal refused access (HTTP 401); check FMCSA_APP_TOKEN'],
    [418, 'Motus Carrier (inys-ebih): the portal answered HTTP 418'],
  ])('refuses HTTP %i at once, naming the dataset', async (status, message) => {
    let requests = 0;
    const client = await serve((_request, response) => {
      requests += 1;
      response.writeHead(status).end();
    });
    expect(await refusal(client.metadata('inys-ebih', 'Motus Carrier (inys-ebih)'))).toBe(message);
    expect(requests).toBe(1);
  });

  it('retries metadata that is no JSON, and refuses metadata without its version', async () => {
    const garbled = await serve((_request, response) => response.writeHead(200).end('{"rowsUpdatedAt": 17'));
    expect(await refusal(garbled.metadata('inys-ebih', 'Motus Carrier (inys-ebih)'))).toBe(
      'Motus Carrier (inys-ebih): the metadata is not readable JSON; gave up after 3 attempts',
    );
    const versionless = await serve((_request, response) =>
      response.writeHead(200).end(JSON.stringify({ columns: [{ fieldName: 'a', name: 'A' }] })),
    );
    expect(await refusal(versionless.metadata('inys-ebih', 'Motus Carrier (inys-ebih)'))).toBe(
      "Motus Carrier (inys-ebih): the portal's metadata has no rowsUpdatedAt or no columns",
    );
  });

  it('refuses an export whose last row is cut though its length was whole, and keeps nothing of it', async () => {
    const body = `${MOTUS_CARRIER_COLUMNS.join(',')}\nMC1,"2200001,`;
    const client = await serve((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/csv', 'content-length': Buffer.byteLength(body) })
        .end(body),
    );
    const request = {
      id: 'inys-ebih',
      kind: 'motus_carrier',
      version: 1,
      dir,
      what: 'Motus Carrier (inys-ebih)',
    } as const;
    expect(await refusal(fetchExport(client, request))).toBe(
      'Motus Carrier (inys-ebih): the download ends inside a row (an incomplete file)',
    );
    expect(existsSync(path.join(dir, 'export-1.csv.part'))).toBe(false);
    expect(existsSync(path.join(dir, 'export-1.csv'))).toBe(false);
  });

  it('refuses SoQL pages whose columns change between pages', async () => {
    const fields = MOTUS_CARRIER_COLUMNS.map((column) => column.toLowerCase());
    const row = fields.map(() => '"x"').join(',');
    const client = await serve((request, response) => {
      const offset = new URL(request.url ?? '/', 'http://portal').searchParams.get('$offset');
      // The second page has a column more (the dataset gained one while it was paged).
      const [header, line] = offset === '0' ? [fields, row] : [[...fields, 'new_column'], `${row},"y"`];
      response.writeHead(200, { 'content-type': 'text/csv' }).end(`${header.join(',')}\n${line}\n${line}\n`);
    });
    const columns = MOTUS_CARRIER_COLUMNS.map((name) => ({ name, fieldName: name.toLowerCase() }));
    const changes = fetchChanges(client, {
      id: 'nakq-58th',
      kind: 'motus_carrier',
      since: 1,
      metadata: { rowsUpdatedAt: 2, columns },
      dir: path.join(dir, 'pages'),
      what: 'Motus Carrier (nakq-58th)',
      pageRows: 2,
    });
    expect(await refusal(changes)).toBe(
      "Motus Carrier (nakq-58th), changed rows from 2: the page's columns differ from the first page's (the dataset changed while paging)",
    );
  });

  it('takes a 416 to a resumed request as a whole file', async () => {
    const body = `${MOTUS_CARRIER_COLUMNS.join(',')}\n`;
    const file = path.join(dir, 'whole.part');
    writeFileSync(file, body);
    const ranges: (string | undefined)[] = [];
    const client = await serve((request, response) => {
      ranges.push(request.headers.range);
      response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
    });
    await client.download('/api/views/inys-ebih/rows.csv?accessType=DOWNLOAD', file, 'Motus Carrier', {
      resume: true,
    });
    expect(ranges).toEqual([`bytes=${body.length}-`]);
    expect(readFileSync(file, 'utf8')).toBe(body);
  });
});
