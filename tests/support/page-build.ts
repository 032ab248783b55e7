import type { ServerBuild } from 'react-router';

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module'];

/**
 * A React Router server build with the given page routes under an empty root, for API tests that need
 * pages served through the real SSR mount (server/http/ssr.ts) without a framework build. Documents
 * are not rendered: the entry answers JSON with the status React Router chose and the loaders' data
 * and errors (and an action's data), so a test sees exactly what each loader handed out. `.data` requests go through React
 * Router's own single-fetch encoding.
 */
export function pageBuild(routes: Record<string, { path: string; module: object }>): ServerBuild {
  const entryRoute = (id: string, path: string | undefined, module: RouteModule, parentId?: string) => ({
    id,
    path,
    parentId,
    module: `/${id}.js`,
    hasAction: 'action' in module,
    hasLoader: 'loader' in module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  });
  const root: RouteModule = { default: () => null };
  const serverRoutes: ServerBuild['routes'] = { root: { id: 'root', path: '', module: root } };
  const assetRoutes: ServerBuild['assets']['routes'] = { root: entryRoute('root', '', root) };
  for (const [id, route] of Object.entries(routes)) {
    // A route module's own typed props and meta arguments are narrower than the build's generic ones.
    const module = route.module as RouteModule;
    serverRoutes[id] = { id, path: route.path, parentId: 'root', module };
    assetRoutes[id] = entryRoute(id, route.path, module, 'root');
  }
  return {
    entry: {
      module: {
        default: (_request, status, headers, context) => {
          const { loaderData, actionData, errors } = context.staticHandlerContext;
          headers.set('Content-Type', 'application/json');
          // A posted form's answer too (the contact check's action), when there is one.
          const body = actionData ? { loaderData, actionData, errors } : { loaderData, errors };
          return new Response(JSON.stringify(body), { status, headers });
        },
      },
    },
    routes: serverRoutes,
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: assetRoutes,
      url: '/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  };
}
