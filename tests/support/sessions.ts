import type { TestApp } from './test-app.ts';

/** Makes an active admin user for a company and signs a session for it, as a verified login would. */
export async function signInOwner(
  app: TestApp,
  company: { id: number; dot_number: number },
  email: string,
): Promise<string> {
  const now = new Date().toISOString();
  const user = await app.database.db
    .insertInto('users')
    .values({ company_id: company.id, email, is_admin: 1, is_active: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return app.services.sessions.sign({
    sub: String(company.id),
    dot: String(company.dot_number),
    user_id: user.id,
    is_admin: true,
    email,
  });
}
