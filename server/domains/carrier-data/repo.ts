import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DataImportsTable } from '../../db/schema.ts';
import type { DataDates } from '../../../core/record-facts.ts';
import { createRowUpserter, type RowSet } from '../../db/upsert-rows.ts';
import { DRIVER_RATE_LEVELS, VEHICLE_RATE_LEVELS } from './inspection-levels.ts';
import type { CarrierRecord, CrashRecord, InspectionRecord, ViolationRecord } from './records.ts';
import { companyRowSets, crashRowSet, inspectionRowSets, violationRowSet } from './table-rows.ts';

/** `insp_level_id in (...)` for a rate's levels (whole-number constants, written into the SQL). */
function levelIn(levels: readonly number[]) {
  return sql<boolean>`insp_level_id in (${sql.join(levels.map((level) => sql.lit(level)))})`;
}

/**
 * The counts a safety summary is made of, over the inspections a query selects: inspections,
 * violations, out-of-service violations, and each out-of-service rate's numerator and denominator
 * (the inspections of the levels it counts, inspection-levels.ts).
 */
function inspectionCountColumns() {
  const driver = levelIn(DRIVER_RATE_LEVELS);
  const vehicle = levelIn(VEHICLE_RATE_LEVELS);
  return [
    sql<number | string>`count(*)`.as('inspections'),
    sql<number | string>`coalesce(sum(viol_total), 0)`.as('violations'),
    sql<number | string>`coalesce(sum(oos_total), 0)`.as('oos_violations'),
    sql<number | string>`sum(case when ${driver} then 1 else 0 end)`.as('driver_inspections'),
    sql<number | string>`sum(case when ${driver} and driver_oos_total > 0 then 1 else 0 end)`.as(
      'driver_oos_inspections',
    ),
    sql<number | string>`sum(case when ${vehicle} then 1 else 0 end)`.as('vehicle_inspections'),
    sql<number | string>`sum(case when ${vehicle} and vehicle_oos_total > 0 then 1 else 0 end)`.as(
      'vehicle_oos_inspections',
    ),
  ] as const;
}

/** The crash totals of a carrier since a day, as one row of counts. */
function crashCounts(db: Db, dotNumber: number, sinceDay: string) {
  return db
    .selectFrom('crashes')
    .where('dot_number', '=', dotNumber)
    .where('report_date', '>=', sinceDay)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('crashes'),
      sql<number | string>`sum(case when fatalities > 0 then 1 else 0 end)`.as('fatal'),
      sql<number | string>`sum(case when injuries > 0 then 1 else 0 end)`.as('injury'),
      sql<number | string>`sum(case when tow_away = 1 then 1 else 0 end)`.as('tow_away'),
    ]);
}

const CRASH_COLUMNS = new Set(['crashes', 'fatal', 'injury', 'tow_away']);

type CrashCounts = Partial<Record<'crashes' | 'fatal' | 'injury' | 'tow_away', number | string | null>>;

/** Crash counts as numbers (PostgreSQL returns bigint sums and counts as strings). */
function crashTotalsOf(row: CrashCounts) {
  return {
    crashes: Number(row.crashes ?? 0),
    fatal: Number(row.fatal ?? 0),
    injury: Number(row.injury ?? 0),
    tow_away: Number(row.tow_away ?? 0),
  };
}

/** Upserts the row sets and commits them. */
async function upsertAll(db: Db, sets: readonly RowSet[]): Promise<void> {
  const upserter = createRowUpserter(db);
  for (const set of sets) await upserter.upsert(set);
  await upserter.close();
}

