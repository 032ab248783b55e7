import './zod-browser.ts';
import type { z } from 'zod';
import { CONTRACTS } from '../../core/contracts/index.ts';
import { routePath, type RouteContract } from '../../core/contracts/route.ts';
import { apiRequest, type StoredCredential } from './api-request.ts';
import { WATCHER_SESSION } from './watcher-session.ts';

export { ApiError } from './api-request.ts';

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

async function callRoute(
  contract: RouteContract,
  input: AnyInput = {},
  credential?: StoredCredential,
): Promise<unknown> {
  const body = input.form ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
  return apiRequest(routeUrl(contract, input), { method: contract.method, body }, credential);
}

function clientWith(credential?: StoredCredential): ApiClient {
  return Object.fromEntries(
    Object.entries(CONTRACTS).map(([area, routes]) => [
      area,
      Object.fromEntries(
        Object.entries(routes).map(([name, contract]) => [
          name,
          (input?: AnyInput) => callRoute(contract as RouteContract, input, credential),
        ]),
      ),
    ]),
  ) as unknown as ApiClient;
}

/**
 * The typed client: one function per route of core/contracts, e.g.
 * `api.blocks.update({ params: { id }, body: { block_title } })`, typed by the route's contract.
 * Errors are thrown as ApiError (status, detail, code), as with apiRequest.
 */
export const api = clientWith();

/** The same client with the watcher's session (the watcher pages): owners and watchers are separate roles. */
export const watcherApi = clientWith(WATCHER_SESSION);
