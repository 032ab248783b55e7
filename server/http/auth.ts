import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { DomainError } from '../../core/errors.ts';

export interface SessionUser {
  companyId: number;
  dotNumber: number;
  userId: number;
  email: string;
  isAdmin: boolean;
}

/** The bearer token of a request's Authorization header, if it has one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

/**
 * The caller's session from the bearer token, checked against the database on every request: a
 * token of a deactivated or deleted user, a token issued before the user's e-mail, role or status
 * changed, and a logged-out token are refused at once (401), whatever its expiry says.
 */
export async function requireSession(request: FastifyRequest, services: Services): Promise<SessionUser> {
  const token = bearerToken(request);
  if (!token) throw new DomainError('unauthenticated', 'Not authenticated');
  const user = await services.sessions.authenticate(token);
  if (!user) throw new DomainError('unauthenticated', 'Session expired or invalid');
  return {
    companyId: user.companyId,
    dotNumber: user.dot_number,
    userId: user.id,
    email: user.email,
    isAdmin: user.is_admin === 1,
  };
}

/** Admins of the caller's company only (403 otherwise). */
export async function requireAdmin(request: FastifyRequest, services: Services): Promise<SessionUser> {
  const session = await requireSession(request, services);
  if (!session.isAdmin) throw new DomainError('forbidden', 'Only company admins can manage users');
  return session;
}
