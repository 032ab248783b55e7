import type { ReactNode } from 'react';
import {
  AUTHORITY_KIND_LABEL,
  filingStanding,
  orderInForce,
  type Authority,
  type AuthorityRecord,
  type InsuranceFiling,
  type InsuranceKind,
  type OutOfServiceOrder,
  type Revocation,
  type SourceDates,
} from '../../../core/authority.ts';
import { formatLongIsoDay } from '../../../core/format.ts';
import type { CarrierPanels } from '../types.ts';

function day(isoDay: string | null): string {
  return isoDay ? formatLongIsoDay(isoDay) : '—';
}

/** Whole dollars: '$750,000'; '—' when the filing carries no amount. */
export function dollars(amount: number | null): string {
  return amount === null ? '—' : `$${amount.toLocaleString('en-US')}`;
}

/** The kinds of filing as the panel names them, with the form a broker's security is filed on. */
export const INSURANCE_KIND_LABEL: Record<InsuranceKind, string> = {
  'BI&PD primary': 'BI&PD primary',
  'BI&PD excess': 'BI&PD excess',
  cargo: 'Cargo',
  'surety bond': 'Surety bond (BMC-84)',
  'trust fund': 'Trust fund (BMC-85)',
};

/**
 * A filing's end on the ISO day `today`: 'Cancellation pending {date}' while it is still to come,
 * 'Cancelled {date}' or 'Replaced {date}' once it took effect, null for a filing with none.
 */
export function cancellationText(filing: InsuranceFiling, today: string): string | null {
  const on = filing.cancellationEffectiveOn;
  const standing = filingStanding(filing, today);
  if (standing === 'Replaced') return on ? `Replaced ${formatLongIsoDay(on)}` : 'Replaced';
  if (!on || standing === 'On file') return null;
  return standing === 'Cancelled'
    ? `Cancelled ${formatLongIsoDay(on)}`
    : `Cancellation pending ${formatLongIsoDay(on)}`;
}

/** How current each source is, as the panel says it; a source never imported is not named. */
export function sourceDateLines(dates: SourceDates): string[] {
  const lines: string[] = [];
  if (dates.legacy) lines.push(`Legacy L&I as of ${formatLongIsoDay(dates.legacy)} (frozen archive)`);
  if (dates.motus) lines.push(`Motus authority and insurance as of ${formatLongIsoDay(dates.motus)}`);
  if (dates.outOfService) lines.push(`Out-of-service orders as of ${formatLongIsoDay(dates.outOfService)}`);
  if (dates.census) lines.push(`FMCSA census as of ${formatLongIsoDay(dates.census)}`);
  return lines;
}

/** The dates of an authority: 'Granted {date}', and 'Revoked {date}' for a revoked one. */
export function authorityDates(authority: Authority): string {
  const parts: string[] = [];
  if (authority.grantedOn) parts.push(`Granted ${formatLongIsoDay(authority.grantedOn)}`);
  if (authority.status === 'Revoked' && authority.revokedOn) {
    parts.push(`Revoked ${formatLongIsoDay(authority.revokedOn)}`);
  }
  return parts.length ? parts.join('; ') : '—';
}

/** A table of the panel: its caption, its column headers, and its body rows (each led by a row header). */
function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

const STATUS_BADGES: Record<Authority['status'], string> = {
  Active: 'badge--active',
  Inactive: 'badge--inactive',
  Pending: 'badge--muted',
  'Revocation pending': 'badge--overdue',
  Revoked: 'badge--revoked',
};

/** What a carrier without a docket is told: not 'inactive', it may need no authority at all. */
export const NO_AUTHORITY_TEXT = 'No for-hire authority on file';
export const NO_AUTHORITY_NOTE =
  'Private carriers, which haul only their own goods, and intrastate carriers, which stay within one state, need no for-hire operating authority.';

