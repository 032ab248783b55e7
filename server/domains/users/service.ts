import type { Db } from '../../db/database.ts';
import type { Flag } from '../../db/schema.ts';
import type { CompanyUser } from '../../../core/contracts/users.ts';
import { DomainError } from '../../../core/errors.ts';
import type { LoginTokens } from '../auth/tokens.ts';

function toCompanyUser(row: {
  id: number;
  email: string;
  is_admin: number;
  is_active: number;
  company_id: number;
}): CompanyUser {
  return {
    id: row.id,
    email: row.email,
    is_admin: row.is_admin === 1,
    is_active: row.is_active === 1,
    company_id: row.company_id,
  };
}

/**
 * A company's users, managed by its admins; every method is scoped to the caller's company. An admin
 * cannot change or delete their own row, so a company always keeps an active admin: removing or
 * demoting one takes another active admin.
 */
export function createUsersService(
  db: Db,
  clock: () => Date,
  loginTokens: Pick<LoginTokens, 'discardUnused'>,
) {
  async function findInCompany(companyId: number, userId: number) {
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    // Another company's user is reported exactly like a missing one.
    if (!row) throw new DomainError('not_found', 'User not found');
    return row;
  }

  async function ensureUniqueEmail(companyId: number, email: string, exceptUserId?: number) {
    let query = db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('email', '=', email);
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    if (await query.executeTakeFirst())
      throw new DomainError('conflict', 'A user with this email already exists');
  }

  return {
    /** The active user of a session, with the company's DOT number; null when deactivated or gone. */
    async activeUser(companyId: number, userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select([
          'users.id',
          'users.email',
          'users.is_admin',
          'users.session_version',
          'companies.dot_number',
        ])
        .where('users.id', '=', userId)
        .where('users.company_id', '=', companyId)
        .where('users.is_active', '=', 1)
        .executeTakeFirst();
    },

    async list(companyId: number): Promise<CompanyUser[]> {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute();
      return rows.map(toCompanyUser);
    },

    async create(companyId: number, values: { email: string; is_admin: boolean }): Promise<CompanyUser> {
      await ensureUniqueEmail(companyId, values.email);
      const now = clock().toISOString();
      const row = await db
        .insertInto('users')
        .values({
          company_id: companyId,
          email: values.email,
          is_admin: values.is_admin ? 1 : 0,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCompanyUser(row);
    },

    /**
     * Changes a user of the company. A change of e-mail, role or status raises the user's session
     * version, which ends every session issued before it (sessions.ts): deactivating and reactivating
     * a user does not bring an old token back. It also deletes the user's unused sign-in links, in the
     * same transaction, so a link sent to a former address dies with it.
     */
    async update(
      companyId: number,
      actingUserId: number,
      userId: number,
      changes: { email?: string; is_admin?: boolean; is_active?: boolean },
    ): Promise<CompanyUser> {
      if (userId === actingUserId) throw new DomainError('forbidden', 'You cannot change your own user');
      const current = await findInCompany(companyId, userId);
      if (changes.email !== undefined) await ensureUniqueEmail(companyId, changes.email, userId);
      const flag = (value: boolean | undefined): Flag | undefined =>
        value === undefined ? undefined : value ? 1 : 0;
      const values = {
        email: changes.email,
        is_admin: flag(changes.is_admin),
        is_active: flag(changes.is_active),
      };
      const endsSessions =
        (values.email !== undefined && values.email !== current.email) ||
        (values.is_admin !== undefined && values.is_admin !== current.is_admin) ||
        (values.is_active !== undefined && values.is_active !== current.is_active);
      const row = await db.transaction().execute(async (trx) => {
        if (endsSessions) await loginTokens.discardUnused(userId, trx);
        return trx
          .updateTable('users')
          .set((eb) => ({
            ...(values.email !== undefined ? { email: values.email } : {}),
            ...(values.is_admin !== undefined ? { is_admin: values.is_admin } : {}),
            ...(values.is_active !== undefined ? { is_active: values.is_active } : {}),
            ...(endsSessions ? { session_version: eb('session_version', '+', 1) } : {}),
            updated_at: clock().toISOString(),
          }))
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toCompanyUser(row);
    },

    async remove(companyId: number, actingUserId: number, userId: number): Promise<void> {
      if (userId === actingUserId) throw new DomainError('forbidden', 'You cannot delete your own user');
      await findInCompany(companyId, userId);
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
