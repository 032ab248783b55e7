import { api } from '../lib/api-client.ts';
import { settle } from '../lib/settle.ts';
import type { SessionUser } from '../../core/contracts/auth.ts';

/** Only the carrier's own users edit its profile (owner-side section 6); a bad DOT number is nobody's. */
export function ownsProfile(user: Pick<SessionUser, 'dotNumber'> | null, dotNumber: number): boolean {
  return user !== null && dotNumber > 0 && user.dotNumber === dotNumber;
}

/**
 * What the editor reads with the owner's session, in the browser: the profile with its hidden blocks
 * (the one read of the profile; the server's loader sends only the public previews), the owner's
 * capacity entries and custom CSS as written.
 */
export async function loadOwnerData(dotNumber: number) {
  const [profile, capacity, customCss] = await Promise.all([
    settle(() => api.companies.profile({ params: { dotNumber }, query: { include_hidden: 'true' } })),
    settle(() => api.capacity.list()),
    settle(() => api.companies.customCss({ params: { dotNumber } })),
  ]);
  return { profile, capacity, customCss };
}
