import type { TestApp } from './test-app.ts';

/**
 * Makes an active user of a company (an admin unless told otherwise) and signs a session for it, as
 * a verified login would.
 */
export async function signInOwner(
  app: TestApp,
  company: { id: number; dot_number: number },
  email: string,
  { isAdmin = true }: { isAdmin?: boolean } = {},
): Promise<string> {
  const now = new Date().toISOString();
  const user = await app.database.db
    .insertInto('users')
    .values({
      company_id: company.id,
      email,
      is_admin: isAdmin ? 1 : 0,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return app.services.sessions.sign({
    sub: String(company.id),
    dot: String(company.dot_number),
    user_id: user.id,
    is_admin: isAdmin,
    email,
  });
}

/** signInOwner for the company with a DOT number. */
export async function signInOwnerOf(app: TestApp, dotNumber: number, email: string): Promise<string> {
  const company = await app.database.db
    .selectFrom('companies')
    .select(['id', 'dot_number'])
    .where('dot_number', '=', dotNumber)
    .executeTakeFirstOrThrow();
  return signInOwner(app, company, email);
}
