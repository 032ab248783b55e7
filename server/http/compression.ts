import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Encodings offered, best first: brotli, then gzip for the few clients without it. */
export const ENCODINGS = ['br', 'gzip'] as const;

/**
 * On-the-fly compression of dynamic responses (API JSON, server-rendered pages and their `.data`
 * requests, the sitemap), chosen by Accept-Encoding, with `Vary: Accept-Encoding`. Registered before
 * any route: the plugin hooks into the routes declared after it. Responses under 1 KB go out as they
 * are (compression would save almost nothing); types the MIME database calls incompressible (JPEG,
 * PNG, WebP, GIF media) and responses that already carry a Content-Encoding (the build's precompressed
 * static files, see scripts/compress-assets.mjs) are never compressed again. Brotli runs at the
 * plugin's quality 4, fast enough per request; the static files get quality 11 once, at build time.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { encodings: [...ENCODINGS], threshold: 1024 });
}
