import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type ErrorCode } from '../../core/errors.ts';
import { invalidInput } from '../../core/input.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableDetail } from '../db/unavailable.ts';

/**
 * The one place a code becomes an HTTP status. A `Record` over every code, so a new code fails to
 * compile until it has its status here.
 */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  misdirected: 421,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  busy: 503,
  insufficient_storage: 507,
  already_claimed: 409,
  no_contact_email: 422,
  duplicate_request: 409,
};

/**
 * The code for an error that arrives with a status only (Fastify's own: a body too large, bad JSON).
 * The general code listed first for that status, else 'invalid' or 'internal' by its class.
 */
export function codeForStatus(status: number): ErrorCode {
  const general = (Object.keys(STATUS_BY_CODE) as ErrorCode[]).find(
    (code) => STATUS_BY_CODE[code] === status,
  );
  return general ?? (status >= 500 ? 'internal' : 'invalid');
}

/** Sends the error body `{ detail, code }` with the code's status. */
export function sendError(reply: FastifyReply, code: ErrorCode, detail: string): FastifyReply {
  return reply.status(STATUS_BY_CODE[code]).send({ detail, code });
}

const FASTIFY_CODE_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_BAD_URL:
    'The URL is not valid (a % not followed by two hexadecimal digits, or bytes that are not UTF-8)',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL is too long',
};

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode is refused before any route or hook
 * runs, so it bypasses the error handler; without this it would answer Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 400;
  const detail = FASTIFY_CODE_DETAILS[error.code] ?? error.message;
  return reply.status(status).send({ detail, code: codeForStatus(status) });
}

/**
 * Every error leaves as JSON `{ detail, code }` with the code's status. A database that is unreachable
 * or locked answers 503 with Retry-After. Unexpected errors are logged and answer 500 without
 * internals; client errors never reach the error log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    // A route's schema (core/contracts) refused the input: the first problem, worded as parseInput words it.
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [issue] = error.validation;
      error = invalidInput(issue?.instancePath.slice(1).replaceAll('/', '.') ?? '', issue?.message);
    }
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, error.code, error.detail);
    }
    // A database that is down or locked passes: the client is told to retry, not that the server broke.
    const unavailable = databaseUnavailableDetail(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 'busy', unavailable);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 'internal', 'Internal server error');
    }
    const detail = (error.code && FASTIFY_CODE_DETAILS[error.code]) ?? error.message;
    return reply.status(status).send({ detail, code: codeForStatus(status) });
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 'not_found', 'Not Found'));
}
