import type { ReactNode } from 'react';

/**
 * Whether the viewer owns the profile: known in the editor's previews (true or false); 'unknown' on
 * the public profile, which the server renders alike for everyone because the session lives in the
 * browser (app/lib/session.ts) and the page is not hydrated.
 */
export type OwnerView = boolean | 'unknown';

/**
 * What only the profile's owner sees (spec: the edit banner, edit links, the capacity note). When the
 * server cannot know, it renders the content hidden, and the profile island (app/islands/owner-only.ts)
 * shows it when the stored session's DOT number is the profile's.
 */
export function OwnerOnly({ isOwner, children }: { isOwner: OwnerView; children: ReactNode }) {
  if (isOwner === 'unknown') {
    return (
      <div hidden data-owner-only="">
        {children}
      </div>
    );
  }
  return isOwner ? children : null;
}
