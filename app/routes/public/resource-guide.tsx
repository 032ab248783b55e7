import { data, Link } from 'react-router';
import { findResourceGuide } from '../../../core/resources.ts';
import { pageTitle } from '../../../core/site.ts';
import { seoMeta } from '../../lib/seo.ts';
import type { IslandHandle } from '../../lib/island-page.ts';
import island from '../../islands/site-island.ts?worker&url';
import type { Route } from './+types/resource-guide.ts';

export const handle: IslandHandle = { island };

export function loader({ params }: Route.LoaderArgs) {
  const guide = findResourceGuide(params.slug);
  if (!guide) {
    return data({ guide: null }, { status: 404 });
  }
  return { guide };
}

export const meta: Route.MetaFunction = (args) => {
  const guide = args.loaderData?.guide;
  return guide
    ? seoMeta(args, { title: pageTitle(guide.title), description: guide.summary })
    : seoMeta(args, {
        title: pageTitle('Resource Not Found'),
        description: 'This guide does not exist.',
        noindex: true,
      });
};

export default function ResourceGuide({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;

  if (!guide) {
    return (
      <section className="page page--narrow centered">
        <p className="eyebrow">404</p>
        <h1>Resource Not Found</h1>
        <p>The guide you are looking for does not exist or has moved.</p>
        <p>
          <Link to="/resources" className="button button--primary">
            Browse All Resources
          </Link>{' '}
          <Link to="/" className="button button--secondary">
            Go to Homepage
          </Link>
        </p>
      </section>
    );
  }

  return (
    <article className="page page--narrow">
      <nav aria-label="Breadcrumb">
        <p>
          <Link to="/resources">Resources</Link>
        </p>
      </nav>
      <header>
        <p>
          <span className="badge">{guide.category}</span>
        </p>
        <h1>{guide.title}</h1>
        <p className="muted">{guide.readMinutes} min read</p>
        <p className="lead">{guide.summary}</p>
      </header>
      <div className="prose">
        {guide.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.steps && section.steps.length > 0 ? (
              <ol className="steps">
                {section.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : null}
            {section.tips && section.tips.length > 0 ? (
              <>
                <h3>Tips</h3>
                <ul>
                  {section.tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        ))}
      </div>
      <p>
        <Link to="/resources" className="button button--secondary">
          Back to all resources
        </Link>
      </p>
    </article>
  );
}
