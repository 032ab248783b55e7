import { GridDemo } from '../../components/GridDemo.tsx';
import { PageLink } from '../../components/PageLink.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { PRODUCT_NAME, pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/home-island.ts?worker&url';
import type { Route } from './+types/home.ts';

export const handle: IslandHandle = { island };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Trucking Carrier Profiles'),
    description: `${PRODUCT_NAME}: look up any US trucking carrier by DOT number, read FMCSA safety data, and claim and customise your own carrier profile.`,
  });

const FEATURES = [
  {
    title: 'Claim Your Profile',
    text: 'Every carrier with a USDOT number already has a page built from FMCSA records. Prove you control the e-mail on your record and the page is yours.',
  },
  {
    title: 'Customize Your Page',
    text: 'Arrange content blocks on a four-column grid with the grid editor, then give the page your colours and fonts with the style editor.',
  },
  {
    title: 'Stay Up to Date',
    text: 'Post available capacity, show your equipment and services, and tell your history so shippers and brokers see what you can haul today.',
  },
];

/**
 * The DOT lookup. Without JavaScript it searches for the number (the exact DOT number comes first);
 * the home island (app/islands/dot-lookup.ts) looks the profile up and opens it, or says why not.
 */
function DotLookup() {
  return (
    <form className="card" action="/search" method="get" noValidate data-dot-lookup="">
      <h2>Find a Carrier Profile</h2>
      <div className="form-field">
        <label htmlFor="dot-number">DOT number</label>
        <div className="inline-form">
          <input id="dot-number" name="q" inputMode="numeric" placeholder="12345" />
          <button type="submit" className="button button--primary">
            View Profile
          </button>
        </div>
      </div>
    </form>
  );
}

export default function Home() {
  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <div>
            <h1>Customize Your Carrier Profile and Online Presence</h1>
            <p className="lead">
              {PRODUCT_NAME} is the public directory of US trucking carriers. Shippers and brokers find
              carriers by DOT number, name, state or city; carriers claim their page and make it their own.
            </p>
            <GridDemo />
          </div>
          <div>
            <DotLookup />
            <div className="card" style={{ marginTop: '1rem' }}>
              <h2>Super Search</h2>
              <p className="muted">Search by company name, e-mail, website or other information.</p>
              <SearchBox
                className="inline-form"
                label="Super Search"
                placeholder="Company name, DOT, MC, etc..."
                buttonText="Search"
              />
            </div>
            <div className="card" style={{ marginTop: '1rem' }}>
              <h2>Check an Offer</h2>
              <p className="muted">
                Paste the phone number, e-mail address, MC or DOT number from a load offer to see which
                carrier&apos;s FMCSA record holds it.
              </p>
              <PageLink to="/check" className="button button--secondary">
                Contact Check
              </PageLink>
            </div>
          </div>
        </div>
      </section>
      <section className="page">
        <h2 className="visually-hidden">Features</h2>
        <div className="card-grid">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
