import type { MetaDescriptor } from 'react-router';
import { PRODUCT_NAME, pageTitle } from '../../core/site.ts';

interface MetaContext {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string; search: string };
}

interface PageSeo {
  /** The whole document title. */
  title: string;
  description: string;
  /** Keep the query string in the canonical URL (search results are distinct pages). */
  keepQuery?: boolean;
  /** Pages that must not be indexed (404s, invalid parameters). */
  noindex?: boolean;
}

/** The public base URL, handed to every page by the root loader. */
function appUrlFrom(matches: MetaContext['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData;
  return typeof root === 'object' && root !== null && 'appUrl' in root && typeof root.appUrl === 'string'
    ? root.appUrl
    : '';
}

/**
 * Title, description, canonical URL and OpenGraph tags for a public page, so every page a search
 * engine or a link preview reads describes itself.
 */
export function seoMeta({ matches, location }: MetaContext, page: PageSeo): MetaDescriptor[] {
  const url = `${appUrlFrom(matches)}${location.pathname}${page.keepQuery ? location.search : ''}`;
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    ...(page.noindex
      ? [{ name: 'robots', content: 'noindex' }]
      : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: 'website' },
    { name: 'twitter:card', content: 'summary' },
  ];
}

/** The head of the site's 404 page, for the catch-all route and for pages that answer 404 as if absent. */
export function notFoundMeta(context: MetaContext): MetaDescriptor[] {
  return seoMeta(context, {
    title: pageTitle('Page Not Found'),
    description: 'The page you are looking for does not exist or has moved.',
    noindex: true,
  });
}
