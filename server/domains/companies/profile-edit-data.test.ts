import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as profileEditRoute from '../../../app/routes/owner/profile-edit.tsx';
import { carrier, insertContentBlock, seedCarriers } from '../../../tests/support/factories.ts';
import { pageBuild } from '../../../tests/support/page-build.ts';
import { signInOwnerOf } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

// The editor's route data (/profile/{dot}/edit.data) answers anyone, since the session is in the
// browser: it must carry no more than the public profile shows (issue 51, finding 2).

const HIDDEN_TRAILER = 'Hidden Reefer';
const UNSHOWN_COMMENT = 'Paid us late, do not book';

describe(`the profile editor's route data on ${testDialect}`, () => {
  let app: TestApp;
  let ownerToken = '';
  const now = '2026-11-01T00:00:00.000Z';

  beforeAll(async () => {
    app = await createTestApp(
      {},
      {
        serverBuild: pageBuild({
          'routes/owner/profile-edit': { path: 'profile/:dotNumber/edit', module: profileEditRoute },
        }),
      },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 5151, legal_name: 'QUIET LLC' }),
    ]);
    const company = await app.database.db
      .selectFrom('companies')
      .select('id')
      .where('dot_number', '=', 5151)
      .executeTakeFirstOrThrow();
    await app.database.db.updateTable('companies').set({ claimed: 1 }).where('id', '=', company.id).execute();
    ownerToken = await signInOwnerOf(app, 5151, 'owner@quiet.example.com');
    // A hidden capacity block with an entry, and a rating with a comment but no ratings block.
    await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'capacity',
      block_title: 'Capacity Board',
      block_position: 0,
      is_visible: 0,
    });
    await app.database.db
      .insertInto('capacity_entries')
      .values({
        company_id: company.id,
        date: '9999-12-31',
        trailer: HIDDEN_TRAILER,
        origin: 'Reno, NV',
        destination: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await app.database.db
      .insertInto('rating_requests')
      .values({
        id: 'A'.repeat(22),
        company_id: company.id,
        reviewer_email: 'broker@shipper.test',
        reviewer_domain: 'shipper.test',
        load_number: 'LD-1',
        on_time_rating: 1,
        communication_rating: 1,
        service_rating: 1,
        comment: UNSHOWN_COMMENT,
        created_at: now,
        completed_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives a visitor without a session only what the public profile shows', async () => {
    const response = await app.fastify.inject({ url: '/profile/5151/edit.data' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('QUIET LLC');
    expect(response.body).not.toContain(HIDDEN_TRAILER);
    expect(response.body).not.toContain(UNSHOWN_COMMENT);
    expect(response.body).not.toContain('recent_comments');
  });

  it('gives the owner the rating details through the API, with the session, and nobody else', async () => {
    const refused = await app.fastify.inject({ url: '/api/v1/ratings/details' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
    const own = await app.fastify.inject({
      url: '/api/v1/ratings/details',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      reviewer_domains: 1,
      uncounted_ratings: 0,
      distribution: [
        { stars: 5, count: 0 },
        { stars: 4, count: 0 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
      recent_comments: [{ stars: 1, comment: UNSHOWN_COMMENT, submitted_on: '2026-11-01' }],
    });
  });
});
