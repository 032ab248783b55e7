import type { FastifyServerOptions } from 'fastify';

// Magic-link tokens and review ids travel in URL paths; whoever holds one may sign in or rate, so
// they must not reach the logs. React Router matches page paths in any letter case.
const CAPABILITY_IN_PATH = /(\/(?:verify-(?:claim|login|user-login)|review)\/)[^/?#]+/gi;
// The rating API's review ids: /ratings/{id} and /ratings/{id}/submit, not its other paths.
const REVIEW_ID_IN_API = /(\/ratings\/)(?!(?:summary|request)(?:[/?#]|$))[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url
    .replace(CAPABILITY_IN_PATH, '$1[redacted]')
    .replace(REVIEW_ID_IN_API, '$1[redacted]')
    .replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/** pino options: structured JSON, no request headers (bearer tokens), no capabilities in logged URLs. */
export function loggerOptions(
  level: string,
  stream?: { write: (line: string) => void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["api-key"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}
