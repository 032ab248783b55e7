import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';

export interface CompanyUser {
  id: number;
  email: string;
  is_admin: boolean;
  is_active: boolean;
  company_id: number;
}

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
export function createUsersService(db: Db, clock: () => Date) {
  async function findInCompany(companyId: number, userId: number) {
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    // Another company's user is reported exactly like a missing one.
    if (!row) throw new HttpError(404, 'User not found');
    return row;
  }

  async function ensureUniqueEmail(companyId: number, email: string, exceptUserId?: number) {
    let query = db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('email', '=', email);
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    if (await query.executeTakeFirst()) throw new HttpError(409, 'A user with this email already exists');
  }

  return {
    /** The active user of a session, with the company's DOT number; null when deactivated or gone. */
    async activeUser(companyId: number, userId: number) {
      return db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select(['users.id', 'users.email', 'users.is_admin', 'companies.dot_number'])
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

    async update(
      companyId: number,
      actingUserId: number,
      userId: number,
      changes: { email?: string; is_admin?: boolean; is_active?: boolean },
    ): Promise<CompanyUser> {
      if (userId === actingUserId) throw new HttpError(403, 'You cannot change your own user');
      await findInCompany(companyId, userId);
      if (changes.email !== undefined) await ensureUniqueEmail(companyId, changes.email, userId);
      const row = await db
        .updateTable('users')
        .set({
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.is_admin !== undefined ? { is_admin: changes.is_admin ? 1 : 0 } : {}),
          ...(changes.is_active !== undefined ? { is_active: changes.is_active ? 1 : 0 } : {}),
          updated_at: clock().toISOString(),
        })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCompanyUser(row);
    },

    async remove(companyId: number, actingUserId: number, userId: number): Promise<void> {
      if (userId === actingUserId) throw new HttpError(403, 'You cannot delete your own user');
      await findInCompany(companyId, userId);
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
