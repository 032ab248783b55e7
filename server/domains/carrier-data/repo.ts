import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CrashesTable, DataImportsTable, InspectionsTable } from '../../db/schema.ts';
import type { BasicViolationCount, Crash, Inspection } from '../../../core/contracts/carrier-data.ts';
import type { DataDates } from '../../../core/record-facts.ts';
import { createRowUpserter, type RowSet } from '../../db/upsert-rows.ts';
import { DRIVER_RATE_LEVELS, VEHICLE_RATE_LEVELS } from './inspection-levels.ts';
import type { CarrierRecord, CrashRecord, InspectionRecord, ViolationRecord } from './records.ts';
import {
  companyRowSets,
  crashRowSet,
  INSPECTION_COLUMNS,
  inspectionRowSets,
  violationRowSet,
} from './table-rows.ts';

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

function inspectionsSince(db: Db, dotNumber: number, sinceDay: string) {
  return db.selectFrom('inspections').where('dot_number', '=', dotNumber).where('insp_date', '>=', sinceDay);
}

type InspectionRow = Pick<InspectionsTable, (typeof INSPECTION_COLUMNS)[number]> & {
  viol_code: string | null;
  description: string | null;
  basic: string | null;
  unit: string | null;
  oos: number | null;
};

/** Inspection rows joined to their violations (none: one row of nulls), one inspection each, in order. */
function inspectionsOf(rows: readonly InspectionRow[]): Inspection[] {
  const inspections: Inspection[] = [];
  for (const { viol_code, description, basic, unit, oos, ...inspection } of rows) {
    let last = inspections.at(-1);
    if (last?.inspection_id !== inspection.inspection_id) {
      last = { ...inspection, violations: [] };
      inspections.push(last);
    }
    if (viol_code !== null) last.violations.push({ viol_code, description, basic, unit, oos: oos === 1 });
  }
  return inspections;
}

/** A page of a carrier's crashes since a day, newest first. */
function crashPage(db: Db, dotNumber: number, sinceDay: string, limit: number, offset: number) {
  return db
    .selectFrom('crashes')
    .where('dot_number', '=', dotNumber)
    .where('report_date', '>=', sinceDay)
    .select(['crash_id', 'report_date', 'report_state', 'fatalities', 'injuries', 'tow_away'])
    .orderBy('report_date', 'desc')
    .orderBy('crash_id', 'desc')
    .limit(limit)
    .offset(offset);
}

function crashOf(row: Omit<CrashesTable, 'dot_number' | 'tow_away'> & { tow_away: number }): Crash {
  return { ...row, tow_away: row.tow_away === 1 };
}

/** A carrier's violations since a day, counted per BASIC, with those out of service. */
function basicCounts(db: Db, dotNumber: number, sinceDay: string) {
  return db
    .selectFrom('violations')
    .where('dot_number', '=', dotNumber)
    .where('insp_date', '>=', sinceDay)
    .groupBy('basic')
    .select([
      'basic',
      sql<number | string>`count(*)`.as('violations'),
      sql<number | string>`sum(oos)`.as('oos_violations'),
    ]);
}

/** PostgreSQL returns bigint counts and sums as strings. */
function basicCountOf(row: {
  basic: string | null;
  violations: number | string | null;
  oos_violations: number | string | null;
}): BasicViolationCount {
  return {
    basic: row.basic,
    violations: Number(row.violations ?? 0),
    oos_violations: Number(row.oos_violations ?? 0),
  };
}

const mostCitedFirst = (a: BasicViolationCount, b: BasicViolationCount) =>
  b.violations - a.violations || (a.basic ?? '').localeCompare(b.basic ?? '');

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
        violations_through: newest('violations'),
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

    /**
     * One page of a carrier's inspections since a day, newest first, each with its violations: the
     * page is read first and its violations joined to it by inspection id, in one query.
     */
    async inspectionsWithViolations(dotNumber: number, sinceDay: string, limit: number, offset: number) {
      const page = inspectionsSince(db, dotNumber, sinceDay)
        .select(INSPECTION_COLUMNS)
        .orderBy('insp_date', 'desc')
        .orderBy('inspection_id', 'desc')
        .limit(limit)
        .offset(offset)
        .as('page');
      const rows = await db
        .selectFrom(page)
        .leftJoin('violations', 'violations.inspection_id', 'page.inspection_id')
        .selectAll('page')
        .select([
          'violations.viol_code',
          'violations.description',
          'violations.basic',
          'violations.unit',
          'violations.oos',
        ])
        .orderBy('page.insp_date', 'desc')
        .orderBy('page.inspection_id', 'desc')
        .orderBy('violations.violation_key')
        .execute();
      return inspectionsOf(rows);
    },

    async countInspections(dotNumber: number, sinceDay: string): Promise<number> {
      const row = await inspectionsSince(db, dotNumber, sinceDay)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    async crashes(dotNumber: number, sinceDay: string, limit: number, offset: number) {
      return (await crashPage(db, dotNumber, sinceDay, limit, offset).execute()).map(crashOf);
    },

    async countCrashes(dotNumber: number, sinceDay: string): Promise<number> {
      return crashTotalsOf(await crashCounts(db, dotNumber, sinceDay).executeTakeFirstOrThrow()).crashes;
    },

    async violationCountsByBasic(dotNumber: number, sinceDay: string) {
      return (await basicCounts(db, dotNumber, sinceDay).execute()).map(basicCountOf).sort(mostCitedFirst);
    },

    /**
     * A page of crashes and the violation counts per BASIC, in one query (a union of the two, told
     * apart by `part`): with inspectionsWithViolations, a profile's safety detail costs two queries.
     */
    async crashesAndViolationCounts(dotNumber: number, sinceDay: string, limit: number, offset: number) {
      const crashRows = db
        .selectFrom(crashPage(db, dotNumber, sinceDay, limit, offset).as('crash_page'))
        .select([
          sql<string>`'crash'`.as('part'),
          sql<string | null>`crash_id`.as('key'),
          sql<string | null>`report_date`.as('day'),
          sql<string | null>`report_state`.as('state'),
          sql<number | string | null>`fatalities`.as('first'),
          sql<number | string | null>`injuries`.as('second'),
          sql<number | null>`tow_away`.as('third'),
        ]);
      const countRows = db
        .selectFrom(basicCounts(db, dotNumber, sinceDay).as('basic_counts'))
        .select([
          sql<string>`'basic'`.as('part'),
          sql<string | null>`basic`.as('key'),
          sql<string | null>`null`.as('day'),
          sql<string | null>`null`.as('state'),
          sql<number | string | null>`violations`.as('first'),
          sql<number | string | null>`oos_violations`.as('second'),
          sql<number | null>`null`.as('third'),
        ]);
      const rows = await crashRows.unionAll(countRows).execute();
      return {
        crashes: rows
          .filter((row) => row.part === 'crash')
          .map((row) =>
            crashOf({
              crash_id: row.key ?? '',
              report_date: row.day ?? '',
              report_state: row.state,
              fatalities: Number(row.first),
              injuries: Number(row.second),
              tow_away: Number(row.third),
            }),
          )
          .sort((a, b) => b.report_date.localeCompare(a.report_date) || b.crash_id.localeCompare(a.crash_id)),
        byBasic: rows
          .filter((row) => row.part === 'basic')
          .map((row) => basicCountOf({ basic: row.key, violations: row.first, oos_violations: row.second }))
          .sort(mostCitedFirst),
      };
    },
  };
}

export type CarrierDataRepo = ReturnType<typeof createCarrierDataRepo>;
