import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../services.ts';
import { parseSitemapName } from './service.ts';

/** robots.txt and the sitemap index with its files, streamed (never built whole in memory). */
export async function sitemapRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(services.sitemap.robotsTxt()),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await services.sitemap.index()),
  );

  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
    const file = request.params.name.endsWith('.xml')
      ? parseSitemapName(request.params.name.slice(0, -4))
      : null;
    const chunks = file ? await services.sitemap.file(file) : null;
    if (!chunks) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(Readable.from(chunks));
  });
}
