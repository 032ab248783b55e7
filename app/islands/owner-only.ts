import { currentSessionUser } from '../lib/session.ts';

/**
 * Shows a profile's owner-only parts (rendered hidden by app/blocks/OwnerOnly.tsx: the edit banner,
 * 'Add your first content block', the capacity note) when the stored session's DOT number is the
 * profile's (spec: public-side section 6, Owner).
 */
export function revealOwnerOnly(): void {
  const profile = document.querySelector<HTMLElement>('[data-dot-number]');
  const user = currentSessionUser();
  if (!profile || !user || String(user.dotNumber) !== profile.dataset.dotNumber) return;
  for (const element of profile.querySelectorAll<HTMLElement>('[data-owner-only]')) element.hidden = false;
}
