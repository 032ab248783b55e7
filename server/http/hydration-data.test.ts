import type { AppLoadContext, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notForHydration } from '../../app/lib/island-page.ts';
import { pageBuild } from '../../tests/support/page-build.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { testDialect } from '../../tests/support/test-database.ts';

// A public page's loader data (app/lib/island-page.ts, notForHydration) through the real SSR mount and
// React Router's request handler: what its document's render reads, and what React Router encodes.

const publicRoute = {
  loader: ({ context }: { context: AppLoadContext }) =>
    notForHydration({ carrier: { name: 'BLUE RIDGE HAULING' } }, context.documentRequest),
  default: () => null,
};

/** A build whose document answers with the route's data as its render reads it and the hydration data. */
function documentBuild(): ServerBuild {
  const build = pageBuild({ 'routes/public': { path: 'public', module: publicRoute } });
  return {
    ...build,
    entry: {
      module: {
        default: async (_request, status, headers, context) => {
          const data = context.staticHandlerContext.loaderData['routes/public'] as {
            carrier: { name: string };
          };
          const hydration = await new Response(context.serverHandoffStream).text();
          headers.set('Content-Type', 'application/json');
          return Response.json({ rendered: data.carrier.name, hydration }, { status, headers });
        },
      },
    },
  };
}

describe(`a public page's loader data on ${testDialect}`, () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({}, { serverBuild: documentBuild() });
  });
  afterAll(async () => app.close());

  it('is read by the document render and left out of its hydration data', async () => {
    const response = await app.fastify.inject({ method: 'GET', url: '/public' });
    expect(response.statusCode).toBe(200);
    const { rendered, hydration } = response.json<{ rendered: string; hydration: string }>();
    expect(rendered).toBe('BLUE RIDGE HAULING');
    expect(hydration).toContain('routes/public');
    expect(hydration).not.toContain('BLUE RIDGE HAULING');
  });

  it('is all in the answer to a .data request (client-side navigation)', async () => {
    const response = await app.fastify.inject({ method: 'GET', url: '/public.data?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('BLUE RIDGE HAULING');
  });
});