function Authorities({ authorities }: { authorities: Authority[] }) {
  if (authorities.length === 0) {
    return (
      <div className="authority-panel__none">
        <p>
          <strong>{NO_AUTHORITY_TEXT}</strong>
        </p>
        <p className="muted">{NO_AUTHORITY_NOTE}</p>
      </div>
    );
  }
  return (
    <DataTable caption="Operating authority" columns={['Authority', 'Docket', 'Status', 'Dates']}>
      {authorities.map((authority) => (
        <tr key={`${authority.docket}-${authority.kind}`}>
          <th scope="row">{AUTHORITY_KIND_LABEL[authority.kind]}</th>
          <td>{authority.docket}</td>
          <td>
            <span className={`badge ${STATUS_BADGES[authority.status]}`}>{authority.status}</span>
          </td>
          <td>{authorityDates(authority)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Insurance({ record, today }: { record: AuthorityRecord; today: string }) {
  const required = record.bipdRequiredDollars;
  return (
    <>
      {required !== null && required > 0 ? (
        <p className="authority-panel__bipd">
          BI&amp;PD required: <strong>{dollars(required)}</strong> · on file:{' '}
          <strong>{record.bipdOnFileDollars ? dollars(record.bipdOnFileDollars) : 'None'}</strong>
        </p>
      ) : null}
      {record.insurance.length === 0 ? (
        <p className="muted">No insurance filings on file.</p>
      ) : (
        <DataTable
          caption="Insurance on file"
          columns={['Kind', 'Insurer', 'Policy number', 'Amount', 'Effective', 'Cancellation']}
        >
          {record.insurance.map((filing, index) => {
            const cancellation = cancellationText(filing, today);
            const standing = filingStanding(filing, today);
            const pending = standing === 'Cancellation pending';
            return (
              <tr key={`${filing.docket}-${filing.policyNumber ?? ''}-${index}`}>
                <th scope="row">{INSURANCE_KIND_LABEL[filing.kind]}</th>
                <td>{filing.insurer ?? '—'}</td>
                <td>{filing.policyNumber ?? '—'}</td>
                <td>{dollars(filing.amountDollars)}</td>
                <td>
                  {day(filing.effectiveOn)}
                  {standing === 'Not yet in force' ? (
                    <>
                      {' '}
                      <span className="badge badge--muted">Not yet in force</span>
                    </>
                  ) : null}
                </td>
                <td>
                  {cancellation ? (
                    <span className={`badge ${pending ? 'badge--overdue' : 'badge--revoked'}`}>
                      {cancellation}
                    </span>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </>
  );
}

function OutOfServiceOrders({ orders, today }: { orders: OutOfServiceOrder[]; today: string }) {
  if (orders.length === 0) return null;
  return (
    <DataTable caption="Out-of-service orders" columns={['Ordered', 'Reason', 'Status', 'Rescinded']}>
      {orders.map((order, index) => {
        const inForce = orderInForce(order, today);
        return (
          <tr key={`${order.orderedOn ?? ''}-${index}`}>
            <th scope="row">{day(order.orderedOn)}</th>
            <td>{order.reason ?? '—'}</td>
            <td>
              <span className={`badge ${inForce ? 'badge--revoked' : 'badge--inactive'}`}>
                {inForce ? 'Out of service' : 'Rescinded'}
              </span>
            </td>
            <td>{day(order.rescindedOn)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function Revocations({ revocations }: { revocations: Revocation[] }) {
  if (revocations.length === 0) return null;
  return (
    <DataTable caption="Revocations" columns={['Authority', 'Docket', 'Type', 'Served', 'Effective']}>
      {revocations.map((revocation, index) => (
        <tr key={`${revocation.docket}-${index}`}>
          <th scope="row">{revocation.kind ? AUTHORITY_KIND_LABEL[revocation.kind] : '—'}</th>
          <td>{revocation.docket}</td>
          <td>{revocation.type}</td>
          <td>{day(revocation.servedOn)}</td>
          <td>{revocation.effectiveOn ? day(revocation.effectiveOn) : 'No effective date'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * The Authority & Insurance block (issue 18): the carrier's out-of-service orders, its for-hire
 * authorities with their state and dates, the insurance filings and the BI&PD its authority requires,
 * and its revocations, from FMCSA's L&I, Motus and out-of-service files, judged on the server's day,
 * with how current each source is.
 */
export function AuthorityInsuranceBlock({ panels }: { panels: CarrierPanels }) {
  if (panels.authority.status === 'unavailable') return <p className="muted">DOT number not available</p>;
  if (panels.authority.status === 'error') {
    return <p className="alert alert--error">Error: Failed to load authority and insurance data</p>;
  }
  const { record, today } = panels.authority.value;
  const sources = sourceDateLines(record.sourceDates);
  return (
    <div className="authority-panel">
      <OutOfServiceOrders orders={record.outOfServiceOrders} today={today} />
      <Authorities authorities={record.authorities} />
      {record.forHire || record.insurance.length > 0 ? <Insurance record={record} today={today} /> : null}
      <Revocations revocations={record.revocations} />
      {sources.length > 0 ? <p className="muted authority-panel__sources">{sources.join(' · ')}</p> : null}
    </div>
  );
}
