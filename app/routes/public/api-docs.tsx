import { apiOperations, type ApiOperation } from '../../../core/contracts/openapi.ts';
import { MAX_LOOKUP_NUMBERS, MAX_WATCHLIST_CARRIERS } from '../../../core/watchlists.ts';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/api-docs.ts';

export const handle: IslandHandle = { island };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('API Reference'),
    description: `The ${PRODUCT_NAME} API: look up to ${MAX_LOOKUP_NUMBERS} carriers at once and keep watchlists, with an API key.`,
  });

/** Every operation of the OpenAPI document, by area; the document itself is /api/openapi.json. */
export function loader() {
  const byArea = new Map<string, ApiOperation[]>();
  for (const operation of apiOperations()) {
    byArea.set(operation.area, [...(byArea.get(operation.area) ?? []), operation]);
  }
  return { areas: [...byArea.entries()] };
}

const AREA_TITLES: Record<string, string> = {
  watchers: 'Watchers: lookup, watchlists and keys',
  carrierData: 'Carrier data',
  companies: 'Companies',
  search: 'Search',
  history: 'Record history',
};

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page">
      <h1>API Reference</h1>
      <p>
        The whole API is described by its <a href="/api/openapi.json">OpenAPI 3.1 document</a>, generated from
        the same schemas the server checks every request with. Errors answer{' '}
        <code>{'{ "detail", "code" }'}</code>.
      </p>
      <h2>Keys</h2>
      <p>
        <a href="/watch/sign-in">Sign in as a watcher</a> and make a key on your{' '}
        <a href="/account">account page</a>. It is shown once; send it as{' '}
        <code>Authorization: Bearer cpk_…</code>. Each key has its own rate limit.
      </p>
      <pre>
        <code>{`curl -X POST ${'$'}HOST/api/v1/lookup \\
  -H "Authorization: Bearer cpk_..." -H "Content-Type: application/json" \\
  -d '{"numbers": ["1234567", "MC-123456"]}'`}</code>
      </pre>
      <p>
        A lookup takes up to {MAX_LOOKUP_NUMBERS} DOT or MC numbers and answers, for each, the verdict, the
        risk signals that hold, authority, insurance in force, the last change and the data dates. A watchlist
        holds up to {MAX_WATCHLIST_CARRIERS.toLocaleString('en-US')} carriers.
      </p>
      {loaderData.areas.map(([area, operations]) => (
        <section key={area} aria-labelledby={`area-${area}`}>
          <h2 id={`area-${area}`}>{AREA_TITLES[area] ?? area}</h2>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Operation</th>
              </tr>
            </thead>
            <tbody>
              {operations.map((operation) => (
                <tr key={operation.id}>
                  <td>
                    <code>{operation.method}</code>
                  </td>
                  <td>
                    <code>{operation.path}</code>
                    {operation.multipart ? ' (multipart/form-data)' : ''}
                  </td>
                  <td>{operation.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
