import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { keepPlan } from '../../db/kept-plans.ts';
import type { LiAuthoritiesTable, LiInsuranceTable, LiSource } from '../../db/schema.ts';
import { DATED_DATASETS, type LiRows } from './repo.ts';

/** One row of the read: which table it comes from and that table's columns in generic slots. */
interface UnionRow {
  source: 'held' | 'docket' | 'authority' | 'event' | 'insurance' | 'revocation' | 'oos' | 'import';
  docket: string;
  kind: string | null;
  t1: string | null;
  t2: string | null;
  t3: string | null;
  t4: string | null;
  t5: string | null;
  t6: string | null;
  n1: number | string | null;
  n2: number | string | null;
  n3: number | string | null;
  n4: number | string | null;
}

const number = (value: number | string | null) => (value === null ? null : Number(value));
const flag = (value: number | string | null) => (value === null ? null : Number(value) === 1 ? 1 : 0);

/**
 * Every L&I row of one carrier in ONE query (the profile page's budget, docs/decisions/036): the
 * carrier's dockets (its census MC docket, and the dockets L&I gives its DOT number unless the census
 * gives that MC docket to another carrier, as authorityRecords joins them), then the rows of the five
 * L&I tables for those dockets, the carrier's out-of-service orders and the newest day of each dated
 * dataset, one UNION ALL with each table's columns in generic slots.
 */
export async function liRowsOfCarrier(
  db: Db,
  dotNumber: number,
  censusDocket: string | null,
): Promise<LiRows & { dockets: string[] }> {
  const census = censusDocket ? sql`SELECT ${censusDocket} AS docket UNION ` : sql``;
  const datasets = sql.join(DATED_DATASETS.map((dataset) => sql`${dataset}`));
  const read = sql<UnionRow>`
    WITH held AS (
      ${census}SELECT d.docket FROM li_dockets d
      WHERE d.dot_number = ${dotNumber}
        AND NOT EXISTS (
          SELECT 1 FROM companies o
          WHERE d.docket LIKE 'MC%' AND o.mc_number = substr(d.docket, 3) AND o.dot_number <> ${dotNumber}
        )
    )
    SELECT 'docket' AS source, docket, NULL AS kind, NULL AS t1, NULL AS t2, NULL AS t3, NULL AS t4, NULL AS t5,
      NULL AS t6, bipd_required_dollars AS n1, bipd_on_file_dollars AS n2, cargo_required AS n3, bond_required AS n4
      FROM li_dockets WHERE docket IN (SELECT docket FROM held)
    UNION ALL
    SELECT 'authority', docket, kind, status, description, source, status_on, NULL, NULL, NULL, NULL, NULL, NULL
      FROM li_authorities WHERE docket IN (SELECT docket FROM held)
    UNION ALL
    SELECT 'event', docket, kind, action, action_on, final_action, source, NULL, NULL, NULL, NULL, NULL, NULL
      FROM li_authority_events WHERE docket IN (SELECT docket FROM held)
    UNION ALL
    SELECT 'insurance', docket, kind, form_code, insurer, policy_number, effective_on, cancellation_effective_on,
      ended_by, amount_dollars, NULL, NULL, NULL
      FROM li_insurance WHERE docket IN (SELECT docket FROM held)
    UNION ALL
    SELECT 'revocation', docket, kind, type, served_on, effective_on, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM li_revocations WHERE docket IN (SELECT docket FROM held)
    UNION ALL
    SELECT 'oos', '', NULL, ordered_on, reason, status, rescinded_on, NULL, NULL, NULL, NULL, NULL, NULL
      FROM oos_orders WHERE dot_number = ${dotNumber}
    UNION ALL
    SELECT 'import', dataset, NULL, max(as_of), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM data_imports WHERE dataset IN (${datasets}) GROUP BY dataset
    UNION ALL
    SELECT 'held', docket, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM held
  `;
  // Two texts, with the census docket and without: PostgreSQL keeps the plan of each (kept-plans.ts).
  const { rows } = await db.executeQuery(keepPlan(db, read.compile(db)));
  const result: LiRows & { dockets: string[] } = {
    dockets: [],
    docketRows: [],
    authorityRows: [],
    eventRows: [],
    insuranceRows: [],
    revocationRows: [],
    oosRows: [],
    importDays: [],
  };
  type Kind = LiAuthoritiesTable['kind'];
  for (const row of rows) {
    const { docket } = row;
    switch (row.source) {
      case 'held':
        result.dockets.push(docket);
        break;
      case 'docket':
        result.docketRows.push({
          docket,
          bipd_required_dollars: number(row.n1),
          bipd_on_file_dollars: number(row.n2),
          cargo_required: flag(row.n3),
          bond_required: flag(row.n4),
        });
        break;
      case 'authority':
        result.authorityRows.push({
          docket,
          kind: row.kind as Kind,
          status: row.t1 as LiAuthoritiesTable['status'],
          description: row.t2,
          source: row.t3 as LiSource | null,
          status_on: row.t4,
        });
        break;
      case 'event':
        result.eventRows.push({
          docket,
          kind: row.kind as Kind | null,
          action: row.t1 ?? '',
          action_on: row.t2,
          final_action: row.t3,
          source: row.t4 as LiSource | null,
        });
        break;
      case 'insurance':
        result.insuranceRows.push({
          docket,
          kind: row.kind as LiInsuranceTable['kind'],
          form_code: row.t1,
          insurer: row.t2,
          policy_number: row.t3,
          effective_on: row.t4,
          cancellation_effective_on: row.t5,
          ended_by: row.t6 as LiInsuranceTable['ended_by'],
          amount_dollars: number(row.n1),
        });
        break;
      case 'revocation':
        result.revocationRows.push({
          docket,
          kind: row.kind as Kind | null,
          type: row.t1 ?? '',
          served_on: row.t2,
          effective_on: row.t3,
        });
        break;
      case 'oos':
        result.oosRows.push({
          dot_number: dotNumber,
          ordered_on: row.t1,
          reason: row.t2,
          status: row.t3,
          rescinded_on: row.t4,
        });
        break;
      case 'import':
        result.importDays.push({ dataset: docket, as_of: row.t1 });
        break;
    }
  }
  return result;
}
