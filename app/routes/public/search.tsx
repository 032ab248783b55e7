import { data, Link } from 'react-router';
import { CheckboxGroup, FlagFilterFields, RadiusFields } from '../../components/FilterFields.tsx';
import { PageBoundNote, PastPageBound, pastPageBound, shownPages } from '../../components/PageBound.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { SearchResults } from '../../components/SearchResults.tsx';
import {
  COMPANY_TYPE_OPTIONS,
  NO_SEARCH_PARAMS,
  readSearchParams,
  searchUrl,
  supersearchQuery,
  type SearchPageParams,
} from '../../lib/carrier-search.ts';
import { resultCount, type SearchResponse } from '../../lib/company.ts';
import { expectedRefusal } from '../../lib/load-errors.ts';
import { pageTitle } from '../../../core/site.ts';
import { PAGE_PARAM } from '../../../core/search-filters.ts';
import { US_STATES } from '../../../core/us-states.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/search.ts';

export const handle: IslandHandle = { island };

/** What narrows a search whose matches run past the pages it lists: the form's filters. */
const NARROW_SEARCH = 'Add a state, company type or radius to narrow your search.';

type Outcome = { ok: true; result: SearchResponse } | { ok: false; detail: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = readSearchParams(new URL(request.url).searchParams);
  if (!params.q) return { params, outcome: null };
  try {
    const result = await context.services.search.supersearchQuery(supersearchQuery(params));
    return { params, outcome: { ok: true, result } as Outcome };
  } catch (error) {
    const refusal = expectedRefusal(error, ['invalid']);
    if (refusal) return { params, outcome: { ok: false, detail: refusal.detail } as Outcome };
    // The spec's alert on a 500, which no cache keeps: the next request searches again.
    context.log.error({ err: error }, 'search failed');
    return data({ params, outcome: { ok: false, detail: null } as Outcome }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const q = args.loaderData?.params.q;
  return seoMeta(args, {
    title: pageTitle(q ? `Search results for “${q}”` : 'Search Carriers'),
    description: q
      ? `Trucking carriers matching “${q}”: DOT and MC numbers, fleet size, safety rating and location.`
      : 'Search US trucking carriers by company name, DOT number, MC number, e-mail domain, website or city.',
    keepQuery: Boolean(q),
  });
};

/**
 * The search form: a plain GET form showing the URL's values, which works without JavaScript; the
 * search island (app/islands/search-forms.ts) ignores a blank term and sends it to the canonical URL (searchUrl).
 */
function SearchFilters({ params }: { params: SearchPageParams }) {
  return (
    <form className="card filters" action="/search" method="get" data-search-filters="">
      <h2>Filters</h2>
      <div className="form-field">
        <label htmlFor="search-q">Company name, DOT, MC, etc...</label>
        <input id="search-q" name="q" type="search" defaultValue={params.q} />
      </div>
      <div className="form-field">
        <label htmlFor="search-state">Location</label>
        <select id="search-state" name={PAGE_PARAM.address_state} defaultValue={params.address_state}>
          <option value="">All States</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <CheckboxGroup
        legend="Company Types"
        name={PAGE_PARAM.company_types}
        options={COMPANY_TYPE_OPTIONS.map((type) => [type, type] as const)}
        selected={params.company_types}
      />
      <RadiusFields
        legend="Radius Search"
        idPrefix="search"
        zipcode={params.radius_zipcode}
        miles={params.radius_miles}
      />
      <FlagFilterFields flags={params.flags} />
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  );
}

function SearchLanding() {
  return (
    <section className="page">
      <h1>Find Carriers</h1>
      <p className="lead">
        Look up US trucking carriers by name, DOT number, MC number, e-mail domain, website or city.
      </p>
      <div className="card-grid">
        <article className="card">
          <h2>Search by Name</h2>
          <p>Type part of a company or DBA name. Every word you type must match, and partial words count.</p>
        </article>
        <article className="card">
          <h2>Search by Number</h2>
          <p>
            Enter a USDOT number or an MC number, with or without the MC prefix. Exact matches come first.
          </p>
        </article>
        <article className="card">
          <h2>Narrow It Down</h2>
          <p>
            Filter by state, by carriers or brokers, by a radius of 1 to 500 miles around a ZIP code, to
            carriers authorized for hire with their insurance on file, or to hazmat carriers.
          </p>
        </article>
      </div>
      <section className="card search-tips">
        <h2>Search Tips</h2>
        <ul>
          <li>Use the start of a word: “freig” finds “Freight” and “Freightways”.</li>
          <li>Search a website or e-mail domain, such as “bluerigelogistics.com”.</li>
          <li>Add a city or state to a name, such as “blue ridge dallas”.</li>
          <li>MC numbers work as “MC123456”, “MC-123456” or just the digits.</li>
        </ul>
      </section>
      <SearchFilters params={NO_SEARCH_PARAMS} />
    </section>
  );
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { params, outcome } = loaderData;
  if (!outcome) return <SearchLanding />;
  return (
    <section className="page search-layout">
      <SearchFilters params={params} />
      <div className="search-main">
        <h1>Search Results</h1>
        {outcome.ok ? (
          <>
            <p className="result-count" role="status">
              {`Found ${resultCount(outcome.result)} results. Page ${outcome.result.total === 0 ? 0 : outcome.result.page} of ${shownPages(outcome.result)}`}
            </p>
            {outcome.result.data.length > 0 ? (
              <>
                <SearchResults companies={outcome.result.data} />
                <Pagination
                  current={outcome.result.page}
                  total={shownPages(outcome.result)}
                  hrefFor={(page) => searchUrl({ ...params, page })}
                />
                {pastPageBound(outcome.result) ? <PageBoundNote narrowing={NARROW_SEARCH} /> : null}
              </>
            ) : outcome.result.page > outcome.result.page_limit && outcome.result.total > 0 ? (
              <PastPageBound
                pageLimit={outcome.result.page_limit}
                narrowing={NARROW_SEARCH}
                firstPage={searchUrl({ ...params, page: 1 })}
              />
            ) : (
              <div className="empty-state">
                <h2>No results found</h2>
                <p>Try adjusting your search terms or filters</p>
                {outcome.result.page > 1 && outcome.result.total > 0 ? (
                  <Link to={searchUrl({ ...params, page: 1 })}>Back to the first page</Link>
                ) : null}
              </div>
            )}
          </>
        ) : (
          <div className="alert alert--error" role="alert">
            <strong>Error:</strong> Error performing search. Please try again.
            {outcome.detail ? <div>{outcome.detail}</div> : null}
          </div>
        )}
      </div>
    </section>
  );
}
