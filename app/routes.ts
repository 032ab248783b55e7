import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// The spec's route table (public-side section 2), grouped by audience.
export default [
  // Rendered on the server, not hydrated: each loads its island script (docs/decisions/046).
  layout('routes/public/public-pages.tsx', [
    index('routes/public/home.tsx'),
    route('how-it-works', 'routes/public/how-it-works.tsx'),
    route('privacy-policy', 'routes/public/privacy-policy.tsx'),
    route('terms-of-service', 'routes/public/terms-of-service.tsx'),
    route('resources', 'routes/public/resources.tsx'),
    route('resources/risk-signals', 'routes/public/risk-signals.tsx'),
    route('resources/:slug', 'routes/public/resource-guide.tsx'),
    route('search', 'routes/public/search.tsx'),
    route('check', 'routes/public/check.tsx'),
    route('trucking-companies/:cityState', 'routes/public/city.tsx'),
    route('profile/:dotNumber', 'routes/public/profile.tsx'),
    route('reports/:id', 'routes/public/report.tsx'),
    route('api/docs', 'routes/public/api-docs.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  route('review/:reviewId', 'routes/public/review.tsx'),
  route('thank-you', 'routes/public/thank-you.tsx'),
  route('alerts/unsubscribe/:token', 'routes/alerts/unsubscribe.tsx'),
  route('profile/:dotNumber/edit', 'routes/owner/profile-edit.tsx'),
  route('claim-profile/:dotNumber', 'routes/owner/claim-profile.tsx'),
  route('verify-claim/:token', 'routes/owner/verify.tsx', { id: 'verify-claim' }),
  route('verify-login/:token', 'routes/owner/verify.tsx', { id: 'verify-login' }),
  route('verify-user-login/:token', 'routes/owner/verify.tsx', { id: 'verify-user-login' }),
  route('login', 'routes/owner/login.tsx'),
  route('settings', 'routes/owner/settings.tsx'),
  route('request-rating', 'routes/owner/request-rating.tsx'),
  // People who vet carriers (issue 54): hydrated like the owner pages, behind the watcher's session.
  route('watch/sign-in', 'routes/watch/sign-in.tsx'),
  route('watch/verify/:token', 'routes/watch/verify.tsx'),
  route('watch/add', 'routes/watch/add.tsx'),
  route('account', 'routes/watch/account.tsx'),
  route('account/alerts', 'routes/alerts/settings.tsx'),
  route('watchlists/:id', 'routes/watch/watchlist.tsx'),
  route('replies', 'routes/owner/replies.tsx'),
  // Only while mail goes to the outbox (the embedded default): the messages it would have sent.
  route('outbox', 'routes/dev/outbox.tsx'),
] satisfies RouteConfig;
