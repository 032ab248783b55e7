import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CompaniesTable, CrashesTable, InspectionsTable } from '../../db/schema.ts';
import { zipCentroid } from './geocode.ts';
import type { CarrierRecord, CrashRecord, InspectionRecord } from './records.ts';

/** Keeps the last record for each key: one statement may not upsert the same row twice (PostgreSQL). */
function lastPerKey<T>(records: readonly T[], key: (record: T) => string | number): T[] {
  const byKey = new Map<string | number, T>();
  for (const record of records) byKey.set(key(record), record);
  return [...byKey.values()];
}

/** The columns a census record sets. A field the file format does not carry (undefined) is left as stored. */
function companyValues(record: CarrierRecord, now: string): Insertable<CompaniesTable> {
  const values: Record<string, unknown> = { dot_number: record.dot_number, updated_at: now, created_at: now };
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || key === 'dot_number') continue;
    if (key === 'legal_name') values.name = value ?? `USDOT ${record.dot_number}`;
    else if (key === 'cargo_codes') values.cargo_codes = (value as string[]).join(';');
    else values[key] = value;
  }
  if (record.phy_zip !== undefined) {
    const centroid = zipCentroid(record.phy_zip);
    values.latitude = centroid?.latitude ?? null;
    values.longitude = centroid?.longitude ?? null;
  }
  if (values.name === undefined) values.name = `USDOT ${record.dot_number}`;
  return values as unknown as Insertable<CompaniesTable>;
}

