import { describe, expect, it } from 'vitest';
import { resultCount } from './company.ts';

describe('resultCount', () => {
  it('shows an exact total as it is and a bounded one with a plus', () => {
    expect(resultCount({ total: 23, total_exact: true })).toBe('23');
    expect(resultCount({ total: 12345, total_exact: true })).toBe('12345');
    expect(resultCount({ total: 10000, total_exact: false })).toBe('10,000+');
  });
});
