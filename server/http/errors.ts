import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * An error a domain service or route raises to answer with a status code and a `detail` message,
 * and headers where the status asks for them (Retry-After with a 503).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** Validates untrusted input with a zod schema; failure answers 400 with the first problem in `detail`. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, `${where}${issue?.message ?? 'Invalid input'}`);
}

const FASTIFY_CODE_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

/**
 * Every error leaves as JSON `{ detail }` with its status code. Unexpected errors are logged and answer
 * 500 without internals; client errors never reach the error log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const detail = (error.code && FASTIFY_CODE_DETAILS[error.code]) ?? error.message;
    return reply.status(status).send({ detail });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: 'Not Found' }));
}
