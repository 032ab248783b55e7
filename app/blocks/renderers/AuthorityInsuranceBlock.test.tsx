import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AuthorityRecord, InsuranceFiling } from '../../../core/authority.ts';
import { AuthorityVerdict } from '../AuthorityVerdict.tsx';
import type { CarrierPanels } from '../types.ts';
import { AuthorityInsuranceBlock, cancellationText, dollars } from './AuthorityInsuranceBlock.tsx';

const TODAY = '2026-11-22';

/** The text a reader gets: tags out, cells and items apart. */
const text = (element: React.ReactElement) =>
  renderToStaticMarkup(element)
    .replace(/<\/(td|th|li|p|caption)>/g, ' | ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const bipd: InsuranceFiling = {
  docket: 'MC-510001',
  kind: 'BI&PD primary',
  formCode: '91X',
  insurer: 'PROGRESSIVE COUNTY MUTUAL',
  policyNumber: 'PGR-100',
  amountDollars: 1_000_000,
  effectiveOn: '2024-01-01',
  cancellationEffectiveOn: null,
  endedBy: null,
};

const authorized: AuthorityRecord = {
  dockets: ['MC-510001'],
  authorities: [
    {
      docket: 'MC-510001',
      kind: 'common',
      status: 'Active',
      grantedOn: '2015-03-02',
      revokedOn: null,
      description: null,
    },
  ],
  insurance: [bipd],
  bipdRequiredDollars: 750_000,
  bipdOnFileDollars: 1_000_000,
  cargoRequired: false,
  bondRequired: false,
  revocations: [],
  forHire: true,
  authorityNeed: 'needed',
  outOfServiceOrders: [],
  sourceDates: { legacy: null, motus: null, outOfService: null, census: null },
};

function block(record: AuthorityRecord) {
  const panels = {
    authority: {
      status: 'data',
      value: {
        record,
        today: TODAY,
        verdict: { headline: 'Authorized for hire', level: 'authorized', reasons: [] },
      },
    },
  } as unknown as CarrierPanels;
  return <AuthorityInsuranceBlock panels={panels} />;
}

