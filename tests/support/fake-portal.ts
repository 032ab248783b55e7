/**
 * A local stand-in for FMCSA's open-data portal (Socrata), on the endpoints `npm run sync` uses:
 * metadata (`/api/views/{id}.json`), the whole export (`/api/views/{id}/rows.csv?accessType=DOWNLOAD`,
 * with HTTP Range) and SoQL pages (`/resource/{id}.csv` with $select, $where on :updated_at, $order,
 * $limit, $offset). Each dataset is a CSV file on disk (its base) plus rows updated since, each row
 * with its :updated_at. It also plays the portal's failures, one request at a time.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { splitCsvLine } from '../../cli/sync/check-download.ts';

export type FakeFailure =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** Sends the headers (the whole length) and this many bytes, then drops the connection. */
  | { kind: 'truncate'; afterBytes: number }
  /** A maintenance page: 200, text/html. */
  | { kind: 'html' }
  /** Sends the headers and this many bytes, then nothing more. */
  | { kind: 'stall'; afterBytes: number };

export type FakeEndpoint = 'metadata' | 'export' | 'resource';

interface Row {
  key: string;
  values: string[];
  updatedAt: number;
}

interface FakeDataset {
  header: string[];
  file: string;
  /** :updated_at of the base file's rows. */
  baseAt: number;
  keyIndex: number;
  /** Rows updated after the base, by key, in the order first updated. */
  updates: Map<string, Row>;
  rowsUpdatedAt: number;
}

export interface FakeRequest {
  endpoint: FakeEndpoint | 'other';
  id: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** When it came (ms since the epoch). */
  at: number;
}

/** The API field name Socrata gives a column: lower case, other characters as '_'. */
export const fieldNameOf = (column: string) => column.toLowerCase().replace(/[^a-z0-9]+/g, '_');

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

const MAINTENANCE_PAGE =
  '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>We are down for maintenance</h1></body></html>';

async function readRows(file: string): Promise<{ header: string[]; rows: string[][] }> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
  const [head = '', ...rest] = lines;
  return { header: splitCsvLine(head), rows: rest.map(splitCsvLine) };
}

/** The first line of a CSV file, split; read alone, as a national-size file is larger than one string may be. */
async function readHeader(file: string): Promise<string[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return splitCsvLine(line);
  }
  return [];
}

