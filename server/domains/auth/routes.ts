import type { FastifyInstance } from 'fastify';
import { authContracts } from '../../../core/contracts/auth.ts';
import { bearerToken } from '../../http/auth.ts';
import { mailRateLimit } from '../../http/security.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** Magic-link endpoints are limited harder than the rest of the API: per client, 10 an hour. */
const LINK_RATE_LIMIT = { rateLimit: mailRateLimit(10) };

export async function authRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { claimProfile, userLogin, verifyClaim, verifyLogin, verifyUserLogin, logout } = authContracts;

  contractRoute(app, claimProfile, {
    config: LINK_RATE_LIMIT,
    handler: async (request) => services.auth.claimProfile(request.params.dotNumber),
  });

  contractRoute(app, userLogin, {
    config: LINK_RATE_LIMIT,
    handler: async (request) => services.auth.requestLogin(request.body.email),
  });

  contractRoute(app, verifyClaim, {
    handler: async (request) => services.auth.verifyClaim(request.params.token),
  });

  contractRoute(app, verifyLogin, {
    handler: async (request) => services.auth.verifyLogin('login', request.params.token),
  });

  contractRoute(app, verifyUserLogin, {
    handler: async (request) => services.auth.verifyLogin('user_login', request.params.token),
  });

  /**
   * Ends the bearer token's session on the server: the token is refused from now on. Answers 204
   * whatever the token, so a browser that logs out with an expired or already revoked token (or
   * none) sees the same success; the browser forgets its token either way.
   */
  contractRoute(app, logout, {
    handler: async (request, reply) => {
      await services.auth.logout(bearerToken(request));
      return reply.status(204).send();
    },
  });
}
