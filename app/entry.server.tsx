import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { islandOf } from './lib/island-page.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { createRenderedPages } from './lib/rendered-pages.ts';

export const streamTimeout = 5_000;

/** This process's public pages by the data they were rendered from (docs/decisions/083). */
const renderedPages = createRenderedPages();

/**
 * React Router's Node entry, with two changes: the per-request CSP nonce from the server is given to
 * every script React Router emits (the policy allows no other scripts), and a public page is rendered
 * to one string. A public page has no scripts of React's, no Suspense and no streaming (its data is
 * loaded before it renders, and it is not hydrated: docs/decisions/046), and the stream renderer
 * encodes each of the thousands of small pieces of markup to bytes as it goes: the string costs a
 * carrier profile about 1.5 ms less of CPU per request for the same bytes. A public page rendered
 * before from the same URL and data is not rendered again (rendered-pages.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  const app = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );

  if (isPublicPage(routerContext)) {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
    const html = renderedPages.html(
      { url: request.url, status: responseStatusCode, loaderData, actionData, errors },
      nonce,
      () => renderToString(app),
    );
    return new Response(`<!DOCTYPE html>${html}`, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page in one piece, so everything they index is in the first response.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.log.error({ err: error }, 'page render failed');
      },
    });
  });
}

/** Whether the page is a public one, which React does not hydrate (a matched route names its island). */
function isPublicPage({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return islandOf(staticHandlerContext.matches.map((match) => routeModules[match.route.id]?.handle)) !== null;
}
