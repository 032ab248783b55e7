import { describe, expect, it } from 'vitest';
import { headerLinks, isActivePath } from './header-links.ts';

describe('the header links', () => {
  it('offers a visitor How It Works and Login', () => {
    const { main, mobile } = headerLinks(null);
    expect(main.map((item) => item.label)).toEqual([
      'Search Profiles',
      'Resources',
      'Watchlists',
      'How It Works',
      'Login',
    ]);
    expect(mobile).toEqual(main);
  });

  it('offers a logged-in user their pages, and the phone menu their profile', () => {
    const user = { companyId: 4, dotNumber: 880001, userId: 7, email: 'o@example.com', isAdmin: false };
    const { main, mobile } = headerLinks(user);
    expect(main.map((item) => item.to)).toEqual([
      '/search',
      '/resources',
      '/account',
      '/request-rating',
      '/profile/880001/edit',
      '/settings',
    ]);
    expect(mobile.map((item) => item.label)).toEqual([
      'Search Profiles',
      'Resources',
      'Watchlists',
      'View Profile',
      'Request Rating',
      'Edit Profile',
      'Settings',
    ]);
  });

  it('marks a link active on its page and the pages under it, as NavLink does', () => {
    expect(isActivePath('/resources', '/resources')).toBe(true);
    expect(isActivePath('/resources', '/resources/grid-layout')).toBe(true);
    expect(isActivePath('/resources', '/resourcesx')).toBe(false);
    expect(isActivePath('/search', '/')).toBe(false);
    expect(isActivePath('/resources', '/Resources/Grid-Layout')).toBe(true);
  });
});
