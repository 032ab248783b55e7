// The routes' side of the contracts (core/contracts, docs/decisions/033-declared-contracts.md): Fastify
// validates each route's params, query and body with its zod schemas, and the handler is typed by them.
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

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

/** A plugin's instance whose routes are typed by their zod schemas. */
export function typedRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
