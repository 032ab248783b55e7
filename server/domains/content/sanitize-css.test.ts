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
  ])('drops %s', (input, reason) => {
    const result = sanitizeCustomCss(input);
    expect(result.dropped.map((rule) => rule.reason)).toEqual([reason]);
    expect(result.css).not.toMatch(/evil|other\.host|expression|javascript|<\/style/);
  });

  it('keeps sibling selectors inside the profile and scopes look-alike ids', () => {
    expect(sanitizeCustomCss('#carrier-profile .a + .b { color: red }').css).toBe(
      '#carrier-profile .a + .b { color: red }',
    );
    expect(sanitizeCustomCss('#carrier-profile-x { color: red }').css).toBe(
      '#carrier-profile #carrier-profile-x { color: red }',
    );
  });

  it('keeps url() to uploaded media', () => {
    expect(sanitizeCustomCss('div { background: url(/media/12/bg.jpg) }').css).toBe(
      '#carrier-profile div { background: url(/media/12/bg.jpg) }',
    );
  });

  it('reports CSS it cannot read', () => {
    const result = sanitizeCustomCss('div { color: red');
    expect(result.css).toBe('');
    expect(result.dropped[0]?.reason).toMatch(/^The CSS could not be read/);
  });
});
