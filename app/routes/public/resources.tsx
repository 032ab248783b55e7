import { Link } from 'react-router';
import { RESOURCE_GUIDES } from '../../../core/resources.ts';
import { pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/resources.ts';

export const handle: IslandHandle = { island };

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: pageTitle('Resources'),
    description:
      'Guides for trucking carriers: build your profile with content blocks, arrange it on the grid, style it, and request ratings from your customers.',
  });

export default function Resources() {
  return (
    <section className="page">
      <h1>Resources</h1>
      <p className="lead">
        Practical guides to getting the most from your carrier profile: how to build it, arrange it, give it
        your company's look, and collect ratings that win you loads.
      </p>
      <div className="card-grid">
        {RESOURCE_GUIDES.map((guide) => (
          <article key={guide.slug} className="card">
            <p>
              <span className="badge">{guide.category}</span>
            </p>
            <h2>{guide.title}</h2>
            <p>{guide.summary}</p>
            <p className="muted">{guide.readMinutes} min read</p>
            <Link
              to={`/resources/${guide.slug}`}
              className="button button--primary"
              aria-label={`Read Guide: ${guide.title}`}
            >
              Read Guide
            </Link>
          </article>
        ))}
      </div>
    </section>
  );
}