export async function startFakePortal() {
  const datasets = new Map<string, FakeDataset>();
  const failures: { endpoint: FakeEndpoint; id: string; failure: FakeFailure }[] = [];
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  let honourRange = true;

  /** The dataset's rows as they stand: base rows not updated since, then the updated ones. */
  async function currentRows(dataset: FakeDataset): Promise<Row[]> {
    const { rows } = await readRows(dataset.file);
    const base = rows
      .map((values) => ({ key: values[dataset.keyIndex] ?? '', values, updatedAt: dataset.baseAt }))
      .filter((row) => !dataset.updates.has(row.key));
    return [...base, ...dataset.updates.values()];
  }

  /** Sends `body` (a Buffer, or the file from `start`) as the failure, if any, says. */
  function send(
    response: http.ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body: Buffer | { file: string; start: number },
    failure: FakeFailure | undefined,
  ): void {
    response.writeHead(status, headers);
    if (failure?.kind === 'truncate' || failure?.kind === 'stall') {
      const bytes =
        'file' in body
          ? readFile(body.file).then((all) => all.subarray(body.start, body.start + failure.afterBytes))
          : Promise.resolve(body.subarray(0, failure.afterBytes));
      void bytes.then((part) => {
        response.write(part);
        if (failure.kind === 'truncate') setTimeout(() => response.socket?.destroy(), 20);
      });
      return;
    }
    if ('file' in body) createReadStream(body.file, { start: body.start }).pipe(response);
    else response.end(body);
  }

  async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://portal.test');
    const route =
      /^\/api\/views\/([a-z0-9]{4}-[a-z0-9]{4})\.json$/.exec(url.pathname)?.slice(1).concat('metadata') ??
      /^\/api\/views\/([a-z0-9]{4}-[a-z0-9]{4})\/rows\.csv$/.exec(url.pathname)?.slice(1).concat('export') ??
      /^\/resource\/([a-z0-9]{4}-[a-z0-9]{4})\.csv$/.exec(url.pathname)?.slice(1).concat('resource');
    const [id = '', endpoint = 'other'] = route ?? [];
    requests.push({
      endpoint: endpoint as FakeEndpoint,
      id,
      url: request.url ?? '',
      headers: request.headers,
      at: Date.now(),
    });
    const dataset = datasets.get(id);
    if (!route || !dataset) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":true,"message":"Not found"}');
      return;
    }
    const index = failures.findIndex((entry) => entry.endpoint === endpoint && entry.id === id);
    const failure = index >= 0 ? failures.splice(index, 1)[0]?.failure : undefined;
    if (failure?.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
      response.writeHead(failure.status, headers).end('{"error":true}');
      return;
    }
    if (failure?.kind === 'html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(MAINTENANCE_PAGE);
      return;
    }

    if (endpoint === 'metadata') {
      const body = Buffer.from(
        JSON.stringify({
          id,
          name: id,
          rowsUpdatedAt: dataset.rowsUpdatedAt,
          columns: dataset.header.map((name, position) => ({
            id: position + 1,
            name,
            fieldName: fieldNameOf(name),
            dataTypeName: 'text',
          })),
        }),
      );
      send(response, 200, { 'content-type': 'application/json; charset=utf-8' }, body, failure);
      return;
    }

    if (endpoint === 'export') {
      if (url.searchParams.get('accessType') !== 'DOWNLOAD') {
        response.writeHead(400).end();
        return;
      }
      // Unchanged since its base: the file itself, as large as it is; else the rows as they stand.
      const body =
        dataset.updates.size === 0
          ? { file: dataset.file, start: 0 }
          : Buffer.from(
              [dataset.header, ...(await currentRows(dataset)).map((row) => row.values)]
                .map((values) => `${values.map(csvField).join(',')}\n`)
                .join(''),
            );
      const size = 'file' in body ? (await stat(body.file)).size : body.length;
      const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
      const start = honourRange && range ? Number(range[1]) : 0;
      if (start >= size && start > 0) {
        response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
        return;
      }
      const headers: Record<string, string | number> = {
        'content-type': 'text/csv; charset=utf-8',
        'content-length': size - start,
        'accept-ranges': honourRange ? 'bytes' : 'none',
      };
      if (start > 0) headers['content-range'] = `bytes ${start}-${size - 1}/${size}`;
      const part = 'file' in body ? { file: body.file, start } : body.subarray(start);
      send(response, start > 0 ? 206 : 200, headers, part, failure);
      return;
    }

    // SoQL: only what the sync asks; anything else is refused as the portal would (400).
    const where = /^:updated_at > '([^']+)'$/.exec(url.searchParams.get('$where') ?? '');
    const limit = Number(url.searchParams.get('$limit') ?? 1000);
    const offset = Number(url.searchParams.get('$offset') ?? 0);
    if (
      url.searchParams.get('$select') !== '*' ||
      url.searchParams.get('$order') !== ':id' ||
      !where ||
      !Number.isInteger(limit) ||
      !Number.isInteger(offset)
    ) {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":true,"message":"query"}');
      return;
    }
    const since = Date.parse(`${where[1]}Z`) / 1000;
    // The base's rows are older than `since` on a daily sync: only the updates are read (the base may be large).
    const candidates = since >= dataset.baseAt ? [...dataset.updates.values()] : await currentRows(dataset);
    const changed = candidates.filter((row) => row.updatedAt > since);
    const page = changed.slice(offset, offset + limit);
    const body = Buffer.from(
      [dataset.header.map(fieldNameOf), ...page.map((row) => row.values)]
        .map((values) => `${values.map(quoted).join(',')}\n`)
        .join(''),
    );
    send(
      response,
      200,
      { 'content-type': 'text/csv; charset=utf-8', 'content-length': body.length },
      body,
      failure,
    );
  }

  const server = http.createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,

    /**
     * Publishes `file` (a CSV with the export's column names) as dataset `id`'s whole content as of
     * `at` (Unix seconds), replacing what it held; `keyColumn` names a row (default the first column).
     */
    async publishFile(id: string, file: string, at: number, keyColumn?: string): Promise<void> {
      const header = await readHeader(file);
      const keyIndex = keyColumn ? header.indexOf(keyColumn) : 0;
      if (keyIndex < 0) throw new Error(`${file} has no column ${keyColumn}`);
      datasets.set(id, { header, file, baseAt: at, keyIndex, updates: new Map(), rowsUpdatedAt: at });
    },

    /** Rows added or changed at `at` (Unix seconds), by key; each row's values in the header's order. */
    update(id: string, rows: readonly string[][], at: number): void {
      const dataset = datasets.get(id);
      if (!dataset) throw new Error(`no dataset ${id}`);
      for (const values of rows) {
        const key = values[dataset.keyIndex] ?? '';
        dataset.updates.delete(key);
        dataset.updates.set(key, { key, values: [...values], updatedAt: at });
      }
      dataset.rowsUpdatedAt = at;
    },

    /** The next request of `endpoint` for dataset `id` fails this way (once per call). */
    fail(endpoint: FakeEndpoint, id: string, failure: FakeFailure): void {
      failures.push({ endpoint, id, failure });
    },

    /** Whether exports answer a Range request with the rest (206) or the whole file again (200). */
    honourRange(honour: boolean): void {
      honourRange = honour;
    },

    async close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePortal = Awaited<ReturnType<typeof startFakePortal>>;
