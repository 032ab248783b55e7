import { lockCompany } from '../../db/company-lock.ts';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/migrate.ts';
import { CAPACITY_FULL_DETAIL, MAX_CAPACITY_ENTRIES } from '../../../core/capacity.ts';
import type { CapacityEntry, CapacityInput } from '../../../core/contracts/capacity.ts';
import { DomainError } from '../../../core/errors.ts';
import { ANYTIME_DATE } from '../../../core/format.ts';

/**
 * The owner's capacity board; every method is scoped to the caller's company. A board holds at most
 * MAX_CAPACITY_ENTRIES, counted in the adding transaction after taking the company's lock.
 */
export function createCapacityService(db: Db, clock: () => Date, dialect: Dialect) {
  const today = () => clock().toISOString().slice(0, 10);

  function checkDate(date: string) {
    if (date !== ANYTIME_DATE && date < today())
      throw new DomainError('invalid', 'date: the date cannot be in the past');
  }

  async function ownEntry(companyId: number, id: number) {
    const row = await db
      .selectFrom('capacity_entries')
      .select('id')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', 'Capacity entry not found');
  }

  const columns = ['id', 'date', 'trailer', 'origin', 'destination'] as const;
  // Compiled once (server/db/compiled-query.ts): a profile that shows its capacity block reads it on
  // every view.
  const boardFrom = compiledQuery(db, 2, (companyId: number, from: string) =>
    db
      .selectFrom('capacity_entries')
      .select(columns)
      .where('company_id', '=', companyId)
      .where('date', '>=', from)
      .orderBy('date')
      .orderBy('id'),
  );

  return {
    /**
     * A carrier's public capacity board: entries from today on (past dates are not shown publicly)
     * and those available any time (ANYTIME_DATE, 9999-12-31, sorts last: ISO days sort as text).
     */
    async publicBoard(companyId: number): Promise<CapacityEntry[]> {
      return boardFrom(companyId, today());
    },

    async list(companyId: number) {
      return db
        .selectFrom('capacity_entries')
        .select(columns)
        .where('company_id', '=', companyId)
        .orderBy('date')
        .orderBy('id')
        .execute();
    },

    async create(companyId: number, entry: CapacityInput) {
      checkDate(entry.date);
      const now = clock().toISOString();
      return db.transaction().execute(async (trx) => {
        await lockCompany(trx, dialect, companyId);
        const { count } = await trx
          .selectFrom('capacity_entries')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_CAPACITY_ENTRIES) throw new DomainError('conflict', CAPACITY_FULL_DETAIL);
        return trx
          .insertInto('capacity_entries')
          .values({ company_id: companyId, ...entry, created_at: now, updated_at: now })
          .returning(columns)
          .executeTakeFirstOrThrow();
      });
    },

    async update(companyId: number, id: number, entry: CapacityInput) {
      await ownEntry(companyId, id);
      checkDate(entry.date);
      return db
        .updateTable('capacity_entries')
        .set({ ...entry, updated_at: clock().toISOString() })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    async remove(companyId: number, id: number) {
      await ownEntry(companyId, id);
      await db.deleteFrom('capacity_entries').where('id', '=', id).execute();
    },
  };
}

export type CapacityService = ReturnType<typeof createCapacityService>;
