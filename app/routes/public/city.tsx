import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { CheckboxGroup, FlagFilterFields, RadiusFields } from '../../components/FilterFields.tsx';
import { PageBoundNote, PastPageBound, pastPageBound, shownPages } from '../../components/PageBound.tsx';
import { Pagination, pageWindow } from '../../components/Pagination.tsx';
import { ViewProfileLink } from '../../components/ViewProfileLink.tsx';
import { COMPANY_TYPE_OPTIONS } from '../../lib/carrier-search.ts';
import {
  CITY_ALL_PAGES_UP_TO,
  CITY_GO_TO_PAGE_ABOVE,
  cargoTypesSummary,
  cityQuery,
  citySupersearchQuery,
  cityUrl,
  isFiltered,
  parseCityParam,
  readCityFilters,
  type CityFilters,
  type CityParam,
} from '../../lib/city-page.ts';
import { resultCount, type Company } from '../../lib/company.ts';
import { CARGO_TYPES } from '../../../core/cargo.ts';
import { PAGE_PARAM } from '../../../core/search-filters.ts';
import { titleCase } from '../../../core/format.ts';
import { expectedRefusal } from '../../lib/load-errors.ts';
import { pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/city-island.ts?worker&url';
import type { Route } from './+types/city.ts';

export const handle: IslandHandle = { island };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const place = parseCityParam(params.cityState);
  const filters = readCityFilters(url.searchParams);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const base = { place, filters, path: url.pathname };
  if (!place) return data({ ...base, outcome: { kind: 'invalid' as const } }, { status: 404 });

  try {
    const result = await context.services.search.supersearchQuery(citySupersearchQuery(place, filters, page));
    // A city without carriers is not a page search engines should keep.
    const status = result.total === 0 && !isFiltered(filters) ? 404 : 200;
    return data({ ...base, outcome: { kind: 'results' as const, result } }, { status });
  } catch (error) {
    const refusal = expectedRefusal(error, ['invalid']);
    if (refusal === null) throw error;
    // A state the search does not know is a page that does not exist, not a bad filter.
    if (refusal.field === 'address_state')
      return data({ ...base, outcome: { kind: 'invalid' as const } }, { status: 404 });
    return data({ ...base, outcome: { kind: 'error' as const, detail: refusal.detail } }, { status: 400 });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const loaderData = args.loaderData;
  const place = loaderData?.place;
  if (!place || loaderData.outcome.kind === 'invalid') {
    return seoMeta(args, {
      title: pageTitle('Invalid city or state parameter'),
      description: 'City pages look like /trucking-companies/dallas-tx.',
      noindex: true,
    });
  }
  const count = loaderData.outcome.kind === 'results' ? loaderData.outcome.result.total : 0;
  return seoMeta(args, {
    title: `Trucking Companies in ${place.city}, ${place.state}`,
    description: `${count} trucking ${count === 1 ? 'company' : 'companies'} based in ${place.city}, ${place.state}: DOT and MC numbers, fleet size, cargo and safety data from FMCSA records.`,
    noindex: count === 0,
  });
};

function CompanyCard({ company }: { company: Company }) {
  const active = company.status_code === 'A';
  const cargo = company.cargo_types;
  const place = [company.address.city ? titleCase(company.address.city) : null, company.address.state]
    .filter(Boolean)
    .join(', ');
  return (
    <li className="card company-card">
      <div className="company-card__head">
        <h2>{company.name}</h2>
        <span className={`badge ${active ? 'badge--active' : 'badge--inactive'}`}>
          {active ? 'Active' : 'Inactive'}
        </span>
        {company.company_types.slice(0, 2).map((type) => (
          <span key={type} className="badge">
            {titleCase(type)}
          </span>
        ))}
      </div>
      <dl className="facts">
        <dt>DOT</dt>
        <dd>{company.dot_number}</dd>
        <dt>MC</dt>
        <dd>{company.mc_number ?? '—'}</dd>
        <dt>Fleet</dt>
        <dd>
          {company.power_units ?? 0} {company.power_units === 1 ? 'truck' : 'trucks'}
        </dd>
        <dt>Location</dt>
        <dd>{place || '—'}</dd>
        {company.dba_name ? (
          <>
            <dt>DBA</dt>
            <dd>{company.dba_name}</dd>
          </>
        ) : null}
      </dl>
      {cargo.length > 0 ? (
        <p className="cargo-list">
          {cargo.slice(0, 3).map((label) => (
            <span key={label} className="badge badge--muted">
              {label}
            </span>
          ))}
          {cargo.length > 3 ? <span className="muted"> +{cargo.length - 3} more</span> : null}
        </p>
      ) : null}
      <ViewProfileLink company={company} />
    </li>
  );
}

/**
 * The filters: a plain GET form, which works without JavaScript; the city island
 * (app/islands/city-island.ts) sends it to the page's canonical URL (cityUrl) and counts the ticked cargo types.
 */
function CityFiltersForm({ path, filters }: { path: string; filters: CityFilters }) {
  return (
    <form className="card filters" method="get" action={path} data-city-filters="">
      <h2>Filters</h2>
      <CheckboxGroup
        legend="Company Types"
        name={PAGE_PARAM.company_types}
        options={COMPANY_TYPE_OPTIONS.map((type) => [type, type] as const)}
        selected={filters.company_types}
      />
      <details className="dropdown form-field">
        <summary data-cargo-summary="">{cargoTypesSummary(filters.cargo_types.length)}</summary>
        <CheckboxGroup
          legend="Cargo Types"
          hideLegend
          className="dropdown__options"
          name={PAGE_PARAM.cargo_types}
          options={CARGO_TYPES}
          selected={filters.cargo_types}
        />
      </details>
      <RadiusFields
        legend="Radius"
        idPrefix="city"
        zipcode={filters.radius_zipcode}
        miles={filters.radius_miles}
      />
      <FlagFilterFields flags={filters.flags} />
      <button type="submit" className="button button--primary">
        Apply Filters
      </button>
    </form>
  );
}

/** A search within the city's state; the search-box island keeps a blank term from leaving the page. */
function CustomSearch({ state }: { state: string }) {
  return (
    // Named by its heading: the site header's search is a search landmark too.
    <form
      className="card filters"
      role="search"
      aria-labelledby="city-custom-search-heading"
      action="/search"
      method="get"
      data-search-box=""
    >
      <h2 id="city-custom-search-heading">Custom Search</h2>
      <input type="hidden" name={PAGE_PARAM.address_state} value={state} />
      <label htmlFor="city-custom-search">Search carriers in {state}</label>
      <div className="inline-form">
        <input id="city-custom-search" name="q" type="search" />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
    </form>
  );
}

/**
 * 'Go to page': a GET form carrying the page's filters, so it works without JavaScript. The browser
 * refuses anything but a whole number from 1 to the last page (spec: other pages are ignored).
 */
function GoToPage({ total, filtersQuery }: { total: number; filtersQuery: URLSearchParams }) {
  return (
    <form className="go-to-page inline-form" method="get">
      {[...filtersQuery].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="go-to-page">Go to page</label>
      <input id="go-to-page" name="page" type="number" min={1} max={total} step={1} required />
      <button type="submit" className="button button--secondary button--small">
        Go
      </button>
    </form>
  );
}

/** What narrows a city's list when it runs past the pages it shows: the filters beside it. */
const NARROW_CITY = 'Add a company type, cargo type or radius to narrow the list.';

function CityResults({
  place,
  path,
  filters,
  result,
}: {
  place: CityParam;
  path: string;
  filters: CityFilters;
  result: { data: Company[]; total: number; page: number; total_pages: number; page_limit: number };
}) {
  const hrefFor = (page: number) => cityUrl(path, filters, page);
  const lastPage = shownPages(result);
  const pages =
    lastPage <= CITY_ALL_PAGES_UP_TO
      ? Array.from({ length: lastPage }, (_, index) => index + 1)
      : pageWindow(result.page, lastPage, 2);
  if (result.data.length === 0 && result.page > result.page_limit && result.total > 0) {
    return <PastPageBound pageLimit={result.page_limit} narrowing={NARROW_CITY} firstPage={hrefFor(1)} />;
  }
  if (result.data.length === 0) {
    return (
      <div className="empty-state">
        <h2>
          No companies found in {place.city}, {place.state}
        </h2>
      </div>
    );
  }
  return (
    <>
      <ul className="company-cards">
        {result.data.map((company) => (
          <CompanyCard key={company.id} company={company} />
        ))}
      </ul>
      <Pagination current={result.page} total={lastPage} hrefFor={hrefFor} pages={pages} />
      {lastPage > CITY_GO_TO_PAGE_ABOVE ? (
        <GoToPage total={lastPage} filtersQuery={cityQuery(filters, 1)} />
      ) : null}
      {pastPageBound(result) ? <PageBoundNote narrowing={NARROW_CITY} /> : null}
    </>
  );
}

/**
 * The filters, after the results in the page: beside them on a wide screen (app.css places them in
 * the left column), below them on a phone, where they fold into a panel behind a 'Filters' button
 * so the heading and the results come first (docs/decisions/027-responsive-images-and-keyboard-map.md).
 * The button shows on narrow screens only; on wide ones, and without JavaScript, the panel is always
 * open. The city island opens and closes it.
 */
function FiltersPanel({ children }: { children: ReactNode }) {
  return (
    <div className="city-filters">
      <button
        type="button"
        className="button button--secondary city-filters__toggle"
        aria-expanded="false"
        aria-controls="city-filters-panel"
      >
        Filters
      </button>
      <div id="city-filters-panel" className="city-filters__panel">
        {children}
      </div>
    </div>
  );
}

export default function CityRoute({ loaderData }: Route.ComponentProps) {
  const { place, filters, path, outcome } = loaderData;
  if (!place || outcome.kind === 'invalid') {
    return (
      <section className="page page--narrow centered">
        <h1>Invalid city or state parameter</h1>
        <p>City pages look like /trucking-companies/dallas-tx: the city, then the two-letter state code.</p>
        <Link to="/search" className="button button--primary">
          Search Carriers
        </Link>
      </section>
    );
  }
  return (
    <section className="page search-layout city-layout">
      <div className="search-main">
        <h1>
          Trucking Companies in {place.city}, {place.state}
        </h1>
        {outcome.kind === 'results' ? (
          <>
            <p>
              <span className="badge badge--count" role="status">
                {`${resultCount(outcome.result)} ${outcome.result.total === 1 ? 'company' : 'companies'}`}
              </span>
            </p>
            <CityResults place={place} path={path} filters={filters} result={outcome.result} />
          </>
        ) : (
          <div className="alert alert--error" role="alert">
            <strong>Error:</strong> {outcome.detail}
          </div>
        )}
      </div>
      <FiltersPanel>
        <CityFiltersForm path={path} filters={filters} />
        <CustomSearch state={place.state} />
      </FiltersPanel>
    </section>
  );
}
