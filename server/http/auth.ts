import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import type { SessionUser } from '../../core/contracts/auth.ts';
import { DomainError } from '../../core/errors.ts';
import type { WatcherCaller } from '../domains/watchers/accounts.ts';

export type { SessionUser, WatcherCaller };

/**
 * Who may call a route, declared per route: any signed-in user of a company, or its admins only; a
 * watcher with a session or an API key ('watcher'), or with a session only ('watcher-session': the
 * account's own keys and its deletion are not for keys).
 */
export type RouteAuth = 'session' | 'admin' | 'watcher' | 'watcher-session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a session (401 without one) or an admin's session (403 for other users). */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The caller's session, on routes that declare `config.auth`; reading it elsewhere is a bug and throws. */
    readonly session: SessionUser;
    /** The watcher calling, on routes that declare `config.auth: 'watcher'` or 'watcher-session'. */
    readonly watcher: WatcherCaller;
  }
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
export async function authenticate(request: FastifyRequest, services: Services): Promise<SessionUser> {
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

const sessions = new WeakMap<FastifyRequest, SessionUser>();
const watchers = new WeakMap<FastifyRequest, WatcherCaller>();

/** The watcher of a request's bearer credential (a watcher session or an API key), else 401. */
async function authenticateWatcher(
  request: FastifyRequest,
  services: Services,
  auth: 'watcher' | 'watcher-session',
): Promise<WatcherCaller> {
  const token = bearerToken(request);
  if (!token) {
    throw new DomainError('unauthenticated', 'Sign in, or send an API key as Authorization: Bearer <key>');
  }
  const caller = await services.watcherAccounts.authenticate(token);
  if (!caller) throw new DomainError('unauthenticated', 'Session or API key expired, revoked or invalid');
  if (auth === 'watcher-session' && caller.via !== 'session') {
    throw new DomainError('forbidden', 'This needs a signed-in session on the account page, not an API key');
  }
  return caller;
}

/**
 * Authentication for a scope, in one hook: a route that declares `config: { auth }` gets
 * `request.session` or is refused before its handler runs. The hook runs at preValidation: after the
 * body is parsed and before the route's schema checks the input, so a caller without a session is
 * told 401 before being told what is wrong with the input, as when each handler checked first.
 */
export function registerAuthentication(app: FastifyInstance, services: Services): void {
  app.decorateRequest('session', {
    getter(this: FastifyRequest): SessionUser {
      const session = sessions.get(this);
      if (!session)
        throw new Error(`request.session read on ${this.url}, whose route declares no config.auth`);
      return session;
    },
  });
  app.decorateRequest('watcher', {
    getter(this: FastifyRequest): WatcherCaller {
      const caller = watchers.get(this);
      if (!caller) throw new Error(`request.watcher read on ${this.url}, whose route is not for watchers`);
      return caller;
    },
  });
  app.addHook('preValidation', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (!auth) return;
    if (auth === 'watcher' || auth === 'watcher-session') {
      watchers.set(request, await authenticateWatcher(request, services, auth));
      return;
    }
    const session = await authenticate(request, services);
    if (auth === 'admin' && !session.isAdmin) {
      throw new DomainError('forbidden', 'Only company admins can manage users');
    }
    sessions.set(request, session);
  });
}
