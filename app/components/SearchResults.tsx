import type { Company } from '../lib/company.ts';
import { safetyRatingLabel, titleCase } from '../../core/format.ts';
import { ViewProfileLink } from './ViewProfileLink.tsx';
import { WatchLink } from './WatchLink.tsx';

function place(company: Company): string {
  const city = company.address.city ? titleCase(company.address.city) : '';
  return [city, company.address.state].filter(Boolean).join(', ');
}

function typesText(company: Company): string {
  return company.company_types.length ? company.company_types.map(titleCase).join(', ') : '—';
}

function unitsText(company: Company): string {
  const units = company.power_units ?? 0;
  return `${units} ${units === 1 ? 'unit' : 'units'}`;
}

/** Search results: a table on wide screens and cards on small ones (CSS shows one of the two). */
export function SearchResults({ companies }: { companies: Company[] }) {
  return (
    <>
      <table className="results-table">
        <thead>
          <tr>
            <th scope="col">Company Info</th>
            <th scope="col">DOT/MC Info</th>
            <th scope="col">State</th>
            <th scope="col">Company Types</th>
            <th scope="col">Units</th>
            <th scope="col">
              <span className="visually-hidden">Profile</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {companies.map((company) => (
            <tr key={company.id}>
              <td>
                <strong>{company.name}</strong>
                {company.dba_name ? <div className="muted">DBA {company.dba_name}</div> : null}
                <div className="muted">{place(company)}</div>
              </td>
              <td>
                <div>DOT {company.dot_number}</div>
                {company.mc_number ? <div className="muted">{company.mc_number}</div> : null}
              </td>
              <td>{company.address.state ?? '—'}</td>
              <td>{typesText(company)}</td>
              <td>
                <div>{unitsText(company)}</div>
                <div className="muted">Safety rating: {safetyRatingLabel(company.safety_rating)}</div>
              </td>
              <td>
                <div className="button-row">
                  <ViewProfileLink company={company} />
                  <WatchLink dotNumber={company.dot_number} name={company.name} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="results-cards">
        {companies.map((company) => (
          <li key={company.id} className="card">
            <h2>{company.name}</h2>
            {company.dba_name ? <p className="muted">DBA {company.dba_name}</p> : null}
            <dl className="facts">
              <dt>DOT</dt>
              <dd>{company.dot_number}</dd>
              {company.mc_number ? (
                <>
                  <dt>MC</dt>
                  <dd>{company.mc_number}</dd>
                </>
              ) : null}
              <dt>Location</dt>
              <dd>{place(company) || '—'}</dd>
              <dt>Types</dt>
              <dd>{typesText(company)}</dd>
              <dt>Units</dt>
              <dd>
                {unitsText(company)} · Safety rating: {safetyRatingLabel(company.safety_rating)}
              </dd>
            </dl>
            <div className="button-row">
              <ViewProfileLink company={company} />
              <WatchLink dotNumber={company.dot_number} name={company.name} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