export function createCarrierDataRepo(db: Db) {
  return {
    /**
     * Inserts or updates carriers by DOT number. All records of one call must come from the same
     * file format (they set the same fields); the claim state, custom CSS and creation time of an
     * existing company are never touched.
     */
    async upsertCarriers(records: readonly CarrierRecord[], now: string): Promise<void> {
      const rows = lastPerKey(records, (record) => record.dot_number).map((record) =>
        companyValues(record, now),
      );
      const first = rows[0];
      if (!first) return;
      const updated = Object.keys(first).filter(
        (column) => column !== 'dot_number' && column !== 'created_at',
      );
      await db
        .insertInto('companies')
        .values(rows)
        .onConflict((conflict) =>
          conflict
            .column('dot_number')
            .doUpdateSet(
              Object.fromEntries(updated.map((column) => [column, sql.ref(`excluded.${column}`)])),
            ),
        )
        .execute();
    },

    async upsertInspections(records: readonly InspectionRecord[]): Promise<void> {
      const rows: Insertable<InspectionsTable>[] = lastPerKey(records, (record) => record.inspection_id);
      if (rows.length === 0) return;
      await db
        .insertInto('inspections')
        .values(rows)
        .onConflict((conflict) =>
          conflict.column('inspection_id').doUpdateSet((eb) => ({
            dot_number: eb.ref('excluded.dot_number'),
            insp_date: eb.ref('excluded.insp_date'),
            report_state: eb.ref('excluded.report_state'),
            report_number: eb.ref('excluded.report_number'),
            insp_level_id: eb.ref('excluded.insp_level_id'),
            viol_total: eb.ref('excluded.viol_total'),
            oos_total: eb.ref('excluded.oos_total'),
            driver_oos_total: eb.ref('excluded.driver_oos_total'),
            vehicle_oos_total: eb.ref('excluded.vehicle_oos_total'),
            hazmat_oos_total: eb.ref('excluded.hazmat_oos_total'),
          })),
        )
        .execute();
    },

    async upsertCrashes(records: readonly CrashRecord[]): Promise<void> {
      const rows: Insertable<CrashesTable>[] = lastPerKey(records, (record) => record.crash_id).map(
        (record) => ({
          ...record,
          tow_away: record.tow_away ? 1 : 0,
        }),
      );
      if (rows.length === 0) return;
      await db
        .insertInto('crashes')
        .values(rows)
        .onConflict((conflict) =>
          conflict.column('crash_id').doUpdateSet((eb) => ({
            dot_number: eb.ref('excluded.dot_number'),
            report_date: eb.ref('excluded.report_date'),
            report_state: eb.ref('excluded.report_state'),
            fatalities: eb.ref('excluded.fatalities'),
            injuries: eb.ref('excluded.injuries'),
            tow_away: eb.ref('excluded.tow_away'),
          })),
        )
        .execute();
    },

    async findCompanyByDot(dotNumber: number) {
      return db.selectFrom('companies').selectAll().where('dot_number', '=', dotNumber).executeTakeFirst();
    },

    /**
     * Inspection counts since a day, with the denominators FMCSA uses: driver out-of-service rates
     * count level I, II, III and VI inspections; vehicle rates count level I, II, V and VI.
     */
    async inspectionTotals(dotNumber: number, sinceDay: string) {
      const row = await db
        .selectFrom('inspections')
        .where('dot_number', '=', dotNumber)
        .where('insp_date', '>=', sinceDay)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('inspections'),
          eb.fn.coalesce(eb.fn.sum<number | string>('viol_total'), sql<number>`0`).as('violations'),
          eb.fn.coalesce(eb.fn.sum<number | string>('oos_total'), sql<number>`0`).as('oos_violations'),
          sql<number | string>`sum(case when insp_level_id in (1, 2, 3, 6) then 1 else 0 end)`.as(
            'driver_inspections',
          ),
          sql<
            number | string
          >`sum(case when insp_level_id in (1, 2, 3, 6) and driver_oos_total > 0 then 1 else 0 end)`.as(
            'driver_oos_inspections',
          ),
          sql<number | string>`sum(case when insp_level_id in (1, 2, 5, 6) then 1 else 0 end)`.as(
            'vehicle_inspections',
          ),
          sql<
            number | string
          >`sum(case when insp_level_id in (1, 2, 5, 6) and vehicle_oos_total > 0 then 1 else 0 end)`.as(
            'vehicle_oos_inspections',
          ),
        ])
        .executeTakeFirstOrThrow();
      // PostgreSQL returns bigint sums and counts as strings.
      return Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)]),
      ) as Record<keyof typeof row, number>;
    },

    async crashTotals(dotNumber: number, sinceDay: string) {
      const row = await db
        .selectFrom('crashes')
        .where('dot_number', '=', dotNumber)
        .where('report_date', '>=', sinceDay)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('crashes'),
          sql<number | string>`sum(case when fatalities > 0 then 1 else 0 end)`.as('fatal'),
          sql<number | string>`sum(case when injuries > 0 then 1 else 0 end)`.as('injury'),
          sql<number | string>`sum(case when tow_away = 1 then 1 else 0 end)`.as('tow_away'),
        ])
        .executeTakeFirstOrThrow();
      return {
        crashes: Number(row.crashes ?? 0),
        fatal: Number(row.fatal ?? 0),
        injury: Number(row.injury ?? 0),
        tow_away: Number(row.tow_away ?? 0),
      };
    },

    /** Inspections per two-letter report state since a day (the heat map). */
    async inspectionCountsByState(dotNumber: number, sinceDay: string) {
      const rows = await db
        .selectFrom('inspections')
        .where('dot_number', '=', dotNumber)
        .where('insp_date', '>=', sinceDay)
        .where(sql<boolean>`length(report_state) = 2`)
        .groupBy('report_state')
        .select((eb) => ['report_state', eb.fn.countAll<number | string>().as('count')])
        .execute();
      return rows.map((row) => ({ state: row.report_state as string, count: Number(row.count) }));
    },

    async listInspections(dotNumber: number, sinceDay: string, limit: number, offset: number) {
      const filtered = db
        .selectFrom('inspections')
        .where('dot_number', '=', dotNumber)
        .where('insp_date', '>=', sinceDay);
      const [rows, count] = await Promise.all([
        filtered
          .selectAll()
          .orderBy('insp_date', 'desc')
          .orderBy('inspection_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
  };
}

export type CarrierDataRepo = ReturnType<typeof createCarrierDataRepo>;
