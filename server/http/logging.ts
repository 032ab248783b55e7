import type { FastifyServerOptions } from 'fastify';

// Magic-link tokens travel in URL paths; they are credentials and must not reach the logs.
const TOKEN_IN_PATH = /(\/verify-(?:claim|login|user-login)\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url
    .replace(TOKEN_IN_PATH, '$1[redacted]')
    .replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/** pino options: structured JSON, no request headers (bearer tokens), no tokens in logged URLs. */
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
