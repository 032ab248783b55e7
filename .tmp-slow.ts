import { openDatabase } from './server/db/database.ts';
import { createSearchService } from './server/domains/search/service.ts';
import { parseSupersearchQuery } from './server/domains/search/supersearch-query.ts';
const db = openDatabase({ dialect: 'sqlite', filename: '/tmp/db1m/app.db' });
const search = createSearchService(db, 'sqlite');
const queries = [
  { super_search_term: 'freight' }, { super_search_term: 'fr' }, { super_search_term: 'tran' },
  { super_search_term: 'freight', address_state: 'TX' }, { super_search_term: 'trucking', company_types: 'carrier' },
  { super_search_term: 'trucking', radius_zipcode: '75201', radius_miles: '500' },
  { super_search_term: 'trucking', radius_zipcode: '75201', radius_miles: '250' },
  { super_search_term: 'trucking', radius_zipcode: '75201', radius_miles: '50' },
  { super_search_term: 'dallas tx' }, { super_search_term: 'blue ridge logistics' },
];
for (const q of queries) {
  const p = parseSupersearchQuery({ limit: '10', ...q });
  await search.supersearch(p);
  const t = performance.now();
  const r = await search.supersearch(p);
  console.log(JSON.stringify(q), (performance.now() - t).toFixed(1), 'ms total', r.total);
}
await db.destroy();
