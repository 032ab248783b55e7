import { describe, expect, it } from 'vitest';
import {
  canonicalDocket,
  filingStanding,
  joinCancellations,
  markReplacements,
  orderInForce,
  resolveAuthorityStatus,
  searchFlags,
  vettingVerdict,
  type Authority,
  type AuthorityRecord,
  type InsuranceFiling,
} from './authority.ts';

const TODAY = '2026-11-25';

function authority(overrides: Partial<Authority> = {}): Authority {
  return {
    docket: 'MC-139446',
    kind: 'common',
    status: 'Active',
    grantedOn: '2010-03-01',
    revokedOn: null,
    description: null,
    ...overrides,
  };
}

function filing(overrides: Partial<InsuranceFiling> = {}): InsuranceFiling {
  return {
    docket: 'MC-139446',
    kind: 'BI&PD primary',
    formCode: '91X',
    insurer: 'NORTHLAND INSURANCE COMPANY',
    policyNumber: 'WN408492',
    amountDollars: 750_000,
    effectiveOn: '2025-09-02',
    cancellationEffectiveOn: null,
    endedBy: null,
    ...overrides,
  };
}

function record(overrides: Partial<AuthorityRecord> = {}): AuthorityRecord {
  return {
    dockets: ['MC-139446'],
    authorities: [authority()],
    insurance: [filing()],
    bipdRequiredDollars: 750_000,
    bipdOnFileDollars: 750_000,
    cargoRequired: false,
    bondRequired: false,
    revocations: [],
    forHire: true,
    authorityNeed: 'needed',
    outOfServiceOrders: [],
    sourceDates: { legacy: null, motus: null, outOfService: null, census: null },
    ...overrides,
  };
}

const noAuthority = record({
  dockets: [],
  authorities: [],
  insurance: [],
  bipdRequiredDollars: null,
  bipdOnFileDollars: null,
  forHire: false,
});

describe('vettingVerdict (docs/decisions/035)', () => {
  it('an active USDOT number, an active authority and BI&PD on file: authorized for hire', () => {
    expect(vettingVerdict('A', record(), TODAY)).toEqual({
      headline: 'Authorized for hire',
      level: 'authorized',
      reasons: [],
    });
  });

  it('a BI&PD cancellation still to come: authorized, with the pending cancellation as a warning', () => {
    const pending = record({ insurance: [filing({ cancellationEffectiveOn: '2026-12-04' })] });
    expect(vettingVerdict('A', pending, TODAY)).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Insurance cancellation pending December 4, 2026'],
    });
  });

  it('a revocation still pending: authorized, with the revocation date as a warning', () => {
    const pending = record({
      authorities: [authority({ status: 'Revocation pending' })],
      revocations: [
        {
          docket: 'MC-139446',
          kind: 'common',
          type: 'INVOLUNTARY REVOCATION',
          servedOn: '2026-11-10',
          effectiveOn: '2026-12-10',
        },
      ],
    });
    expect(vettingVerdict('A', pending, TODAY)).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Authority revocation pending December 10, 2026'],
    });
  });

  it('a revoked authority: not authorized, with the revocation date', () => {
    const revoked = record({
      authorities: [authority({ status: 'Revoked', revokedOn: '2024-07-26' })],
      insurance: [],
    });
    expect(vettingVerdict('A', revoked, TODAY)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['Authority revoked July 26, 2024'],
    });
  });

  it('an inactive USDOT number: not authorized whatever the authority says', () => {
    expect(vettingVerdict('I', record(), TODAY)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['USDOT inactive'],
    });
  });

  it('an inactive authority (never revoked): not authorized', () => {
    const inactive = record({ authorities: [authority({ status: 'Inactive' })] });
    expect(vettingVerdict('A', inactive, TODAY).reasons).toEqual(['Authority inactive']);
    expect(vettingVerdict('A', inactive, TODAY).headline).toBe('Not authorized for hire');
  });

  it('an application still pending: not authorized yet', () => {
    const pending = record({
      authorities: [authority({ status: 'Pending', grantedOn: null })],
      insurance: [],
    });
    expect(vettingVerdict('A', pending, TODAY)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['Authority application pending'],
    });
  });

  it('an active authority without BI&PD in force: not authorized', () => {
    const uninsured = record({
      insurance: [filing({ cancellationEffectiveOn: '2026-10-01' })],
      bipdOnFileDollars: 0,
    });
    expect(vettingVerdict('A', uninsured, TODAY)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['No BI&PD insurance on file'],
    });
  });

  it('a broker with a BMC-84 bond is authorized; without one it is not', () => {
    const bond = filing({
      kind: 'surety bond',
      formCode: '84',
      amountDollars: null,
      policyNumber: 'BX0069147',
    });
    const broker = record({
      authorities: [authority({ kind: 'broker' })],
      insurance: [bond],
      bipdOnFileDollars: 0,
    });
    expect(vettingVerdict('A', broker, TODAY).headline).toBe('Authorized for hire');
    expect(vettingVerdict('A', { ...broker, insurance: [] }, TODAY)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['No broker surety bond or trust fund on file'],
    });
  });

  it('no docket on file for an interstate carrier: not authorized, no for-hire authority on file', () => {
    expect(vettingVerdict('A', noAuthority, TODAY)).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['No for-hire authority on file'],
    });
    expect(vettingVerdict('I', noAuthority, TODAY).reasons).toEqual([
      'USDOT inactive',
      'No for-hire authority on file',
    ]);
  });

  it('an intrastate carrier with no docket needs none, and is not called inactive', () => {
    expect(vettingVerdict('A', { ...noAuthority, authorityNeed: 'not needed' }, TODAY)).toEqual({
      headline: 'No for-hire authority needed',
      level: 'not needed',
      reasons: [
        'No for-hire authority on file',
        'Intrastate carriers need no interstate operating authority',
      ],
    });
  });
});

