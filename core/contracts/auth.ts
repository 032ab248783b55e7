// Sign-in: claiming a profile, magic-link login, verifying a link, logging out (owner-side section 4).
import { z } from 'zod';
import { DotNumberParams, emailAddress } from '../input.ts';
import { DetailBody, NoContent, route } from './route.ts';

export const TokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'malformed token'),
});
export const LoginBody = z.object({ email: emailAddress });

/** A verified link's answer: the bearer token the browser keeps. */
export const SessionTokenBody = z.object({ access_token: z.string() });

/**
 * Who is calling: the one session shape. The server reads it from a verified bearer token against the
 * database (server/http/auth.ts, `request.session`); the browser decodes it from the same token's
 * claims without verifying them (app/lib/session.ts), where a number the token lacks reads 0, an id no
 * company, user or carrier has.
 */
export const SessionUser = z.object({
  companyId: z.number(),
  dotNumber: z.number(),
  userId: z.number(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const authContracts = {
  claimProfile: route(
    'POST',
    'api',
    '/auth/claim-profile/:dotNumber',
    { params: DotNumberParams },
    {
      200: DetailBody.extend({ email: z.string() }),
    },
  ),
  userLogin: route('POST', 'api', '/auth/user-login', { body: LoginBody }, { 200: DetailBody }),
  verifyClaim: route(
    'GET',
    'api',
    '/auth/verify-claim/:token',
    { params: TokenParams },
    { 200: SessionTokenBody },
  ),
  verifyLogin: route(
    'GET',
    'api',
    '/auth/verify-login/:token',
    { params: TokenParams },
    { 200: SessionTokenBody },
  ),
  verifyUserLogin: route(
    'GET',
    'api',
    '/auth/verify-user-login/:token',
    { params: TokenParams },
    { 200: SessionTokenBody },
  ),
  /** Answers 204 whatever the token: the browser forgets its token either way. */
  logout: route('POST', 'api', '/auth/logout', {}, { 204: NoContent }),
};
