import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { HttpError } from './errors.ts';

export interface SessionUser {
  companyId: number;
  dotNumber: number;
  userId: number;
  email: string;
  isAdmin: boolean;
}

/**
 * The caller's session from the bearer token, checked against the database on every request: a
 * token of a deactivated or deleted user is refused at once (401), whatever its expiry says.
 */
export async function requireSession(request: FastifyRequest, services: Services): Promise<SessionUser> {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new HttpError(401, 'Not authenticated');
  const claims = await services.sessions.verify(token);
  const companyId = claims ? Number.parseInt(claims.sub, 10) : NaN;
  if (!claims || !Number.isInteger(companyId)) throw new HttpError(401, 'Session expired or invalid');
  const user = await services.users.activeUser(companyId, claims.user_id);
  if (!user) throw new HttpError(401, 'Session expired or invalid');
  return {
    companyId,
    dotNumber: user.dot_number,
    userId: user.id,
    email: user.email,
    isAdmin: user.is_admin === 1,
  };
}

/** Admins of the caller's company only (403 otherwise). */
export async function requireAdmin(request: FastifyRequest, services: Services): Promise<SessionUser> {
  const session = await requireSession(request, services);
  if (!session.isAdmin) throw new HttpError(403, 'Only company admins can manage users');
  return session;
}
