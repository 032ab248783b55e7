import { describe, expect, it } from 'vitest';
import { reviewedVerdict, type Verdict } from './authority.ts';
import { ruleBit, rulesOf, signalFactText, signalRuleHref, strongRulesOf } from './signals.ts';

const authorized: Verdict = { headline: 'Authorized for hire', level: 'authorized', reasons: [] };

describe('risk signals on the verdict', () => {
  it('keeps one bit per rule on the row', () => {
    const mask = ruleBit('new_authority') + ruleBit('successor_of_revoked');
    expect(rulesOf(mask)).toEqual(['successor_of_revoked', 'new_authority']);
    expect(strongRulesOf(mask)).toEqual(['successor_of_revoked']);
    expect(rulesOf(0)).toEqual([]);
  });

  it("turns a bookable carrier with a strong signal into 'Review before booking'", () => {
    expect(reviewedVerdict(authorized, ruleBit('successor_of_revoked'))).toEqual({
      headline: 'Review before booking',
      level: 'review',
      reasons: ['Likely successor of a revoked carrier', 'Authorized for hire'],
    });
  });

  it('leaves the verdict alone for weak signals only, and for a carrier not to be booked anyway', () => {
    expect(reviewedVerdict(authorized, ruleBit('new_authority') + ruleBit('idle_fleet'))).toBe(authorized);
    const stopped: Verdict = { headline: 'Out of service', level: 'not authorized', reasons: ['Order'] };
    expect(reviewedVerdict(stopped, ruleBit('successor_of_revoked'))).toBe(stopped);
  });

  it('says each signal in words and links its rule', () => {
    expect(signalFactText('insurance_cancellations', '2026-03-01', '2')).toBe(
      '2 cancellations, the latest March 1, 2026',
    );
    expect(signalFactText('po_box_or_undeliverable', null, 'po_box')).toBe(
      'The physical address is a post office box',
    );
    expect(signalRuleHref('idle_fleet')).toBe('/resources/risk-signals#idle-fleet');
  });
});
