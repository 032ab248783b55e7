import { FOOTER_CITIES, cityPagePath } from '../../core/cities.ts';
import { PageLink } from './PageLink.tsx';

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
            {FOOTER_CITIES.map(({ city, state }) => (
              <li key={`${city}-${state}`}>
                <PageLink to={cityPagePath(city, state)}>{`${city}, ${state}`}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-note">{`© ${productName}. Carrier records from public FMCSA data.`}</p>
      </div>
    </footer>
  );
}
