import type { FastifyInstance } from 'fastify';
import { contactCheckLimitText } from '../../../core/contact-check.ts';
import { contactCheckContracts } from '../../../core/contracts/contact-check.ts';
import { DomainError } from '../../../core/errors.ts';
import type { ContactCheckLimit } from '../../http/contact-check-limit.ts';
import { contractRoute } from '../../http/contracts.ts';
import type { RouteOptions } from '../../services.ts';

/** The contact check's API: the page's answer, counted against the same per-client limit. */
export async function contactCheckRoutes(
  app: FastifyInstance,
  { services, limit }: RouteOptions & { limit: ContactCheckLimit },
): Promise<void> {
  contractRoute(app, contactCheckContracts.check, {
    handler: async (request) => {
      const wait = await limit(request);
      if (wait !== null) {
        throw new DomainError('rate_limited', contactCheckLimitText(wait), { retryAfterSeconds: wait });
      }
      return services.contactCheck.check(request.body);
    },
  });
}
