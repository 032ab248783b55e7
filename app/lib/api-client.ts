import { clearSessionToken, readSessionToken } from './session';

/** Error from the main API, carrying the status and the server's `detail` message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
  }
}

async function readDetail(response: Response): Promise<string | null> {
  try {
    const text = await response.text();
    if (!text) return null;
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'string') return body;
      if (body && typeof body === 'object') {
        const { detail, message } = body as { detail?: unknown; message?: unknown };
        if (typeof detail === 'string') return detail;
        if (typeof message === 'string') return message;
      }
      return null;
    } catch {
      return text;
    }
  } catch {
    return null;
  }
}

/**
 * Calls the main API with the stored bearer token. A 401 means the token is no longer accepted, so it
 * is removed (spec: any 401 from the main API clears the stored token).
 */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = readSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The server refuses a state-changing call another site could have sent: one without a JSON body
  // or a bearer token (server/http/cross-site.ts). A body-less call therefore sends an empty JSON object.
  const method = (init.method ?? 'GET').toUpperCase();
  const body = init.body ?? (method === 'GET' || method === 'HEAD' ? undefined : '{}');
  if (typeof body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, body });
  if (response.status === 401) clearSessionToken();
  if (!response.ok) throw new ApiError(response.status, await readDetail(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Ends a session on the server (POST /api/v1/auth/logout), so the token is refused from then on even
 * if a copy of it survives. The browser has already forgotten the token; a failed call (offline,
 * server down) changes nothing there, so it is not reported.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    await fetch('/api/v1/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // Nothing to do: the local logout stands.
  }
}
