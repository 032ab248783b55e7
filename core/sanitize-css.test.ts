import { describe, expect, it } from 'vitest';
import { sanitizeCustomCss } from './sanitize-css.ts';

describe('sanitizeCustomCss', () => {
  it('scopes every selector under the profile root', () => {
    const { css, dropped } = sanitizeCustomCss(
      'body { background: #f0f4f8 } h2, .profile-block__title { color: navy } @media (max-width: 600px) { p { font-size: 14px } }',
    );
    expect(dropped).toEqual([]);
    expect(css).toBe(
      '#carrier-profile { background: #f0f4f8 } #carrier-profile h2, #carrier-profile .profile-block__title { color: navy } @media (max-width: 600px) { #carrier-profile p { font-size: 14px } }',
    );
  });

  it('keeps keyframes selectors as they are', () => {
    expect(sanitizeCustomCss('@keyframes pulse { from { opacity: 0 } to { opacity: 1 } }').css).toBe(
      '@keyframes pulse { from { opacity: 0 } to { opacity: 1 } }',
    );
  });

  it.each([
    ['@import url("https://evil.example/x.css");', '@import is not allowed'],
    [
      'div { background: url(https://other.host/track.png) }',
      'url() may only point at images uploaded to this profile',
    ],
    [
      'div { background: url(//other.host/x.png) }',
      'url() may only point at images uploaded to this profile',
    ],
    ['div { background-image: url("data:image/svg+xml,<svg>") }', 'angle brackets are not allowed'],
    ['div { width: expression(alert(1)) }', 'expression() is not allowed'],
    ['div { behavior: url(/media/x.htc) }', 'behavior is not allowed'],
    ['div { -moz-binding: url(/media/x.xml) }', '-moz-binding is not allowed'],
    ['div { background: url(javascript:alert(1)) }', 'script URLs are not allowed'],
    ['div { content: "</style><script>alert(1)</script>" }', 'angle brackets are not allowed'],
    ['div { color: \\72 ed }', 'escape sequences are not allowed in values'],
    ['@font-face { font-family: x; src: url(https://fonts.example/x.woff) }', '@font-face is not allowed'],
    [
      '#carrier-profile ~ .site-footer { display: none }',
      'selectors may only style elements inside the profile',
    ],
    ['~ .site-footer, p { display: none }', 'selectors may only style elements inside the profile'],
    [
      '#carrier-profile.profile + * { display: none }',
      'selectors may only style elements inside the profile',
    ],
    // Sibling and other sideways combinators after, or inside a pseudo-class of, the root's compound.
    ...[
      '#carrier-profile:not( a) ~ * { display: none }',
      '#carrier-profile:is( .a, .b) + * { display: none }',
      '#carrier-profile:where(:not( p)) ~ footer { display: none }',
      '#carrier-profile:is(.site-header ~ *) { display: none }',
      '#carrier-profile:not(.a + .b) { display: none }',
      '#carrier-profile:has(~ .site-footer) { display: none }',
      '#carrier-profile || td { display: none }',
      '#carrier-profile\\~ p { display: none }',
    ].map((input) => [input, 'selectors may only style elements inside the profile']),
  ])('drops %s', (input, reason) => {
    const result = sanitizeCustomCss(input);
    expect(result.dropped.map((rule) => rule.reason)).toEqual([reason]);
    expect(result.css).not.toMatch(/evil|other\.host|expression|javascript|<\/style/);
  });

  it('keeps sibling selectors inside the profile and scopes look-alike ids', () => {
    expect(sanitizeCustomCss('#carrier-profile .a + .b { color: red }').css).toBe(
      '#carrier-profile .a + .b { color: red }',
    );
    expect(sanitizeCustomCss('#carrier-profile .a:not(.b ~ .c) { color: red }').css).toBe(
      '#carrier-profile .a:not(.b ~ .c) { color: red }',
    );
    expect(sanitizeCustomCss('#carrier-profile:not(.dark) .a { color: red }').css).toBe(
      '#carrier-profile:not(.dark) .a { color: red }',
    );
    expect(sanitizeCustomCss('#carrier-profile-x { color: red }').css).toBe(
      '#carrier-profile #carrier-profile-x { color: red }',
    );
  });

  /** An uploaded image's URL, as the media storage names them (server/domains/media/storage.ts). */
  const MEDIA = '/media/0123456789abcdef0123456789abcdef.jpg';
  const MEDIA_ONLY = 'url() may only point at images uploaded to this profile';

  it('keeps url() and image-set() to uploaded media, whatever the case and quotes', () => {
    const kept = [
      `div { background: url(${MEDIA}) }`,
      `div { background: url("${MEDIA}") no-repeat }`,
      `div { background: URL( '${MEDIA}' ) }`,
      `div { background-image: image-set("${MEDIA}" 1x, url(${MEDIA.replace('.jpg', '.png')}) 2x type("image/png")) }`,
      `div { background-image: -WebKit-Image-Set(url(${MEDIA}) 1x) }`,
    ];
    for (const input of kept) {
      const result = sanitizeCustomCss(input);
      expect(result.dropped, input).toEqual([]);
      expect(result.css, input).toBe(`#carrier-profile ${input}`);
    }
  });

  it.each([
    // Functions that fetch, in every spelling.
    [`div { background: image-set("http://evil.example/x.png" 1x) }`, MEDIA_ONLY],
    [`div { background: image-set('//evil.example/x.png' 2x, "${MEDIA}" 1x) }`, MEDIA_ONLY],
    [`div { background: -webkit-image-set(url(https://evil.example/x.png) 1x) }`, MEDIA_ONLY],
    [`div { background: IMAGE-SET("https://evil.example/x.png") }`, MEDIA_ONLY],
    [`div { background: image-set(var(--picture) 1x) }`, 'var() is not allowed inside image-set()'],
    [
      `div { background: image-set(("https://evil.example/x.png") 1x) }`,
      'brackets are not allowed inside image-set()',
    ],
    [`div { background: image("https://evil.example/x.png") }`, 'image() is not allowed'],
    [`div { background: image(url(${MEDIA})) }`, 'image() is not allowed'],
    [
      `div { background: cross-fade(url(${MEDIA}), url(https://evil.example/x.png)) }`,
      'cross-fade() is not allowed',
    ],
    [
      `div { background: -webkit-cross-fade(url(${MEDIA}), url(${MEDIA}), 50%) }`,
      '-webkit-cross-fade() is not allowed',
    ],
    [`div { background: src("https://evil.example/x.png") }`, 'src() is not allowed'],
    [
      `div { background: -moz-image-rect(url(https://evil.example/x.png), 0, 10, 10, 0) }`,
      '-moz-image-rect() is not allowed',
    ],
    ['div { background: -moz-element(#site-header) }', '-moz-element() is not allowed'],
    ['div { background: paint(worklet) }', 'paint() is not allowed'],
    ['div { content: attr(data-picture) }', 'attr() is not allowed'],
    // url() inside any other function, and url() with anything but one address.
    [`div { background: linear-gradient(red, blue), url(https://evil.example/x.png) }`, MEDIA_ONLY],
    [`div { background: url(var(--picture)) }`, MEDIA_ONLY],
    [`div { background: url("${MEDIA}" crossorigin) }`, MEDIA_ONLY],
    ['div { background: url() }', MEDIA_ONLY],
    ['div { cursor: url(https://evil.example/c.cur), auto }', MEDIA_ONLY],
    ['div { list-style: url(https://evil.example/dot.png) }', MEDIA_ONLY],
    ['div { --picture: url(https://evil.example/x.png) }', MEDIA_ONLY],
    // Paths that leave /media/ or are not an upload's name.
    ['div { background: url(/media/../api/v1/health) }', MEDIA_ONLY],
    ['div { background: url(/media/%2e%2e/api/v1/health) }', MEDIA_ONLY],
    ['div { background: url("/media/%2E%2E%2Fapi") }', MEDIA_ONLY],
    ['div { background: url(/media/./0123456789abcdef0123456789abcdef.jpg) }', MEDIA_ONLY],
    [`div { background: url(${MEDIA}?v=1) }`, MEDIA_ONLY],
    [`div { background: url(${MEDIA}#x) }`, MEDIA_ONLY],
    [`div { background: url(/media//evil.example/x.png) }`, MEDIA_ONLY],
    ['div { background: url(/media/12/bg.jpg) }', MEDIA_ONLY],
    [`div { background: url(https://carrierpage.example${MEDIA}) }`, MEDIA_ONLY],
    [`div { background: url("/media\\..\\x.png") }`, 'escape sequences are not allowed in values'],
    // Escapes and comments cannot disguise a function.
    ['div { background: u\\rl(https://evil.example/x.png) }', 'escape sequences are not allowed in values'],
    ['div { background: image-set(/**/"https://evil.example/x.png" 1x) }', MEDIA_ONLY],
    ['div { background: u/**/rl(https://evil.example/x.png) }', 'rl() is not allowed'],
    ['div { background: /* x */ url( /**/https://evil.example/x.png ) }', MEDIA_ONLY],
  ])('drops %s', (input, reason) => {
    const result = sanitizeCustomCss(input);
    expect(result.dropped.map((rule) => rule.reason)).toEqual([reason]);
    expect(result.css).not.toMatch(/evil|image|url|attr|element|paint|src|api/i);
  });

  it('keeps the functions that fetch nothing', () => {
    const input = [
      'div {',
      '  background: linear-gradient(to right, rgba(0, 0, 0, .5), color-mix(in srgb, red 50%, blue)),',
      '    -webkit-linear-gradient(top, #fff, #000), repeating-radial-gradient(circle, hsl(0 0% 50%), oklch(70% 0.1 200));',
      '  grid-template-columns: repeat(3, minmax(0, 1fr)) fit-content(20%);',
      '  width: calc(100% - clamp(1rem, 2vw, 3rem) - var(--gap, 4px) + env(safe-area-inset-left));',
      '  transform: translate(-50%, 0) rotate(3deg) scale(1.02);',
      '  filter: drop-shadow(0 1px 2px rgb(0 0 0 / 20%)) blur(1px);',
      '  transition: opacity 0.2s cubic-bezier(0.4, 0, 0.2, 1);',
      '  clip-path: polygon(0 0, 100% 0, 100% 80%);',
      '  font-family: "Helvetica Neue", Arial, sans-serif;',
      '  content: "https://carrierpage.example is text, not a URL" counter(item);',
      '}',
    ].join('\n');
    const result = sanitizeCustomCss(input);
    expect(result.dropped).toEqual([]);
    expect(result.css).toContain('color-mix(in srgb, red 50%, blue)');
    expect(result.css).toContain('env(safe-area-inset-left)');
  });

  it('writes values out as they were checked: without comments', () => {
    expect(sanitizeCustomCss('div { margin: 1px/**/2px /* gap */ 3px; color: red /* note */ }').css).toBe(
      '#carrier-profile div { margin: 1px 2px 3px; color: red }',
    );
  });

  it('reports CSS it cannot read', () => {
    const result = sanitizeCustomCss('div { color: red');
    expect(result.css).toBe('');
    expect(result.dropped[0]?.reason).toMatch(/^The CSS could not be read/);
  });
});