describe('the pieces of the verdict', () => {
  it('a filing is on file, pending cancellation until its cancellation day, then cancelled', () => {
    expect(filingStanding(filing(), TODAY)).toBe('On file');
    expect(filingStanding(filing({ cancellationEffectiveOn: '2026-11-26' }), TODAY)).toBe(
      'Cancellation pending',
    );
    expect(filingStanding(filing({ cancellationEffectiveOn: TODAY }), TODAY)).toBe('Cancelled');
  });

  it('an inactive authority is revoked when an executed revocation follows its last grant', () => {
    const revocation = {
      docket: 'MC-368053',
      kind: 'common' as const,
      type: 'INVOLUNTARY REVOCATION',
      servedOn: '2024-06-26',
      effectiveOn: '2024-07-26',
    };
    expect(resolveAuthorityStatus('Inactive', '2010-01-01', [revocation], TODAY)).toEqual({
      status: 'Revoked',
      revokedOn: '2024-07-26',
    });
    // Reinstated after the revocation: inactive, not revoked.
    expect(resolveAuthorityStatus('Inactive', '2025-01-01', [revocation], TODAY).status).toBe('Inactive');
    // A revocation not yet effective, or a voluntary one with no effective day, revokes nothing yet.
    expect(
      resolveAuthorityStatus('Inactive', null, [{ ...revocation, effectiveOn: '2027-01-01' }], TODAY).status,
    ).toBe('Inactive');
    expect(
      resolveAuthorityStatus('Inactive', null, [{ ...revocation, effectiveOn: null }], TODAY).status,
    ).toBe('Inactive');
    expect(resolveAuthorityStatus('Active', null, [revocation], TODAY).status).toBe('Active');
  });

  it('the search flags are the verdict and the insurance in force', () => {
    expect(searchFlags('A', record(), TODAY)).toEqual({ authorizedForHire: true, insuranceOnFile: true });
    expect(searchFlags('I', record(), TODAY)).toEqual({ authorizedForHire: false, insuranceOnFile: true });
    expect(searchFlags('A', noAuthority, TODAY)).toEqual({
      authorizedForHire: false,
      insuranceOnFile: false,
    });
  });

  it('canonical dockets: prefix and number without leading zeros, MC/FF/MX kept apart', () => {
    expect(canonicalDocket('MC080890')).toBe('MC80890');
    expect(canonicalDocket('MC-1426065')).toBe('MC1426065');
    expect(canonicalDocket('MC0000139446')).toBe('MC139446');
    expect(canonicalDocket(' ff058485 ')).toBe('FF58485');
    expect(canonicalDocket('MX 0012')).toBe('MX12');
    expect(canonicalDocket('MC000000')).toBeNull();
    expect(canonicalDocket('00830331')).toBeNull();
    expect(canonicalDocket('')).toBeNull();
  });
});

