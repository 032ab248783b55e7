import type { Db } from './database.ts';
import type { Dialect } from './migrate.ts';

/**
 * Serialises one company's limited writes (its blocks, its capacity entries) until the transaction
 * ends, so concurrent writes cannot pass a limit together. PostgreSQL: a row lock on the company.
 * SQLite: Kysely runs one transaction at a time on its single connection, and the store is used by
 * one process (docs/architecture.md, "Data"), so nothing else writes meanwhile.
 */
export async function lockCompany(trx: Db, dialect: Dialect, companyId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
}
