import { describe, expect, it } from 'vitest';
import { cargoTypesSummary, cityQuery, cityUrl, parseCityParam, readCityFilters } from './city-page.ts';

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

describe('city page URLs', () => {
  it('reads a plain form submission (repeated, blank fields) and writes the canonical URL', () => {
    const submitted = new URLSearchParams(
      'companyTypes=Carrier&companyTypes=Broker&cargoTypes=COLDFOOD&radiusZipcode=&radiusMiles=50&authorizedOnly=true',
    );
    const filters = readCityFilters(submitted);
    // A radius needs both fields.
    expect(cityUrl('/trucking-companies/dallas-tx', filters, 1)).toBe(
      '/trucking-companies/dallas-tx?companyTypes=Carrier%2CBroker&cargoTypes=COLDFOOD&authorizedOnly=true',
    );
    expect(cityQuery(filters, 3).get('page')).toBe('3');
    expect(cityUrl('/trucking-companies/dallas-tx', readCityFilters(new URLSearchParams()), 1)).toBe(
      '/trucking-companies/dallas-tx',
    );
  });

  it('counts the ticked cargo types', () => {
    expect(cargoTypesSummary(0)).toBe('Cargo Types');
    expect(cargoTypesSummary(2)).toBe('Cargo Types (2 selected)');
  });
});
