import { isErrorCode, type ErrorCode } from '../../core/errors.ts';
import { clearSessionToken, readSessionToken } from './session.ts';

// The sending half of the API client, without the contracts: the public pages' shared code (the
// error type, the header's logout) imports this module, so zod and the route schemas of
// api-client.ts load only on the pages that call the typed client.

/**
 * Error from the main API: the status, and the server's `detail` message and `code` when it sent them.
 * Pages decide on `code` (core/errors.ts), never on the wording of `detail`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly code: ErrorCode | null = null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
  }
}

/** The `detail` and `code` of an error response; a plain-text body (a proxy's page) is the detail. */
async function readError(response: Response): Promise<{ detail: string | null; code: ErrorCode | null }> {
  const text = await response.text().catch(() => '');
  if (!text) return { detail: null, code: null };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { detail: text, code: null };
  }
  if (typeof body === 'string') return { detail: body, code: null };
  if (!body || typeof body !== 'object') return { detail: null, code: null };
  const { detail, message, code } = body as { detail?: unknown; message?: unknown; code?: unknown };
  return {
    detail: typeof detail === 'string' ? detail : typeof message === 'string' ? message : null,
    code: isErrorCode(code) ? code : null,
  };
}

/** A bearer token the browser keeps: the owner's session, or a watcher's (app/lib/watcher-session.ts). */
export interface StoredCredential {
  read: () => string | null;
  clear: () => void;
}

const OWNER_SESSION: StoredCredential = { read: readSessionToken, clear: clearSessionToken };

/**
 * Calls the main API with the stored bearer token (the owner's unless another credential is given). Pages call the typed client (`api` below), which
 * builds the path from the route's contract; this is what it sends with. A 401 means the token is no longer accepted, so it
 * is removed (spec: any 401 from the main API clears the stored token).
 */
export async function apiRequest<T>(
  path: string,
  init: RequestInit = {},
  credential: StoredCredential = OWNER_SESSION,
): Promise<T> {
  const headers = new Headers(init.headers);
  const token = credential.read();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The server refuses a state-changing call another site could have sent: one without a JSON body
  // or a bearer token (server/http/cross-site.ts). A body-less call therefore sends an empty JSON object.
  const method = (init.method ?? 'GET').toUpperCase();
  const body = init.body ?? (method === 'GET' || method === 'HEAD' ? undefined : '{}');
  if (typeof body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, body });
  if (response.status === 401) credential.clear();
  if (!response.ok) {
    const { detail, code } = await readError(response);
    throw new ApiError(response.status, detail, code);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
