// First: zod's browser setting must be in place before core/contracts builds its schemas.
import './zod-in-browser';
import type { z } from 'zod';
import { CONTRACTS } from '../../core/contracts';
import { routePath, type RouteContract } from '../../core/contracts/route';
import { isErrorCode, type ErrorCode } from '../../core/errors';
import { clearSessionToken, readSessionToken } from './session';

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

/**
 * Calls the main API with the stored bearer token. Pages call the typed client (`api` below), which
 * builds the path from the route's contract; this is what it sends with. A 401 means the token is no longer accepted, so it
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
  if (!response.ok) {
    const { detail, code } = await readError(response);
    throw new ApiError(response.status, detail, code);
  }
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
    await fetch(routePath(CONTRACTS.auth.logout), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // Nothing to do: the local logout stands.
  }
}

type Schema = RouteContract['schema'];
type NoInput = Record<never, never>;

/** Path parameters by name; a number is written as its digits. */
type ParamsInput<S extends Schema> = S extends { params: z.ZodType }
  ? { params: { [K in keyof z.input<S['params']>]: string | number } }
  : NoInput;
type QueryInput<S extends Schema> = S extends { querystring: z.ZodType }
  ? { query?: z.input<S['querystring']> }
  : NoInput;
type BodyInput<S extends Schema> = S extends { body: z.ZodType } ? { body: z.input<S['body']> } : NoInput;
/** A multipart route (an image upload) takes a form instead of a JSON body. */
type FormInput<C> = C extends { multipart: true } ? { form: FormData } : NoInput;

/** What a route's call takes: its path parameters, query, JSON body or form, as its contract declares them. */
export type RouteInput<C extends RouteContract> = ParamsInput<C['schema']> &
  QueryInput<C['schema']> &
  BodyInput<C['schema']> &
  FormInput<C>;

type SuccessStatus = 200 | 201 | 204;
/** What a route answers on success (200, 201, or `undefined` for 204), as its contract declares it. */
export type RouteOutput<C extends RouteContract> = z.output<
  C['schema']['response'][Extract<keyof C['schema']['response'], SuccessStatus>]
>;

type RouteCall<C extends RouteContract> =
  NoInput extends RouteInput<C>
    ? (input?: RouteInput<C>) => Promise<RouteOutput<C>>
    : (input: RouteInput<C>) => Promise<RouteOutput<C>>;

type Contracts = typeof CONTRACTS;
export type ApiClient = {
  [Area in keyof Contracts]: {
    [Route in keyof Contracts[Area]]: Contracts[Area][Route] extends RouteContract
      ? RouteCall<Contracts[Area][Route]>
      : never;
  };
};

interface AnyInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

/** The query string of defined values, with its `?`; empty without any. */
function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of one call of a route: its path with the parameters filled in and its query. */
export function routeUrl(contract: RouteContract, input: AnyInput = {}): string {
  return routePath(contract, input.params) + queryString(input.query);
}

async function callRoute(contract: RouteContract, input: AnyInput = {}): Promise<unknown> {
  const body = input.form ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
  return apiRequest(routeUrl(contract, input), { method: contract.method, body });
}

/**
 * The typed client: one function per route of core/contracts, e.g.
 * `api.blocks.update({ params: { id }, body: { block_title } })`, typed by the route's contract.
 * Errors are thrown as ApiError (status, detail, code), as with apiRequest.
 */
export const api = Object.fromEntries(
  Object.entries(CONTRACTS).map(([area, routes]) => [
    area,
    Object.fromEntries(
      Object.entries(routes).map(([name, contract]) => [
        name,
        (input?: AnyInput) => callRoute(contract as RouteContract, input),
      ]),
    ),
  ]),
) as unknown as ApiClient;
