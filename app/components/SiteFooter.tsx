import { Link } from 'react-router';
import { FOOTER_CITIES, cityPagePath } from '../../core/cities.ts';

export function SiteFooter({ productName }: { productName: string }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Footer" className="footer-links">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <a href="#top">Back to Top</a>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Trucking companies by city" className="footer-cities">
          <h2>Trucking Companies by City</h2>
          <ul>
            {FOOTER_CITIES.map(({ city, state }) => (
              <li key={`${city}-${state}`}>
                <Link to={cityPagePath(city, state)}>
                  {city}, {state}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer-note">© {productName}. Carrier records from public FMCSA data.</p>
      </div>
    </footer>
  );
}
