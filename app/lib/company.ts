// The API's public company record and search response, as the server defines them (type-only: no
// server code reaches the browser bundle).
export type { CompanyView as Company } from '../../server/domains/companies/company-view';
export type { SupersearchResult as SearchResponse } from '../../server/domains/search/service';
