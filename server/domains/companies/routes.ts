import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import { companyContracts, MAX_CSS_BYTES } from '../../../core/contracts/companies.ts';
import { searchContracts } from '../../../core/contracts/search.ts';
import { DomainError } from '../../../core/errors.ts';
import { authenticate } from '../../http/auth.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** The DOT number of the path, when it is the caller's own company (403 otherwise: never a change). */
function ownDotNumber(dotNumber: number, session: SessionUser): number {
  if (dotNumber !== session.dotNumber)
    throw new DomainError('forbidden', 'You can only edit your own profile');
  return dotNumber;
}

export async function companyRoutes(app: FastifyInstance, { services }: RouteOptions): Promise<void> {
  const { me, profile, customCss, saveCss } = companyContracts;
  const { supersearch } = searchContracts;

  contractRoute(app, supersearch, {
    handler: async (request) => services.search.supersearchValidated(request.query),
  });

  contractRoute(app, me, {
    config: { auth: 'session' },
    handler: async (request) => {
      const company = await services.profiles.ownCompany(request.session.dotNumber);
      if (!company) throw new DomainError('not_found', 'Company not found');
      return company;
    },
  });

  // The spec's profile call. Anyone gets the public profile, without hidden blocks; the editor asks
  // with include_hidden=true for every block, which needs a session of this company (401/403).
  contractRoute(app, profile, {
    handler: async (request, reply) => {
      const { dotNumber } = request.params;
      if (request.query.include_hidden === 'true') {
        // Only this query needs a session, so the route cannot declare it: it is checked here.
        const session = await authenticate(request, services);
        const found = await services.profiles.ownerProfile(ownDotNumber(dotNumber, session));
        if (!found) throw new DomainError('not_found', 'Company not found');
        return reply.header('Cache-Control', 'private, no-store').send(found);
      }
      const found = await services.profiles.profile(dotNumber);
      if (!found) throw new DomainError('not_found', 'Company not found');
      return found;
    },
  });

  // The style editor's own CSS: the owner's text, what the public page gets, and what was dropped.
  contractRoute(app, customCss, {
    config: { auth: 'session' },
    handler: async (request) => {
      const css = await services.profiles.customCss(ownDotNumber(request.params.dotNumber, request.session));
      if (!css) throw new DomainError('not_found', 'Company not found');
      return css;
    },
  });

  contractRoute(app, saveCss, {
    config: { auth: 'session' },
    handler: async (request) => {
      const dotNumber = ownDotNumber(request.params.dotNumber, request.session);
      const { css } = request.body;
      if (Buffer.byteLength(css, 'utf8') > MAX_CSS_BYTES) {
        throw new DomainError('too_large', `Custom CSS may be at most 100 KB (${MAX_CSS_BYTES} bytes)`);
      }
      const saved = await services.profiles.saveCss(dotNumber, css);
      if (!saved) throw new DomainError('not_found', 'Company not found');
      return saved;
    },
  });
}
