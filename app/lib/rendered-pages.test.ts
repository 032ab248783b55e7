import { describe, expect, it } from 'vitest';
import { notForHydration } from './island-page.ts';
import { createRenderedPages, pageKey, type PageInputs } from './rendered-pages.ts';

// Public pages are rendered again only when their URL or data differ (docs/decisions/083).

const NONCE_A = 'bm9uY2UtYS0xMjM0NTY3OA==';
const NONCE_B = 'bm9uY2UtYi0xMjM0NTY3OA==';

function profilePage(overrides: Partial<PageInputs> = {}, name = 'ACME TRUCKING LLC'): PageInputs {
  return {
    url: 'http://localhost/profile/1234567',
    status: 200,
    loaderData: {
      root: { hideSiteHeader: false },
      'routes/public/profile': notForHydration({ page: { name, blocks: [1, 2] }, today: '2026-11-30' }, true),
    },
    actionData: null,
    errors: null,
    ...overrides,
  };
}

/** A page that renders its data and the nonce twice (as the scripts of a real page carry it), counting renders. */
function counter() {
  let renders = 0;
  return {
    renders: () => renders,
    render: (page: PageInputs, nonce: string) => () => {
      renders += 1;
      const data = Object.getOwnPropertyNames(page.loaderData['routes/public/profile'] as object).join();
      return `<script nonce="${nonce}"></script><h1>${data}</h1><script nonce="${nonce}"></script>`;
    },
  };
}

describe('rendered public pages', () => {
  it('answers the same URL and data with the HTML rendered before, carrying the new nonce', () => {
    const pages = createRenderedPages();
    const count = counter();
    const first = pages.html(profilePage(), NONCE_A, count.render(profilePage(), NONCE_A));
    const second = pages.html(profilePage(), NONCE_B, count.render(profilePage(), NONCE_B));
    expect(count.renders()).toBe(1);
    expect(first).toBe(
      `<script nonce="${NONCE_A}"></script><h1>page,today</h1><script nonce="${NONCE_A}"></script>`,
    );
    expect(second).toBe(first.replaceAll(NONCE_A, NONCE_B));
  });

  it('renders again when the data differs, even in a property kept out of the hydration data', () => {
    const pages = createRenderedPages();
    const count = counter();
    pages.html(profilePage(), NONCE_A, count.render(profilePage(), NONCE_A));
    const renamed = profilePage({}, 'ACME FREIGHT LLC');
    pages.html(renamed, NONCE_B, count.render(renamed, NONCE_B));
    expect(count.renders()).toBe(2);
    expect(pageKey(renamed)).not.toBe(pageKey(profilePage()));
  });

  it('renders again for another URL', () => {
    const pages = createRenderedPages();
    const count = counter();
    const other = profilePage({ url: 'http://localhost/profile/7654321' });
    pages.html(profilePage(), NONCE_A, count.render(profilePage(), NONCE_A));
    pages.html(other, NONCE_A, count.render(other, NONCE_A));
    expect(count.renders()).toBe(2);
  });

  it('keeps no page that is not a plain 200 answer, or was rendered without a nonce', () => {
    const pages = createRenderedPages();
    const count = counter();
    const notFound = profilePage({ status: 404 });
    const failed = profilePage({ errors: { root: new Error('failed') } });
    const posted = profilePage({ actionData: { 'routes/public/profile': { ok: true } } });
    for (const page of [notFound, failed, posted]) {
      pages.html(page, NONCE_A, count.render(page, NONCE_A));
      pages.html(page, NONCE_B, count.render(page, NONCE_B));
    }
    pages.html(profilePage(), '', count.render(profilePage(), ''));
    pages.html(profilePage(), '', count.render(profilePage(), ''));
    expect(count.renders()).toBe(8);
  });

  it('keeps no page whose data its JSON cannot tell apart: maps, sets, class instances, bigints, NaN', () => {
    const withData = (value: unknown) => profilePage({ loaderData: { 'routes/public/profile': { value } } });
    class Fleet {
      constructor(readonly trucks: number) {}
    }
    for (const value of [new Map([['a', 1]]), new Set([1]), new Fleet(3), 10n, Number.NaN, Infinity]) {
      expect(pageKey(withData(value))).toBeNull();
    }
    // A date is its ISO text, so two dates are told apart.
    const may = pageKey(withData(new Date('2026-05-01T00:00:00Z')));
    const june = pageKey(withData(new Date('2026-06-01T00:00:00Z')));
    expect(may).not.toBeNull();
    expect(may).not.toBe(june);
  });

  it('holds at most its size in HTML, the least recently used page leaving first', () => {
    // Each page is 119 characters: two fit.
    const pages = createRenderedPages(300);
    const count = counter();
    const page = (dot: number) => profilePage({ url: `http://localhost/profile/${dot}` });
    for (const dot of [1, 2, 3]) pages.html(page(dot), NONCE_A, count.render(page(dot), NONCE_A));
    expect(count.renders()).toBe(3);
    for (const dot of [3, 2]) pages.html(page(dot), NONCE_B, count.render(page(dot), NONCE_B));
    expect(count.renders()).toBe(3);
    pages.html(page(1), NONCE_B, count.render(page(1), NONCE_B));
    expect(count.renders()).toBe(4);
  });
});
