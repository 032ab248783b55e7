import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { signInOwnerOf } from '../../../tests/support/sessions.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`PUT /api/v1/companies/profile/{dotNumber}/css on ${testDialect}`, () => {
  let app: TestApp;
  const tokens = { a: '', b: '' };

  const putCss = (dot: number, token: string | null, payload: unknown) =>
    app.fastify.inject({
      method: 'PUT',
      url: `/api/v1/companies/profile/${dot}/css`,
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const storedCss = async (dot: number) =>
    (
      await app.database.db
        .selectFrom('companies')
        .select('css')
        .where('dot_number', '=', dot)
        .executeTakeFirstOrThrow()
    ).css;

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 9101, legal_name: 'STYLED CO' }),
      carrier({ dot_number: 9102, legal_name: 'OTHER CO' }),
    ]);
    tokens.a = await signInOwnerOf(app, 9101, 'a@example.com');
    tokens.b = await signInOwnerOf(app, 9102, 'b@example.com');
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores the owner’s text and serves it sanitised and scoped on the profile', async () => {
    const css = '.profile-block__title { color: rgb(128, 0, 0) }\nbody { background: #fafafa }';
    const response = await putCss(9101, tokens.a, { css });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      css,
      scoped_css:
        '#carrier-profile .profile-block__title { color: rgb(128, 0, 0) }\n#carrier-profile { background: #fafafa }',
      dropped: [],
    });
    expect(await storedCss(9101)).toBe(css);

    const profile = (await app.fastify.inject({ url: '/api/v1/companies/profile/9101' })).json();
    expect(profile.css).toBe(response.json().scoped_css);
    const own = await app.fastify.inject({
      url: '/api/v1/companies/profile/9101/css',
      headers: { authorization: `Bearer ${tokens.a}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(response.json());
  });

  it('drops what loads remote resources, runs code or escapes the page, and reports why', async () => {
    const css = [
      '@import url("https://evil.example/x.css");',
      'h1 { background: url(https://other.host/track.png) }',
      'h2 { background: image-set("https://other.host/track.png" 1x) }',
      'h3 { background: url(/media/../api/v1/health) }',
      'div { width: expression(alert(1)) }',
      'p { color: navy; content: "</style><script>alert(1)</script>" }',
      '#carrier-profile ~ .site-footer { display: none }',
    ].join('\n');
    const response = await putCss(9101, tokens.a, { css });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.css).toBe(css);
    expect(body.dropped.map((rule: { reason: string }) => rule.reason)).toEqual([
      '@import is not allowed',
      'url() may only point at images uploaded to this profile',
      'url() may only point at images uploaded to this profile',
      'url() may only point at images uploaded to this profile',
      'expression() is not allowed',
      'angle brackets are not allowed',
      'selectors may only style elements inside the profile',
    ]);
    expect(body.dropped[0].css).toBe('@import url("https://evil.example/x.css")');
    const served = (await app.fastify.inject({ url: '/api/v1/companies/profile/9101' })).json().css;
    expect(served).toBe(body.scoped_css);
    expect(served).not.toMatch(/evil|other\.host|\.\.|expression|<\/style|~/);
    expect(served).toContain('#carrier-profile p { color: navy');
  });

  it('refuses another company’s DOT number and callers without a session, changing nothing', async () => {
    const before = await storedCss(9102);
    const foreign = await putCss(9102, tokens.a, { css: 'p { color: red }' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ detail: 'You can only edit your own profile' });
    const unknown = await putCss(999999, tokens.a, { css: 'p { color: red }' });
    expect(unknown.statusCode).toBe(403);
    const anonymous = await putCss(9102, null, { css: 'p { color: red }' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await putCss(9102, `${tokens.b}x`, { css: 'p { color: red }' });
    expect(forged.statusCode).toBe(401);
    expect(await storedCss(9102)).toBe(before);
    const readForeign = await app.fastify.inject({
      url: '/api/v1/companies/profile/9102/css',
      headers: { authorization: `Bearer ${tokens.a}` },
    });
    expect(readForeign.statusCode).toBe(403);
  });

  it('refuses CSS over 100 KB with 413 and a detail', async () => {
    const before = await storedCss(9101);
    const limit = 100 * 1024;
    const exactly = `/*${'x'.repeat(limit - 4)}*/`;
    expect((await putCss(9101, tokens.a, { css: exactly })).statusCode).toBe(200);
    const tooLarge = await putCss(9101, tokens.a, { css: `${exactly} ` });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ detail: 'Custom CSS may be at most 100 KB (102400 bytes)' });
    expect(await storedCss(9101)).toBe(exactly);
    await putCss(9101, tokens.a, { css: before });
  });

  it.each([[{ css: 42 }], [{ css: null }], [{}], [{ css: 'p {}', extra: true }], [['p {}']]])(
    'refuses %j with 400',
    async (payload) => {
      const response = await putCss(9101, tokens.a, payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().detail).toBe('string');
    },
  );

  it('clears the CSS with an empty string (the editor’s reset)', async () => {
    const response = await putCss(9101, tokens.a, { css: '' });
    expect(response.json()).toEqual({ css: '', scoped_css: '', dropped: [] });
    expect((await app.fastify.inject({ url: '/api/v1/companies/profile/9101' })).json().css).toBe('');
  });
});
