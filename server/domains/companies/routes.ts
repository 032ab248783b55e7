import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../core/errors.ts';
import { DotNumberParams, parseInput } from '../../../core/input.ts';
import { authenticate, type SessionUser } from '../../http/auth.ts';
import type { RouteOptions } from '../../services.ts';
import { MAX_CSS_BYTES } from './profile-service.ts';

const CssBody = z.object({ css: z.string() }).strict();
/** `include_hidden=true`: the owner's view with hidden blocks, for the editor; other parameters are ignored. */
const ProfileQuery = z.object({
  include_hidden: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** The DOT number of the path, when it is the caller's own company (403 otherwise: never a change). */
function ownDotNumber(request: FastifyRequest, session: SessionUser): number {
  const { dotNumber } = parseInput(DotNumberParams, request.params);
  if (dotNumber !== session.dotNumber)
    throw new DomainError('forbidden', 'You can only edit your own profile');
  return dotNumber;
}

export async function companyRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  app.get('/companies/supersearch', async (request) => services.search.supersearchQuery(request.query));

  app.get('/companies/me', { config: { auth: 'session' } }, async (request) => {
    const { session } = request;
    const company = await services.profiles.ownCompany(session.dotNumber);
    if (!company) throw new DomainError('not_found', 'Company not found');
    return company;
  });

  // The spec's profile call. Anyone gets the public profile, without hidden blocks; the editor asks
  // with include_hidden=true for every block, which needs a session of this company (401/403).
  app.get('/companies/profile/:dotNumber', async (request, reply) => {
    const { include_hidden: includeHidden } = parseInput(ProfileQuery, request.query);
    if (includeHidden === 'true') {
      // Only this query needs a session, so the route cannot declare it: it is checked here.
      const session = await authenticate(request, services);
      const profile = await services.profiles.ownerProfile(ownDotNumber(request, session));
      if (!profile) throw new DomainError('not_found', 'Company not found');
      return reply.header('Cache-Control', 'private, no-store').send(profile);
    }
    const { dotNumber } = parseInput(DotNumberParams, request.params);
    const profile = await services.profiles.profile(dotNumber);
    if (!profile) throw new DomainError('not_found', 'Company not found');
    return profile;
  });

  // The style editor's own CSS: the owner's text, what the public page gets, and what was dropped.
  app.get('/companies/profile/:dotNumber/css', { config: { auth: 'session' } }, async (request) => {
    const css = await services.profiles.customCss(ownDotNumber(request, request.session));
    if (!css) throw new DomainError('not_found', 'Company not found');
    return css;
  });

  app.put('/companies/profile/:dotNumber/css', { config: { auth: 'session' } }, async (request) => {
    const dotNumber = ownDotNumber(request, request.session);
    const { css } = parseInput(CssBody, request.body);
    if (Buffer.byteLength(css, 'utf8') > MAX_CSS_BYTES) {
      throw new DomainError('too_large', `Custom CSS may be at most 100 KB (${MAX_CSS_BYTES} bytes)`);
    }
    const saved = await services.profiles.saveCss(dotNumber, css);
    if (!saved) throw new DomainError('not_found', 'Company not found');
    return saved;
  });
}
