import { FOOTER_CITIES, cityPagePath } from '../../core/cities.ts';
import { PageLink } from './PageLink.tsx';

/** The city links, the same on every page: worked out once. */
const CITY_LINKS = FOOTER_CITIES.map(({ city, state }) => ({
  to: cityPagePath(city, state),
  text: `${city}, ${state}`,
}));

export function SiteFooter({ productName }: { productName: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Footer" className="footer-links">
          <ul>
            <li>
              <PageLink to="/">Home</PageLink>
            </li>
            <li>
              <a href="#top">Back to Top</a>
            </li>
            <li>
              <PageLink to="/privacy-policy">Privacy Policy</PageLink>
            </li>
            <li>
              <PageLink to="/terms-of-service">Terms</PageLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Trucking companies by city" className="footer-cities">
          <h2>Trucking Companies by City</h2>
          <ul>
            {CITY_LINKS.map(({ to, text }) => (
              <li key={to}>
                <PageLink to={to}>{text}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-note">{`© ${productName}. Carrier records from public FMCSA data.`}</p>
      </div>
    </footer>
  );
}
