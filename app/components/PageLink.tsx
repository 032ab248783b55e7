import type { ComponentProps } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isActivePath } from '../lib/header-links.ts';
import { useHydratedPage } from '../lib/hydrated-page.tsx';

type PageLinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** An absolute path of this site (with its query, if any), already URL-encoded. */
  to: string;
};

/**
 * A link to a page of the site. On a hydrated page it is React Router's Link (client-side
 * navigation); on a public page, which React never hydrates, the same anchor without Link's route
 * resolution and click handler, which cost rendering time there and would do nothing.
 */
export function PageLink({ to, ...props }: PageLinkProps) {
  const hydrated = useHydratedPage();
  return hydrated ? <Link to={to} {...props} /> : <a href={to} {...props} />;
}

/**
 * A header link that marks the current page (or a page under it) as NavLink does: the `active`
 * class and `aria-current="page"`. On a public page a plain anchor, as PageLink.
 */
export function PageNavLink({ to, ...props }: Omit<PageLinkProps, 'className'>) {
  const hydrated = useHydratedPage();
  const { pathname } = useLocation();
  if (hydrated) return <NavLink to={to} {...props} />;
  const active = isActivePath(to, pathname);
  return (
    <a href={to} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined} {...props} />
  );
}
