import type { FastifyInstance } from 'fastify';
import { authContracts } from '../../../core/contracts/auth.ts';
import { bearerToken } from '../../http/auth.ts';
import { mailRateLimit } from '../../http/security.ts';
import { typedRoutes } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** Magic-link endpoints are limited harder than the rest of the API: per client, 10 an hour. */
const LINK_RATE_LIMIT = { rateLimit: mailRateLimit(10) };

export async function authRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const routes = typedRoutes(app);
  const { claimProfile, userLogin, verifyClaim, verifyLogin, verifyUserLogin, logout } = authContracts;

  routes.route({
    method: claimProfile.method,
    url: claimProfile.path,
    schema: claimProfile.schema,
    config: LINK_RATE_LIMIT,
    handler: async (request) => services.auth.claimProfile(request.params.dotNumber),
  });

  routes.route({
    method: userLogin.method,
    url: userLogin.path,
    schema: userLogin.schema,
    config: LINK_RATE_LIMIT,
    handler: async (request) => services.auth.requestLogin(request.body.email),
  });

  routes.route({
    method: verifyClaim.method,
    url: verifyClaim.path,
    schema: verifyClaim.schema,
    handler: async (request) => services.auth.verifyClaim(request.params.token),
  });

  routes.route({
    method: verifyLogin.method,
    url: verifyLogin.path,
    schema: verifyLogin.schema,
    handler: async (request) => services.auth.verifyLogin('login', request.params.token),
  });

  routes.route({
    method: verifyUserLogin.method,
    url: verifyUserLogin.path,
    schema: verifyUserLogin.schema,
    handler: async (request) => services.auth.verifyLogin('user_login', request.params.token),
  });

  /**
   * Ends the bearer token's session on the server: the token is refused from now on. Answers 204
   * whatever the token, so a browser that logs out with an expired or already revoked token (or
   * none) sees the same success; the browser forgets its token either way.
   */
  routes.route({
    method: logout.method,
    url: logout.path,
    schema: logout.schema,
    handler: async (request, reply) => {
      await services.auth.logout(bearerToken(request));
      return reply.status(204).send();
    },
  });
}
