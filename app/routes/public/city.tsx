import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { data, Link, useNavigate } from 'react-router';
import {
  AuthorityFilterFields,
  CheckboxGroup,
  RadiusFields,
  toggled,
} from '../../components/FilterFields.tsx';
import { Pagination, pageWindow } from '../../components/Pagination.tsx';
import { ViewProfileLink } from '../../components/ViewProfileLink.tsx';
import {
  anyAuthorityFlag,
  authorityApiQuery,
  COMPANY_TYPE_OPTIONS,
  readAuthorityFlags,
  writeAuthorityFlags,
  type AuthorityFlags,
} from '../../lib/carrier-search.ts';
import {
  CITY_ALL_PAGES_UP_TO,
  CITY_GO_TO_PAGE_ABOVE,
  CITY_PAGE_SIZE,
  parseCityParam,
  type CityParam,
} from '../../lib/city-page.ts';
import { resultCount, type Company } from '../../lib/company.ts';
import { CARGO_TYPES } from '../../../core/cargo.ts';
import { titleCase } from '../../../core/format.ts';
import { expectedRefusal } from '../../lib/load-errors.ts';
import { searchPathFor } from '../../lib/search-path.ts';
import { pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/city.ts';

interface CityFilters {
  companyTypes: string[];
  cargoTypes: string[];
  radiusZipcode: string;
  radiusMiles: string;
  authority: AuthorityFlags;
}

function listParam(searchParams: URLSearchParams, name: string): string[] {
  return searchParams
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function readFilters(searchParams: URLSearchParams): CityFilters {
  return {
    companyTypes: listParam(searchParams, 'companyTypes'),
    cargoTypes: listParam(searchParams, 'cargoTypes'),
    radiusZipcode: (searchParams.get('radiusZipcode') ?? '').trim(),
    radiusMiles: (searchParams.get('radiusMiles') ?? '').trim(),
    authority: readAuthorityFlags(searchParams),
  };
}

/** Filtered mode: company types, cargo types, both radius fields (spec section 4) or an L&I filter. */
function isFiltered(filters: CityFilters): boolean {
  return (
    filters.companyTypes.length > 0 ||
    filters.cargoTypes.length > 0 ||
    anyAuthorityFlag(filters.authority) ||
    Boolean(filters.radiusZipcode && filters.radiusMiles)
  );
}

function cityUrl(path: string, filters: CityFilters, page: number): string {
  const query = new URLSearchParams();
  if (filters.companyTypes.length) query.set('companyTypes', filters.companyTypes.join(','));
  if (filters.cargoTypes.length) query.set('cargoTypes', filters.cargoTypes.join(','));
  if (filters.radiusZipcode && filters.radiusMiles) {
    query.set('radiusZipcode', filters.radiusZipcode);
    query.set('radiusMiles', filters.radiusMiles);
  }
  writeAuthorityFlags(query, filters.authority);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const place = parseCityParam(params.cityState);
  const filters = readFilters(url.searchParams);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const base = { place, filters, path: url.pathname };
  if (!place) return data({ ...base, outcome: { kind: 'invalid' as const } }, { status: 404 });

  const query: Record<string, string> = {
    address_city: place.city,
    address_state: place.state,
    page: String(page),
    limit: String(CITY_PAGE_SIZE),
  };
  if (filters.companyTypes.length) query.company_types = filters.companyTypes.join(',');
  if (filters.cargoTypes.length) query.cargo_types = filters.cargoTypes.join(',');
  if (filters.radiusZipcode && filters.radiusMiles) {
    query.radius_zipcode = filters.radiusZipcode;
    query.radius_miles = filters.radiusMiles;
  }
  authorityApiQuery(query, filters.authority);
  try {
    const result = await context.services.search.supersearchQuery(query);
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

function CityFiltersForm({ path, filters }: { path: string; filters: CityFilters }) {
  const navigate = useNavigate();
  const [state, setState] = useState(filters);

  function toggle(field: 'companyTypes' | 'cargoTypes', value: string, checked: boolean) {
    setState((current) => ({ ...current, [field]: toggled(current[field], value, checked) }));
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Entering or leaving filtered mode starts again at page 1.
    void navigate(cityUrl(path, state, 1));
  }

  return (
    <form className="card filters" method="get" action={path} onSubmit={apply}>
      <h2>Filters</h2>
      <CheckboxGroup
        legend="Company Types"
        name="companyTypes"
        options={COMPANY_TYPE_OPTIONS.map((type) => [type, type] as const)}
        selected={state.companyTypes}
        onToggle={(value, checked) => toggle('companyTypes', value, checked)}
      />
      <details className="dropdown form-field">
        <summary>
          Cargo Types{state.cargoTypes.length ? ` (${state.cargoTypes.length} selected)` : ''}
        </summary>
        <CheckboxGroup
          legend="Cargo Types"
          hideLegend
          className="dropdown__options"
          name="cargoTypes"
          options={CARGO_TYPES}
          selected={state.cargoTypes}
          onToggle={(value, checked) => toggle('cargoTypes', value, checked)}
        />
      </details>
      <RadiusFields
        legend="Radius"
        idPrefix="city"
        zipcode={state.radiusZipcode}
        miles={state.radiusMiles}
        onZipcode={(radiusZipcode) => setState({ ...state, radiusZipcode })}
        onMiles={(radiusMiles) => setState({ ...state, radiusMiles })}
      />
      <AuthorityFilterFields
        flags={state.authority}
        onToggle={(param, checked) =>
          setState((current) => ({ ...current, authority: { ...current.authority, [param]: checked } }))
        }
      />
      <button type="submit" className="button button--primary">
        Apply Filters
      </button>
    </form>
  );
}

function CustomSearch({ state }: { state: string }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const headingId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const path = searchPathFor(term);
    if (path) void navigate(`${path}&addressState=${encodeURIComponent(state)}`);
  }
  return (
    // Named by its heading: the site header's search is a search landmark too.
    <form
      className="card filters"
      role="search"
      aria-labelledby={headingId}
      action="/search"
      method="get"
      onSubmit={submit}
    >
      <h2 id={headingId}>Custom Search</h2>
      <input type="hidden" name="addressState" value={state} />
      <label htmlFor="city-custom-search">Search carriers in {state}</label>
      <div className="inline-form">
        <input
          id="city-custom-search"
          name="q"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
    </form>
  );
}

function GoToPage({ total, hrefFor }: { total: number; hrefFor: (page: number) => string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const page = Number(value);
    // Only whole numbers from 1 to the last page; anything else is ignored.
    if (Number.isInteger(page) && page >= 1 && page <= total) void navigate(hrefFor(page));
  }
  return (
    <form className="go-to-page inline-form" onSubmit={submit}>
      <label htmlFor="go-to-page">Go to page</label>
      <input
        id="go-to-page"
        type="number"
        min={1}
        max={total}
        step={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--secondary button--small">
        Go
      </button>
    </form>
  );
}

function CityResults({
  place,
  path,
  filters,
  result,
}: {
  place: CityParam;
  path: string;
  filters: CityFilters;
  result: { data: Company[]; total: number; page: number; total_pages: number };
}) {
  const hrefFor = (page: number) => cityUrl(path, filters, page);
  const pages =
    result.total_pages <= CITY_ALL_PAGES_UP_TO
      ? Array.from({ length: result.total_pages }, (_, index) => index + 1)
      : pageWindow(result.page, result.total_pages, 2);
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
      <Pagination current={result.page} total={result.total_pages} hrefFor={hrefFor} pages={pages} />
      {result.total_pages > CITY_GO_TO_PAGE_ABOVE ? (
        <GoToPage total={result.total_pages} hrefFor={hrefFor} />
      ) : null}
    </>
  );
}

/**
 * The filters, after the results in the page: beside them on a wide screen (app.css places them in
 * the left column), below them on a phone, where they fold into a panel behind a 'Filters' button
 * so the heading and the results come first (docs/decisions/027-responsive-images-and-keyboard-map.md).
 * The button shows on narrow screens only; on wide ones the panel is always open.
 */
function FiltersPanel({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="city-filters">
      <button
        type="button"
        className="button button--secondary city-filters__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Filters
      </button>
      <div id={panelId} className={`city-filters__panel${open ? ' city-filters__panel--open' : ''}`}>
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
        {/* A new city or new filters remount the form with the URL's values. */}
        <CityFiltersForm key={cityUrl(path, filters, 1)} path={path} filters={filters} />
        <CustomSearch state={place.state} />
      </FiltersPanel>
    </section>
  );
}
