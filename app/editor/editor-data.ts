import { api } from '../lib/api-client.ts';
import { settle } from '../lib/settle.ts';
import type { SessionUser } from '../../core/contracts/auth.ts';
import type { CarrierPanels } from '../blocks/types.ts';

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

/**
 * The previews' panels with what the public page leaves out, read with the owner's session: the
 * server's loader sends only what the public profile shows, so the board and the rating details of a
 * block that is hidden or not yet added are read here (the public board's call, and the owner's
 * rating details), the owner being free to add or show that block.
 */
export async function withOwnerPanels(panels: CarrierPanels): Promise<CarrierPanels> {
  const [capacity, ratings] = await Promise.all([
    panels.capacity.status === 'unavailable'
      ? settle(() => api.capacity.publicBoard({ params: { dotNumber: panels.dotNumber } }))
      : panels.capacity,
    panels.ratings.status === 'unavailable' ? settle(() => api.ratings.ownDetails()) : panels.ratings,
  ]);
  return { ...panels, capacity, ratings };
}
