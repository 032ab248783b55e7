/**
 * FMCSA's open-data portal (Socrata), through its documented endpoints only: a dataset's metadata
 * (`/api/views/{id}.json`), its whole export (`/api/views/{id}/rows.csv?accessType=DOWNLOAD`) and pages
 * of rows by SoQL (`/resource/{id}.csv`). Downloads stream to disk and resume with HTTP Range where the
 * portal honours it. Failures the portal recovers from (500/502/503/504, a dropped or stalled
 * connection, a maintenance page, a body cut short) are retried with backoff, a 429 after its
 * Retry-After; anything else is refused at once with a PortalError.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A failure the sync gives up on; the message says what and where, ready for the user. */
export class PortalError extends Error {}

/** A failure worth another attempt. */
class TransientError extends Error {
  constructor(
    message: string,
    /** The wait the portal asked for (429 Retry-After), if any. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface PortalColumn {
  fieldName: string;
  name: string;
}

export interface PortalMetadata {
  /** When the dataset's rows last changed on the portal (Unix seconds). */
  rowsUpdatedAt: number;
  columns: PortalColumn[];
}

export interface PortalClientOptions {
  baseUrl: string;
  appToken?: string;
  /** Attempts of one request before giving up. */
  maxAttempts?: number;
  /** The wait after the first failure, doubled after each further one. */
  retryBaseMs?: number;
  /** A connection that sends nothing for this long is dropped (and retried). */
  stallTimeoutMs?: number;
  /** The longest Retry-After honoured; a longer one is waited this long. */
  maxRetryAfterMs?: number;
  /** Called with each download's bytes so far and expected total (null when unknown). */
  onBytes?: (bytes: number, total: number | null) => void;
}

const RETRIED_STATUSES = new Set([500, 502, 503, 504]);
const HTML_PAGE = 'the portal answered with an HTML page instead of data (maintenance or an error page)';

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: http.IncomingMessage;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Whether the first bytes of a body are markup rather than CSV or JSON. */
function looksLikeHtml(start: Buffer): boolean {
  const text = start.toString('latin1', 0, 64).trimStart().toLowerCase();
  return text.startsWith('<');
}

export function createPortalClient(options: PortalClientOptions) {
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const stallTimeoutMs = options.stallTimeoutMs ?? 60_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10 * 60_000;
  const base = options.baseUrl.replace(/\/$/, '');

  function request(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
    const url = new URL(base + pathAndQuery);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.get(
        url,
        {
          headers: {
            accept: '*/*',
            ...(options.appToken ? { 'x-app-token': options.appToken } : {}),
            ...headers,
          },
        },
        (incoming) =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: incoming }),
      );
      // Socket inactivity: before the answer and between any two chunks of the body.
      outgoing.setTimeout(stallTimeoutMs, () =>
        outgoing.destroy(
          new TransientError(`the connection stalled (nothing received for ${stallTimeoutMs / 1000} s)`),
        ),
      );
      outgoing.on('error', (error) =>
        reject(
          error instanceof TransientError
            ? error
            : new TransientError(`connection failed (${error.message})`),
        ),
      );
    });
  }

  /** Throws the right error for a status that carries no data; drains the body. */
  function refuseStatus(response: Response, what: string): never {
    response.body.resume();
    const { status } = response;
    if (status === 429) {
      throw new TransientError(
        'the portal is rate limiting (HTTP 429)',
        retryAfterMs(response.headers['retry-after']) ?? retryBaseMs,
      );
    }
    if (RETRIED_STATUSES.has(status)) throw new TransientError(`the portal failed (HTTP ${status})`);
    if (status === 404) throw new PortalError(`${what}: not found on the portal (HTTP 404)`);
    if (status === 401 || status === 403) {
      throw new PortalError(`${what}: the portal refused access (HTTP ${status}); check FMCSA_APP_TOKEN`);
    }
    throw new PortalError(`${what}: the portal answered HTTP ${status}`);
  }

  async function withRetries<T>(what: string, attempt: () => Promise<T>): Promise<T> {
    let last: string;
    for (let attempts = 1; ; attempts += 1) {
      try {
        return await attempt();
      } catch (error) {
        // A stream error may wrap ours; the request's own errors come as they are.
        const transient =
          error instanceof TransientError
            ? error
            : error instanceof PortalError
              ? null
              : new TransientError(`the download broke off (${(error as Error).message})`);
        if (!transient) throw error;
        last = transient.message;
        if (attempts >= maxAttempts) break;
        const backoff = retryBaseMs * 2 ** (attempts - 1);
        await sleep(Math.min(transient.retryAfterMs ?? backoff, maxRetryAfterMs));
      }
    }
    throw new PortalError(`${what}: ${last}; gave up after ${maxAttempts} attempts`);
  }

  return {
    /** The dataset's metadata: when its rows last changed, and its columns. */
    metadata(id: string, what: string): Promise<PortalMetadata> {
      return withRetries(what, async () => {
        const response = await request(`/api/views/${encodeURIComponent(id)}.json`, {
          accept: 'application/json',
        });
        if (response.status !== 200) refuseStatus(response, what);
        const chunks: Buffer[] = [];
        for await (const chunk of response.body) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        if (String(response.headers['content-type']).includes('text/html') || looksLikeHtml(body)) {
          throw new TransientError(HTML_PAGE);
        }
        let parsed: { rowsUpdatedAt?: unknown; columns?: unknown };
        try {
          parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
        } catch {
          throw new TransientError('the metadata is not readable JSON');
        }
        const columns = Array.isArray(parsed.columns) ? (parsed.columns as Partial<PortalColumn>[]) : [];
        if (typeof parsed.rowsUpdatedAt !== 'number' || columns.length === 0) {
          throw new PortalError(`${what}: the portal's metadata has no rowsUpdatedAt or no columns`);
        }
        return {
          rowsUpdatedAt: parsed.rowsUpdatedAt,
          columns: columns.map((column) => ({
            fieldName: String(column.fieldName ?? ''),
            name: String(column.name ?? ''),
          })),
        };
      });
    },

    /**
     * Streams `pathAndQuery` into `file`. With `resume`, bytes already in the file are kept and only
     * the rest is asked for (Range); a portal that ignores Range sends it all again. Checks that the
     * body is no HTML page and, where the portal says its length, that all of it arrived.
     */
    download(pathAndQuery: string, file: string, what: string, { resume }: { resume: boolean }) {
      return withRetries(what, async () => {
        const have = resume
          ? await stat(file).then(
              (info) => info.size,
              () => 0,
            )
          : 0;
        const response = await request(pathAndQuery, have > 0 ? { range: `bytes=${have}-` } : {});
        // A range past the end: the file was whole; it is checked again after.
        if (response.status === 416 && have > 0) {
          response.body.resume();
          return;
        }
        if (response.status !== 200 && response.status !== 206) refuseStatus(response, what);
        if (String(response.headers['content-type']).includes('text/html')) {
          response.body.resume();
          throw new TransientError(HTML_PAGE);
        }
        const appending = response.status === 206 && have > 0;
        const start = appending ? have : 0;
        const length = Number(response.headers['content-length'] ?? NaN);
        const total = Number.isFinite(length) ? start + length : null;
        let received = 0;
        let first = !appending;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            if (first) {
              first = false;
              if (looksLikeHtml(chunk)) return callback(new TransientError(HTML_PAGE));
            }
            received += chunk.length;
            options.onBytes?.(start + received, total);
            callback(null, chunk);
          },
        });
        await pipeline(response.body, counter, createWriteStream(file, { flags: appending ? 'a' : 'w' }));
        if (total !== null && start + received !== total) {
          throw new TransientError(`the download ended early (${start + received} of ${total} bytes)`);
        }
      });
    },
  };
}

export type PortalClient = ReturnType<typeof createPortalClient>;
