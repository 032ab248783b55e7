import type { TestApp } from './test-app.ts';

export type SessionClaims = Parameters<TestApp['services']['sessions']['sign']>[0];

/**
 * Makes an active user of a company (an admin unless told otherwise) and returns the claims a
 * verified login would sign for it. Tests whose clock moves sign them when they use them.
 */
export async function addCompanyUser(
  app: TestApp,
  company: { id: number; dot_number: number },
  email: string,
  { isAdmin = true }: { isAdmin?: boolean } = {},
): Promise<SessionClaims> {
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
    .returning(['id', 'session_version'])
    .executeTakeFirstOrThrow();
  return {
    sub: String(company.id),
    dot: String(company.dot_number),
    user_id: user.id,
    is_admin: isAdmin,
    email,
    session_version: user.session_version,
  };
}

/** Makes an active user of a company (addCompanyUser) and signs a session for it. */
export async function signInOwner(
  app: TestApp,
  company: { id: number; dot_number: number },
  email: string,
  options: { isAdmin?: boolean } = {},
): Promise<string> {
  return app.services.sessions.sign(await addCompanyUser(app, company, email, options));
}

/** The company with a DOT number, as signInOwner takes it. */
export async function companyOf(
  app: TestApp,
  dotNumber: number,
): Promise<{ id: number; dot_number: number }> {
  return app.database.db
    .selectFrom('companies')
    .select(['id', 'dot_number'])
    .where('dot_number', '=', dotNumber)
    .executeTakeFirstOrThrow();
}

/** signInOwner for the company with a DOT number. */
export async function signInOwnerOf(app: TestApp, dotNumber: number, email: string): Promise<string> {
  return signInOwner(app, await companyOf(app, dotNumber), email);
}
