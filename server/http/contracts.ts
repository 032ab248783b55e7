// The routes' side of the contracts (core/contracts, docs/decisions/033-declared-contracts.md): Fastify
// validates each route's params, query and body with its zod schemas, and the handler is typed by them.
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HttpMethod } from '../../core/contracts/route.ts';

/**
 * Input is validated with the provider's compiler: a refusal reaches the error handler
 * (server/http/errors.ts), which answers it as `{ detail, code: 'invalid' }`. Answers are not checked
 * against their schemas at run time, they are written as plain JSON: the response schemas type the
 * handlers (a handler that returns another shape does not compile) and document the API, and encoding
 * every answer through zod costs time on every request for a check the compiler already made.
 */
export function registerContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

/** What a route adds to its contract: who may call it (`config`), its hooks and its handler. */
export type ContractRouteOptions<S extends FastifySchema> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >,
  'method' | 'url' | 'schema'
>;

/**
 * Registers a route from its contract: the contract's method, path and schema, and the options the
 * route adds. The schema's type is a generic of this function and of the options, so the handler's
 * `request.params`, `request.query` and `request.body` and its answer are typed by the contract,
 * as when the schema is written in the route's own options (a spread of the contract there loses
 * them: the type provider reads only a `schema` it can see).
 */
export function contractRoute<S extends FastifySchema>(
  app: FastifyInstance,
  contract: { method: HttpMethod; path: string; schema: S },
  options: ContractRouteOptions<S>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route<RouteGenericInterface, ContextConfigDefault, S>({
    ...options,
    method: contract.method,
    url: contract.path,
    schema: contract.schema,
  });
}
