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
import { z } from 'zod';
import type { HttpMethod } from '../../core/contracts/route.ts';

/**
 * Input is validated with the provider's compiler: a refusal reaches the error handler
 * (server/http/errors.ts), which answers it as `{ detail, code: 'invalid' }`. Answers are written as
 * plain JSON: the response schemas type the handlers (a handler that returns another shape does not
 * compile) and document the API, and encoding every answer through zod costs time on every request.
 * With `checkAnswers` (the tests) each answer is also held against its schema, so a key the contract
 * does not declare (a new column leaking out) fails the test instead of reaching a client.
 */
export function registerContracts(app: FastifyInstance, { checkAnswers }: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkAnswers ? checkedSerializer : () => (data) => JSON.stringify(data));
}

type SerializerArgs = { schema: unknown; method: string; url: string; httpStatus?: string };

/** The JSON of an answer after checking it against its schema, which it must fit without a key more. */
function checkedSerializer({ schema, method, url, httpStatus }: SerializerArgs) {
  return (data: unknown): string => {
    const json = JSON.stringify(data);
    const problem = contractProblem(schema as z.ZodType, JSON.parse(json));
    if (problem) {
      const message = `${method} ${url} answered ${httpStatus} outside its contract: ${problem}`;
      // Said where the test runs: the client sees only the 500 this error becomes.
      process.stderr.write(`${message}\n`);
      throw new Error(message);
    }
    return json;
  };
}

/** What is wrong with a value as its schema sees it, or null when it fits and declares every key. */
export function contractProblem(schema: z.ZodType, sent: unknown): string | null {
  const parsed = schema.safeParse(sent);
  if (!parsed.success) return z.prettifyError(parsed.error);
  const extra = undeclaredKeys(sent, parsed.data, '');
  return extra.length === 0 ? null : `keys the contract does not declare: ${extra.join(', ')}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of keys in what was sent that zod's parse left out: an object schema keeps only its own. */
function undeclaredKeys(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => undeclaredKeys(item, kept[index], `${path}[${index}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? undeclaredKeys(value, kept[key], at) : [at];
  });
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
