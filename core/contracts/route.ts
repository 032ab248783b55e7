// What a contract is: one HTTP route's method, path, inputs and answers, declared once with zod and
// read by both sides (docs/decisions/033-declared-contracts.md). The server's routes validate their
// input with these schemas (fastify-type-provider-zod); the browser's typed client (app/lib/api-client.ts)
// builds its URLs from them and takes its types from them.
import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

/** The body of every error answer (docs/decisions/028-one-error-model.md). */
export const ErrorBody = z.object({ detail: z.string(), code: z.enum(ERROR_CODES) });

/** A write whose answer is a sentence for people: `{ detail: 'Login link sent' }`. */
export const DetailBody = z.object({ detail: z.string() });

/** 204 No Content: the answer has no body. */
export const NoContent = z.void();

/** Where each API is mounted; a contract's path is under its API's base. */
export const API_BASES = { api: '/api/v1', carrierData: '/carrier-data/api/v1' } as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The schema of a route as Fastify reads it; responses per status, errors included. */
export interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number | '4xx' | '5xx', z.ZodType>;
}

export interface RouteContract {
  method: HttpMethod;
  api: keyof typeof API_BASES;
  /** Fastify style, under the API's base: `/content/blocks/:id`. */
  path: string;
  schema: RouteSchema;
}

/** Every refusal and failure answers the error body, whatever the route. */
const ERROR_RESPONSES = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/**
 * Declares a route. `answers` are its answers per status: the success (200, 201 or 204) and any
 * other answer that is not the error body (the health report's 503); the error body is added for
 * every other 4xx and 5xx status.
 */
export function route<
  const M extends HttpMethod,
  const A extends keyof typeof API_BASES,
  const P extends string,
  const S extends { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType },
  const R extends Partial<Record<number, z.ZodType>>,
>(method: M, api: A, path: P, inputs: S, answers: R) {
  return { method, api, path, schema: { ...inputs, response: { ...ERROR_RESPONSES, ...answers } } };
}

/** The path of a route with its parameters filled in, each URI-encoded, under its API's base. */
export function routePath(
  contract: Pick<RouteContract, 'api' | 'path'>,
  params: Record<string, string | number> = {},
): string {
  const filled = contract.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${contract.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_BASES[contract.api]}${filled}`;
}
