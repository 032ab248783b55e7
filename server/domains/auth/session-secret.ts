import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';

const SESSION_SECRET_NAME = 'session';

/**
 * The secret sessions are signed with: the configured one (JWT_SECRET, or SQLite's DATA_DIR/jwt-secret),
 * else the one the database keeps for the whole deployment. The first instance to start stores a new
 * one; instances starting at the same moment each try to insert, the database keeps the first, and
 * every instance reads back that one. Never logged.
 */
export async function resolveSessionSecret(config: Pick<AppConfig, 'jwtSecret'>, db: Db): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await db
    .insertInto('deployment_secrets')
    .values({
      name: SESSION_SECRET_NAME,
      value: randomBytes(48).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('deployment_secrets')
    .select('value')
    .where('name', '=', SESSION_SECRET_NAME)
    .executeTakeFirstOrThrow();
  return stored.value;
}