describe('the Authority & Insurance block', () => {
  it('lists an authorized carrier’s authority, BI&PD required versus on file, and its insurance', () => {
    expect(text(block(authorized))).toBe(
      [
        'Operating authority |',
        'Authority | Docket | Status | Dates |',
        'Common | MC-510001 | Active | Granted March 2, 2015 |',
        'BI&PD required: $750,000 · on file: $1,000,000 |',
        'Insurance on file |',
        'Kind | Insurer | Policy number | Amount | Effective | Cancellation |',
        'BI&PD primary | PROGRESSIVE COUNTY MUTUAL | PGR-100 | $1,000,000 | January 1, 2024 | — |',
      ].join(' '),
    );
    const markup = renderToStaticMarkup(block(authorized));
    expect(markup).toContain('<caption>Operating authority</caption>');
    expect(markup).toContain('<th scope="col">Status</th>');
    expect(markup).toContain('<th scope="row">Common</th>');
  });

  it('lists out-of-service orders first, a replacement and a filing not yet in force, and how current each source is', () => {
    const replaced: InsuranceFiling = {
      ...bipd,
      insurer: 'ALPHA MUTUAL',
      cancellationEffectiveOn: '2026-11-01',
      endedBy: 'replaced',
    };
    const later: InsuranceFiling = { ...bipd, insurer: 'LATER MUTUAL', effectiveOn: '2027-01-01' };
    const record: AuthorityRecord = {
      ...authorized,
      insurance: [later, bipd, replaced],
      outOfServiceOrders: [
        { orderedOn: '2026-11-02', reason: 'IMMINENT HAZARD', status: 'ACTIVE', rescindedOn: null },
        {
          orderedOn: '2025-02-10',
          reason: 'FAILURE TO PAY CIVIL PENALTY',
          status: 'RESCINDED',
          rescindedOn: '2025-03-03',
        },
      ],
      sourceDates: { legacy: '2026-05-14', motus: '2026-11-21', outOfService: '2026-11-22', census: null },
    };
    const shown = text(block(record));
    expect(
      shown.startsWith(
        [
          'Out-of-service orders |',
          'Ordered | Reason | Status | Rescinded |',
          'November 2, 2026 | IMMINENT HAZARD | Out of service | — |',
          'February 10, 2025 | FAILURE TO PAY CIVIL PENALTY | Rescinded | March 3, 2025 |',
        ].join(' '),
      ),
    ).toBe(true);
    expect(shown).toContain(
      'BI&PD primary | LATER MUTUAL | PGR-100 | $1,000,000 | January 1, 2027 Not yet in force | — |',
    );
    expect(shown).toContain(
      'BI&PD primary | ALPHA MUTUAL | PGR-100 | $1,000,000 | January 1, 2024 | Replaced November 1, 2026 |',
    );
    expect(
      shown.endsWith(
        'Legacy L&I as of May 14, 2026 (frozen archive) · Motus authority and insurance as of November 21, 2026 · Out-of-service orders as of November 22, 2026 |',
      ),
    ).toBe(true);
  });

  it('words a cancellation pending and one that took effect', () => {
    expect(cancellationText({ ...bipd, cancellationEffectiveOn: '2026-12-15' }, TODAY)).toBe(
      'Cancellation pending December 15, 2026',
    );
    expect(cancellationText({ ...bipd, cancellationEffectiveOn: '2026-08-15' }, TODAY)).toBe(
      'Cancelled August 15, 2026',
    );
    expect(cancellationText(bipd, TODAY)).toBeNull();
    const surety = { ...bipd, kind: 'surety bond' as const, amountDollars: null };
    expect(text(block({ ...authorized, insurance: [surety] }))).toContain(
      'Surety bond (BMC-84) | PROGRESSIVE',
    );
    expect(dollars(null)).toBe('—');
  });

  it('shows a revoked authority with its dates and the revocation with serve and effective dates', () => {
    const revoked: AuthorityRecord = {
      ...authorized,
      authorities: [{ ...authorized.authorities[0]!, status: 'Revoked', revokedOn: '2026-09-01' }],
      insurance: [{ ...bipd, cancellationEffectiveOn: '2026-08-15' }],
      bipdOnFileDollars: null,
      revocations: [
        {
          docket: 'MC-510001',
          kind: 'common',
          type: 'INVOLUNTARY REVOCATION',
          servedOn: '2026-08-01',
          effectiveOn: '2026-09-01',
        },
        {
          docket: 'MC-510001',
          kind: null,
          type: 'VOLUNTARY REVOCATION',
          servedOn: '2025-01-10',
          effectiveOn: null,
        },
      ],
    };
    const shown = text(block(revoked));
    expect(shown).toContain(
      'Common | MC-510001 | Revoked | Granted March 2, 2015; Revoked September 1, 2026 |',
    );
    expect(shown).toContain('BI&PD required: $750,000 · on file: None |');
    expect(shown).toContain('Cancelled August 15, 2026');
    expect(shown).toContain(
      'Revocations | Authority | Docket | Type | Served | Effective | Common | MC-510001 | INVOLUNTARY REVOCATION | August 1, 2026 | September 1, 2026 | — | MC-510001 | VOLUNTARY REVOCATION | January 10, 2025 | No effective date |',
    );
  });

  it('tells a carrier without dockets it holds no for-hire authority, not that it is inactive', () => {
    const shown = text(
      block({
        ...authorized,
        dockets: [],
        authorities: [],
        insurance: [],
        bipdRequiredDollars: null,
        bipdOnFileDollars: null,
        forHire: false,
        authorityNeed: 'not needed',
      }),
    );
    expect(shown).toBe(
      'No for-hire authority on file | Private carriers, which haul only their own goods, and intrastate carriers, which stay within one state, need no for-hire operating authority. |',
    );
    expect(shown).not.toContain('Inactive');
  });

  it('says when the L&I record could not be read', () => {
    const failed = { authority: { status: 'error' } } as unknown as CarrierPanels;
    expect(text(<AuthorityInsuranceBlock panels={failed} />)).toBe(
      'Error: Failed to load authority and insurance data |',
    );
  });
});

describe('the verdict', () => {
  it('shows the headline and its reasons', () => {
    const verdict = (
      <AuthorityVerdict
        verdict={{
          headline: 'Authorized for hire',
          level: 'warning',
          reasons: ['Insurance cancellation pending December 15, 2026'],
        }}
      />
    );
    expect(text(verdict)).toBe('Authorized for hire | Insurance cancellation pending December 15, 2026 |');
    expect(renderToStaticMarkup(verdict)).toContain('aria-label="Authority verdict"');
    expect(renderToStaticMarkup(verdict)).toContain('verdict--warning');
  });

  it('shows nothing when there is no verdict', () => {
    expect(renderToStaticMarkup(<AuthorityVerdict verdict={null} />)).toBe('');
  });
});
