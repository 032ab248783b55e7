import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../http/auth.ts';
import { mailRateLimit } from '../../http/security.ts';
import { DotNumberParams, emailAddress, parseInput } from '../../../core/input.ts';
import type { RouteOptions } from '../../services.ts';

const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'malformed token') });
const LoginBody = z.object({ email: emailAddress });

/** Magic-link endpoints are limited harder than the rest of the API: per client, 10 an hour. */
const LINK_RATE_LIMIT = { rateLimit: mailRateLimit(10) };

export async function authRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.post('/auth/claim-profile/:dotNumber', { config: LINK_RATE_LIMIT }, async (request) => {
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    return services.auth.claimProfile(dotNumber);
  });

  app.post('/auth/user-login', { config: LINK_RATE_LIMIT }, async (request) => {
    const { email } = parseInput(LoginBody, request.body);
    return services.auth.requestLogin(email);
  });

  app.get('/auth/verify-claim/:token', async (request) => {
    const { token } = parseInput(TokenParams, request.params);
    return services.auth.verifyClaim(token);
  });

  app.get('/auth/verify-login/:token', async (request) => {
    const { token } = parseInput(TokenParams, request.params);
    return services.auth.verifyLogin('login', token);
  });

  app.get('/auth/verify-user-login/:token', async (request) => {
    const { token } = parseInput(TokenParams, request.params);
    return services.auth.verifyLogin('user_login', token);
  });

  /**
   * Ends the bearer token's session on the server: the token is refused from now on. Answers 204
   * whatever the token, so a browser that logs out with an expired or already revoked token (or
   * none) sees the same success; the browser forgets its token either way.
   */
  app.post('/auth/logout', async (request, reply) => {
    await services.auth.logout(bearerToken(request));
    return reply.status(204).send();
  });
}
