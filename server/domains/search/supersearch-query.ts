import type { CargoCode } from '../../../core/cargo.ts';
import { SupersearchQuery } from '../../../core/contracts/search.ts';
import { DomainError } from '../../../core/errors.ts';
import { parseInput } from '../../../core/input.ts';
import { zipCentroid } from '../carrier-data/geocode.ts';
import type { CompanyType, SearchFilters } from './engine.ts';

export interface SupersearchParams {
  term: string;
  page: number;
  limit: number;
  filters: SearchFilters;
}

/** The supersearch parameters from an untrusted query string; invalid input is a 400 naming the parameter. */
export function parseSupersearchQuery(raw: unknown): SupersearchParams {
  return supersearchParams(parseInput(SupersearchQuery, raw));
}

/** The search's parameters from a query its schema accepted (the API's route validates it itself). */
export function supersearchParams(query: SupersearchQuery): SupersearchParams {
  // The filters keep their parameters' names; only the radius's two become one circle.
  const {
    super_search_term: term,
    page,
    limit,
    include_equipment: _equipment,
    radius_zipcode: zipcode,
    radius_miles: miles,
    ...filters
  } = query;
  let radius;
  if (zipcode && miles !== undefined) {
    const centre = zipCentroid(zipcode);
    if (!centre) throw new DomainError('invalid', 'radius_zipcode: unknown ZIP code');
    radius = { ...centre, miles };
  }
  return {
    term,
    page,
    limit,
    filters: {
      ...filters,
      address_state: filters.address_state || undefined,
      address_city: filters.address_city?.toUpperCase() || undefined,
      company_types: filters.company_types as CompanyType[] | undefined,
      cargo_types: filters.cargo_types as CargoCode[] | undefined,
      radius,
    },
  };
}
