import type { SessionUser } from '../../core/contracts/auth.ts';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * The site header's links for a visitor or a logged-in user (spec: public-side "Header and footer"):
 * `main` for the wide header, `mobile` for the phone menu, which adds View Profile. Both the React
 * header (hydrated owner pages) and the header island (public pages, app/islands/header.ts) render
 * these, so the two cannot disagree.
 */
export function headerLinks(user: SessionUser | null): { main: NavItem[]; mobile: NavItem[] } {
  const common: NavItem[] = [
    { to: '/search', label: 'Search Profiles' },
    { to: '/resources', label: 'Resources' },
    // The watchers' pages (issue 54): the account page sends a visitor to sign in first.
    { to: '/account', label: 'Watchlists' },
  ];
  const sessionLinks: NavItem[] = user
    ? [
        { to: '/request-rating', label: 'Request Rating' },
        { to: `/profile/${user.dotNumber}/edit`, label: 'Edit Profile' },
        { to: '/settings', label: 'Settings' },
      ]
    : [
        { to: '/how-it-works', label: 'How It Works' },
        { to: '/login', label: 'Login' },
      ];
  const mobileExtra: NavItem[] = user ? [{ to: `/profile/${user.dotNumber}`, label: 'View Profile' }] : [];
  return { main: [...common, ...sessionLinks], mobile: [...common, ...mobileExtra, ...sessionLinks] };
}

/**
 * Whether a link is the current page or one of its sub-pages, as React Router's NavLink decides
 * (paths compared without regard to case, as routes match).
 */
export function isActivePath(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}
