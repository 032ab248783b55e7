import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../core/contracts/openapi.ts';

/** The path of the API's OpenAPI document. */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API (core/contracts/openapi.ts), made once
 * at the first request: the contracts do not change while the process runs.
 */
export function registerOpenApiDocument(app: FastifyInstance, appUrl: string): void {
  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(appUrl));
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(document);
  });
}