export function createCarrierDataRepo(db: Db) {
  return {
    /** Notes an imported file and the day its data describes (docs/decisions/024-honest-dated-carrier-data.md). */
    async recordImport(entry: DataImportsTable): Promise<void> {
      await db.insertInto('data_imports').values(entry).execute();
    },

    /**
     * When the newest import into `table` that ran to its end started (its rows' updated_at): what
     * the search index was last brought up to date with, for the census. Null before any.
     */
    async newestImportAt(table: DataImportsTable['table_name']): Promise<string | null> {
      const row = await db
        .selectFrom('data_imports')
        .select((eb) => eb.fn.max('imported_at').as('imported_at'))
        .where('table_name', '=', table)
        .executeTakeFirst();
      return row?.imported_at ?? null;
    },

    /** The newest import of each dataset: its rows and when it finished (for /metrics). */
    async lastImports() {
      const newest = db
        .selectFrom('data_imports')
        .select(['dataset', (eb) => eb.fn.max('imported_at').as('imported_at')])
        .groupBy('dataset')
        .as('newest');
      return db
        .selectFrom('data_imports')
        .innerJoin(newest, (join) =>
          join
            .onRef('newest.dataset', '=', 'data_imports.dataset')
            .onRef('newest.imported_at', '=', 'data_imports.imported_at'),
        )
        .select(['data_imports.dataset', 'data_imports.imported_rows', 'data_imports.imported_at'])
        .orderBy('data_imports.dataset')
        .execute();
    },

    /** The newest day an imported file describes, per table. */
    async dataDates(): Promise<DataDates> {
      const rows = await db
        .selectFrom('data_imports')
        .select((eb) => ['table_name', eb.fn.max('as_of').as('as_of')])
        .groupBy('table_name')
        .execute();
      const newest = (table: DataImportsTable['table_name']) =>
        rows.find((row) => row.table_name === table)?.as_of ?? null;
      return {
        census_as_of: newest('companies'),
        inspections_through: newest('inspections'),
        crashes_through: newest('crashes'),
      };
    },

    /**
     * Inserts or updates carriers by DOT number (table-rows.ts says which columns an update keeps);
     * the importer writes through the same row sets.
     */
    async upsertCarriers(records: readonly CarrierRecord[], now: string): Promise<void> {
      await upsertAll(db, companyRowSets(records, now));
    },

    async upsertInspections(records: readonly InspectionRecord[]): Promise<void> {
      await upsertAll(db, inspectionRowSets(records));
    },

    async upsertViolations(records: readonly ViolationRecord[]): Promise<void> {
      await upsertAll(db, [violationRowSet(records)]);
    },

    async upsertCrashes(records: readonly CrashRecord[]): Promise<void> {
      await upsertAll(db, [crashRowSet(records)]);
    },

    async findCompanyByDot(dotNumber: number) {
      return db.selectFrom('companies').selectAll().where('dot_number', '=', dotNumber).executeTakeFirst();
    },

    /**
     * Inspection counts since a day, with each out-of-service rate's denominator: the inspections of
     * the levels it counts (inspection-levels.ts).
     */
    async inspectionTotals(dotNumber: number, sinceDay: string) {
      const row = await db
        .selectFrom('inspections')
        .where('dot_number', '=', dotNumber)
        .where('insp_date', '>=', sinceDay)
        .select(inspectionCountColumns())
        .executeTakeFirstOrThrow();
      // PostgreSQL returns bigint sums and counts as strings.
      return Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)]),
      ) as Record<keyof typeof row, number>;
    },

    async crashTotals(dotNumber: number, sinceDay: string) {
      return crashTotalsOf(await crashCounts(db, dotNumber, sinceDay).executeTakeFirstOrThrow());
    },

    /**
     * A profile's inspections and crashes in one read: the inspections per report state since
     * `sinceDay`, each group with the counts of inspectionTotals and how many of its inspections
     * fall on or after `recentSinceDay` (a later day: the heat map's shorter window), and the crash
     * totals since `sinceDay` (on every row; the one row of a carrier without inspections has no
     * state group). One read, so the profile page keeps its query budget with the L&I read.
     */
    async inspectionsPerStateAndCrashes(dotNumber: number, sinceDay: string, recentSinceDay: string) {
      const perState = db
        .selectFrom('inspections')
        .where('dot_number', '=', dotNumber)
        .where('insp_date', '>=', sinceDay)
        .groupBy('report_state')
        .select([
          'report_state',
          ...inspectionCountColumns(),
          sql<number | string>`sum(case when insp_date >= ${recentSinceDay} then 1 else 0 end)`.as('recent'),
        ]);
      const rows = await db
        .selectFrom(crashCounts(db, dotNumber, sinceDay).as('crash_totals'))
        .leftJoin(perState.as('per_state'), (join) => join.onTrue())
        .selectAll()
        .execute();
      const [first] = rows;
      return {
        crashes: crashTotalsOf(first ?? {}),
        perState: rows
          .filter((row) => row.inspections !== null)
          .map(({ report_state, ...columns }) => ({
            report_state,
            // The group's own counts, without the crash totals every row carries; PostgreSQL returns
            // bigint sums and counts as strings.
            ...(Object.fromEntries(
              Object.entries(columns)
                .filter(([key]) => !CRASH_COLUMNS.has(key))
                .map(([key, value]) => [key, Number(value ?? 0)]),
            ) as Record<Exclude<keyof typeof columns, keyof CrashCounts>, number>),
          })),
      };
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
