import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { headerLinks, type NavItem } from '../lib/header-links.ts';
import { useSession } from '../lib/use-session.ts';
import { PageLink, PageNavLink } from './PageLink.tsx';
import { SearchBox } from './SearchBox.tsx';

/**
 * The site header: logo, search box and the links that depend on whether someone is logged in. The
 * server renders a visitor's links; on public pages, which are not hydrated, the header island
 * (app/islands/header.ts) shows a logged-in user's and runs the phone menu.
 */
export function SiteHeader({ productName }: { productName: string }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // Close the mobile menu whenever the visitor moves to another page.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const links = headerLinks(user);

  function handleLogout() {
    void logout();
    void navigate('/');
  }

  const renderLinks = (items: NavItem[]) =>
    items.map((item) => (
      <li key={item.to}>
        <PageNavLink to={item.to}>{item.label}</PageNavLink>
      </li>
    ));
  const logoutItem = user ? (
    <li>
      <button type="button" className="link-button" onClick={handleLogout}>
        Logout
      </button>
    </li>
  ) : null;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <PageLink to="/" className="site-logo">
          <span aria-hidden="true" className="site-logo__mark">
            CP
          </span>
          <span className="site-logo__text">{productName}</span>
        </PageLink>
        <SearchBox
          className="header-search"
          label="Search carriers"
          placeholder="Search carriers..."
          buttonText="Search"
        />
        <nav aria-label="Main" className="site-nav">
          <ul>
            {renderLinks(links.main)}
            {logoutItem}
          </ul>
        </nav>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="mobile-menu">
          <ul>
            {renderLinks(links.mobile)}
            {logoutItem}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
