import { describe, expect, it } from 'vitest';
import { parseCityParam } from './city-page.ts';

describe('parseCityParam', () => {
  it.each([
    ['dallas-tx', { city: 'Dallas', state: 'TX' }],
    ['kansas-city-mo', { city: 'Kansas City', state: 'MO' }],
    ['LOS-ANGELES-ca', { city: 'Los Angeles', state: 'CA' }],
    ['dallas', null],
    ['-tx', null],
    ['', null],
  ])('%s', (value, expected) => {
    expect(parseCityParam(value)).toEqual(expected);
  });
});
