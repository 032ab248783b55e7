import type { Kysely, Migration } from 'kysely';

/**
 * Issue 16 (docs/decisions/024-honest-dated-carrier-data.md): the census's hazmat and passenger-carrier
 * flags (0/1, null until a census that carries them is imported).
 */
export const honestDatedCarrierData: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('companies').addColumn('hm_flag', 'integer').execute();
    await db.schema.alterTable('companies').addColumn('pc_flag', 'integer').execute();
  },
};
