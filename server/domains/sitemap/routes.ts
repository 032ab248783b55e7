import { createReadStream } from 'node:fs';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../../services.ts';
import type { KeptEncoding, KeptFile } from './kept-files.ts';

/**
 * Requests per client and hour to the index, and to the files: a crawler reads the index and every
 * file (about ninety at full size) within it; each request beyond is a 429 before anything is read.
 */
export const SITEMAP_REQUESTS_PER_HOUR = 120;
const SITEMAP_RATE_LIMIT = { rateLimit: { max: SITEMAP_REQUESTS_PER_HOUR, timeWindow: '1 hour' } };

/** The compressed forms, best first; a client accepting neither gets the file as built. */
const COMPRESSED: KeptEncoding[] = ['br', 'gzip'];

/** Sends a kept file in the form the client accepts; the compression plugin leaves an encoded answer alone. */
function sendKept(request: FastifyRequest, reply: FastifyReply, file: KeptFile) {
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', COMPRESSED) ?? 'identity';
  const form = file[encoding];
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply
    .type('application/xml; charset=utf-8')
    .header('Vary', 'Accept-Encoding')
    .header('Content-Length', form.bytes)
    .header('Cache-Control', 'public, max-age=3600')
    .send(createReadStream(form.path));
}

/**
 * robots.txt and the sitemap index with its files. The sitemaps are built at most once an hour per
 * instance (or after a census import) and served from disk (service.ts, kept-files.ts), and limited
 * per client.
 */
export async function sitemapRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.addHook('onClose', async () => services.sitemap.close());

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(services.sitemap.robotsTxt()),
  );

  app.get('/sitemap.xml', { config: SITEMAP_RATE_LIMIT }, async (request, reply) =>
    sendKept(request, reply, await services.sitemap.keptIndex()),
  );

  app.get<{ Params: { name: string } }>(
    '/sitemaps/:name',
    { config: SITEMAP_RATE_LIMIT },
    async (request, reply) => {
      const { name } = request.params;
      const file = name.endsWith('.xml') ? await services.sitemap.keptFile(name.slice(0, -4)) : null;
      if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return sendKept(request, reply, file);
    },
  );
}
