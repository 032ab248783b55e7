import { headerLinks, isActivePath, type NavItem } from '../lib/header-links.ts';
import { currentSessionUser, logout, subscribeToSession } from '../lib/session.ts';
import { h } from './dom.ts';

function link(item: NavItem): HTMLAnchorElement {
  // As React Router's NavLink marks the current page.
  const active = isActivePath(item.to, window.location.pathname);
  return h(
    'a',
    { href: item.to, ...(active ? { class: 'active', 'aria-current': 'page' } : {}) },
    item.label,
  );
}

function logoutButton(): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'link-button' }, 'Logout');
  // The next page is a new document: the server is told before this one goes.
  button.addEventListener('click', () => void logout().then(() => window.location.assign('/')));
  return button;
}

/**
 * The site header of a public page (app/components/SiteHeader.tsx rendered it for a visitor): a
 * logged-in user's links and Logout from the stored session, kept current when another tab logs in
 * or out, and the phone menu behind the Menu button.
 */
export function enhanceHeader(): void {
  // A claimed profile has no site header.
  const header = document.querySelector<HTMLElement>('.site-header');
  const mainList = header?.querySelector('.site-nav ul');
  const toggle = header?.querySelector<HTMLButtonElement>('.menu-toggle');
  if (!header || !mainList || !toggle) return;
  let menu: HTMLElement | null = null;

  function items(list: NavItem[], loggedIn: boolean): HTMLLIElement[] {
    const entries = list.map((item) => h('li', {}, link(item)));
    return loggedIn ? [...entries, h('li', {}, logoutButton())] : entries;
  }

  function render(): void {
    const user = currentSessionUser();
    const links = headerLinks(user);
    mainList!.replaceChildren(...items(links.main, user !== null));
    menu?.querySelector('ul')?.replaceChildren(...items(links.mobile, user !== null));
  }

  toggle.addEventListener('click', () => {
    if (menu) {
      menu.remove();
      menu = null;
    } else {
      menu = h('nav', { id: 'mobile-menu', 'aria-label': 'Mobile', class: 'mobile-menu' }, h('ul'));
      header.append(menu);
      render();
    }
    toggle.setAttribute('aria-expanded', String(menu !== null));
    toggle.textContent = menu ? 'Close menu' : 'Menu';
  });
  // The server rendered a visitor's links; only a session changes them.
  if (currentSessionUser()) render();
  subscribeToSession(render);
}