describe('filings and orders on the calendar (docs/decisions/099)', () => {
  const alpha = filing({
    insurer: 'ALPHA MUTUAL',
    effectiveOn: '2022-06-01',
    cancellationEffectiveOn: '2026-12-15',
  });
  const beta = filing({ insurer: 'BETA INDEMNITY', effectiveOn: '2026-12-15' });

  it('a filing whose effective day is still to come is not yet in force, then on file', () => {
    expect(filingStanding(beta, '2026-12-14')).toBe('Not yet in force');
    expect(filingStanding(beta, '2026-12-15')).toBe('On file');
    // ActPendInsur gives a filing being cancelled the cancellation's day as its effective day: no start.
    const pending = filing({ effectiveOn: '2032-09-28', cancellationEffectiveOn: '2032-09-28' });
    expect(filingStanding(pending, TODAY)).toBe('Cancellation pending');
  });

  it('a filing another one of its docket and kind takes over from on its end day is replaced, not lapsed', () => {
    const [outgoing, incoming] = markReplacements([alpha, beta]);
    expect([outgoing?.endedBy, incoming?.endedBy]).toEqual(['replaced', null]);
    expect(filingStanding(outgoing!, '2026-12-14')).toBe('On file');
    expect(filingStanding(outgoing!, '2026-12-15')).toBe('Replaced');
    // Another kind, or a successor starting after the end, replaces nothing.
    expect(markReplacements([alpha, filing({ ...beta, kind: 'cargo' })])[0]?.endedBy).toBeNull();
    expect(markReplacements([alpha, filing({ ...beta, effectiveOn: '2026-12-16' })])[0]?.endedBy).toBeNull();
  });

  it('one filing listed from its start (Insur) and by its cancellation (ActPendInsur) is one filing, cancelled', () => {
    const listed = filing({ effectiveOn: '2025-09-02' });
    const cancelling = filing({ effectiveOn: '2026-12-04', cancellationEffectiveOn: '2026-12-04' });
    expect(joinCancellations([listed, cancelling])).toEqual([
      { ...listed, cancellationEffectiveOn: '2026-12-04' },
    ]);
    // Another insurer's filing under the same policy number is another filing.
    const other = filing({
      insurer: 'BETA INDEMNITY',
      effectiveOn: '2026-12-04',
      cancellationEffectiveOn: '2026-12-04',
    });
    expect(joinCancellations([listed, other])).toEqual([listed, other]);
  });

  it('the replacement keeps the carrier authorized, with no cancellation warning, on either side of the day', () => {
    const insured = record({ insurance: markReplacements([alpha, beta]) });
    for (const day of ['2026-11-25', '2026-12-15', '2027-01-02']) {
      expect(vettingVerdict('A', insured, day)).toEqual({
        headline: 'Authorized for hire',
        level: 'authorized',
        reasons: [],
      });
    }
  });

  it('a BI&PD filing cancelled by today outranks the Carrier row’s BI&PD total', () => {
    const lapsed = record({ insurance: [filing({ cancellationEffectiveOn: '2026-11-01' })] });
    expect(vettingVerdict('A', lapsed, TODAY).reasons).toEqual(['No BI&PD insurance on file']);
    expect(vettingVerdict('A', record({ insurance: [] }), TODAY).headline).toBe('Authorized for hire');
  });

  it('an out-of-service order in force makes the verdict, with its date and reason, until it is rescinded', () => {
    const order = { orderedOn: '2026-11-02', reason: 'IMMINENT HAZARD', status: 'ACTIVE', rescindedOn: null };
    expect(vettingVerdict('A', record({ outOfServiceOrders: [order] }), TODAY)).toEqual({
      headline: 'Out of service',
      level: 'not authorized',
      reasons: ['Out-of-service order November 2, 2026: IMMINENT HAZARD'],
    });
    expect(orderInForce(order, '2026-11-01')).toBe(false);
    expect(orderInForce({ ...order, rescindedOn: '2026-11-20' }, TODAY)).toBe(false);
    expect(orderInForce({ ...order, status: 'RESCINDED' }, TODAY)).toBe(false);
    expect(searchFlags('A', record({ outOfServiceOrders: [order] }), TODAY)).toEqual({
      authorizedForHire: false,
      insuranceOnFile: true,
    });
  });
});
