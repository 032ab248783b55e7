import type { CargoCode } from '../../../core/cargo.ts';
import { SupersearchQuery } from '../../../core/contracts/search.ts';
import { DomainError } from '../../../core/errors.ts';
import { parseInput } from '../../../core/input.ts';
import { zipCentroid } from '../carrier-data/geocode.ts';
import type { CompanyType } from './engine.ts';
import type { SupersearchParams } from './service.ts';

/**
 * The supersearch parameters of the spec (public-side section 7) from an untrusted query string.
 * Invalid input raises a 400 with a detail naming the parameter; the search page shows it too.
 */
export function parseSupersearchQuery(raw: unknown): SupersearchParams {
  return supersearchParams(parseInput(SupersearchQuery, raw));
}

/** The search's parameters from a query its schema accepted (the API's route validates it itself). */
export function supersearchParams(query: SupersearchQuery): SupersearchParams {
  let radius;
  if (query.radius_zipcode && query.radius_miles !== undefined) {
    const centre = zipCentroid(query.radius_zipcode);
    if (!centre) throw new DomainError('invalid', 'radius_zipcode: unknown ZIP code');
    radius = { ...centre, miles: query.radius_miles };
  }
  return {
    term: query.super_search_term,
    page: query.page,
    limit: query.limit,
    filters: {
      address_state: query.address_state || undefined,
      address_city: query.address_city ? query.address_city.toUpperCase() : undefined,
      company_types: query.company_types as CompanyType[] | undefined,
      cargo_types: query.cargo_types as CargoCode[] | undefined,
      radius,
      authorized_only: query.authorized_only,
      insured_only: query.insured_only,
    },
  };
}
