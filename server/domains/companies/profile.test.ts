import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as profileEditRoute from '../../../app/routes/owner/profile-edit.tsx';
import { loader as profilePageLoader } from '../../../app/routes/public/profile.tsx';
import { carrier, insertContentBlock, seedCarriers } from '../../../tests/support/factories.ts';
import { pageBuild } from '../../../tests/support/page-build.ts';
import { signInOwner, signInOwnerOf } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

describe(`GET /api/v1/companies/profile/{dotNumber} on ${testDialect}`, () => {
  let app: TestApp;
  const now = '2026-11-01T00:00:00.000Z';

  beforeAll(async () => {
    app = await createTestApp();
    await seedCarriers(app.database.db, testDialect, [
      carrier({
        dot_number: 295017,
        legal_name: 'UNITED MOVING AND STORAGE INC',
        mc_number: '139446',
        email: 'owner@united-moving.example.com',
        phone: '13604794800',
        company_officer_1: 'SOMEONE PRIVATE',
        phy_street: '1770 NE FUSON RD',
        phy_city: 'BREMERTON',
        phy_state: 'WA',
        phy_zip: '98311',
        phy_country: 'US',
        carrier_operation: 'A',
        carship: 'C;S',
        cargo_codes: ['HOUSEHOLD'],
      }),
      carrier({ dot_number: 77, legal_name: 'EMPTY CO' }),
    ]);
    const company = await app.database.db
      .selectFrom('companies')
      .select('id')
      .where('dot_number', '=', 295017)
      .executeTakeFirstOrThrow();
    const blockId = await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'equipment_pictures',
      block_title: 'Our Equipment',
      block_position: 1,
      block_width: 'half',
      start_new_row: 1,
    });
    await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'about_us',
      block_title: 'About Our Company',
      block_content: 'Family owned since 1987.',
      block_position: 0,
    });
    await app.database.db
      .insertInto('assets')
      .values({
        company_id: company.id,
        block_id: blockId,
        storage_key: 'a/b.jpg',
        url: '/media/a/b.jpg',
        alt_text: 'Our reefer',
        type: 'image',
        content_type: 'image/jpeg',
        byte_size: 1234,
        created_at: now,
      })
      .execute();
    const ratings = [
      [5, 4, 5],
      [4, 4, 3],
    ];
    for (const [index, [onTime, communication, service]] of ratings.entries()) {
      await app.database.db
        .insertInto('rating_requests')
        .values({
          id: `r${index}`,
          company_id: company.id,
          reviewer_email: `r${index}@example.com`,
          load_number: `L${index}`,
          on_time_rating: onTime ?? null,
          communication_rating: communication ?? null,
          service_rating: service ?? null,
          created_at: now,
          completed_at: now,
        })
        .execute();
    }
    // A pending request does not count.
    await app.database.db
      .insertInto('rating_requests')
      .values({
        id: 'pending',
        company_id: company.id,
        reviewer_email: 'p@example.com',
        load_number: 'P',
        created_at: now,
        completed_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await app.close();
  });

  it('returns company, carrier_data, blocks in order with assets, css and the rating summary', async () => {
    const response = await app.fastify.inject({ url: '/api/v1/companies/profile/295017' });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile.company).toMatchObject({
      name: 'UNITED MOVING AND STORAGE INC',
      dot_number: 295017,
      mc_number: 'MC-139446',
      claimed: false,
      company_types: ['carrier'],
      cargo_types: ['Household Goods'],
      address: { city: 'BREMERTON', state: 'WA', zip: '98311' },
    });
    expect(profile.carrier_data).toEqual({
      name: 'UNITED MOVING AND STORAGE INC',
      dba_name: null,
      phy_street: '1770 NE FUSON RD',
      phy_city: 'BREMERTON',
      phy_state: 'WA',
      phy_zip: '98311',
      phy_country: 'US',
      mc_number: 'MC-139446',
      carrier_operation: 'A',
      status_code: 'A',
      // Not in this carrier's seeded record: the record does not say.
      hm_flag: null,
      pc_flag: null,
      add_date: null,
      mcs150_date: null,
    });
    expect(profile.blocks.map((block: { block_type: string }) => block.block_type)).toEqual([
      'about_us',
      'equipment_pictures',
    ]);
    expect(profile.blocks[1]).toMatchObject({
      block_width: 'half',
      start_new_row: true,
      is_visible: true,
      hide_title: false,
      assets: [{ id: expect.any(Number), url: '/media/a/b.jpg', alt_text: 'Our reefer', type: 'image' }],
    });
    expect(profile.css).toBe('');
    expect(profile.rating_summary).toEqual({
      overall_rating: 4.17,
      avg_on_time: 4.5,
      avg_communication: 4,
      avg_service: 4,
      total_ratings: 2,
    });
  });

  it('never exposes the FMCSA e-mail, phone or officers', async () => {
    const body = (await app.fastify.inject({ url: '/api/v1/companies/profile/295017' })).body;
    expect(body).not.toContain('united-moving.example.com');
    expect(body).not.toContain('13604794800');
    expect(body).not.toContain('SOMEONE PRIVATE');
  });

  it('reports no ratings as nulls and a zero count', async () => {
    const profile = (await app.fastify.inject({ url: '/api/v1/companies/profile/77' })).json();
    expect(profile.blocks).toEqual([]);
    expect(profile.rating_summary).toEqual({
      overall_rating: null,
      avg_on_time: null,
      avg_communication: null,
      avg_service: null,
      total_ratings: 0,
    });
  });

  it('answers 404 JSON for an unknown DOT number and 400 for a malformed one', async () => {
    const missing = await app.fastify.inject({ url: '/api/v1/companies/profile/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Company not found' });
    for (const dot of ['abc', '-1', '0', '12.5', '1234567890']) {
      const response = await app.fastify.inject({ url: `/api/v1/companies/profile/${dot}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        detail: 'dotNumber: DOT number must be a positive whole number',
      });
    }
  });
});

describe(`hidden blocks on ${testDialect}: only their owner ever gets them`, () => {
  let app: TestApp;
  let ownerToken = '';
  let strangerToken = '';
  const HIDDEN = ['Secret Plans', 'Our next lanes, not yet public.', 'secret-truck.jpg', 'Trailer 9'];
  /** A rating's comment, on a profile without a ratings block. */
  const UNSHOWN_COMMENT = 'Paid us late, do not book';
  const now = new Date().toISOString();

  beforeAll(async () => {
    // The editor's route, served through the SSR mount: its data answers anyone who asks for it.
    app = await createTestApp(
      {},
      {
        serverBuild: pageBuild({
          'routes/owner/profile-edit': { path: 'profile/:dotNumber/edit', module: profileEditRoute },
        }),
      },
    );
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 5150, legal_name: 'HIDDEN LANES LLC' }),
      carrier({ dot_number: 5151, legal_name: 'OTHER CO' }),
    ]);
    const company = await app.database.db
      .selectFrom('companies')
      .select(['id', 'dot_number'])
      .where('dot_number', '=', 5150)
      .executeTakeFirstOrThrow();
    await app.database.db.updateTable('companies').set({ claimed: 1 }).where('id', '=', company.id).execute();
    ownerToken = await signInOwner(app, company, 'owner@hidden-lanes.example.com');
    strangerToken = await signInOwnerOf(app, 5151, 'owner@other.example.com');
    await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'about_us',
      block_title: 'About Our Company',
      block_content: 'Visible to everyone.',
      block_position: 0,
    });
    await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'custom',
      block_title: 'Secret Plans',
      block_content: '<p>Our next lanes, not yet public.</p>',
      block_position: 1,
      is_visible: 0,
    });
    const hiddenEquipment = await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'equipment_pictures',
      block_title: 'Our Equipment',
      block_position: 2,
      is_visible: 0,
    });
    await app.database.db
      .insertInto('assets')
      .values({
        company_id: company.id,
        block_id: hiddenEquipment,
        storage_key: 'k/secret-truck.jpg',
        url: '/media/k/secret-truck.jpg',
        alt_text: 'Trailer 9',
        type: 'image',
        content_type: 'image/jpeg',
        byte_size: 1234,
        created_at: now,
      })
      .execute();
    // A hidden capacity block: the page does not carry the board either.
    await insertContentBlock(app.database.db, {
      company_id: company.id,
      block_type: 'capacity',
      block_title: 'Capacity Board',
      block_position: 3,
      is_visible: 0,
    });
    await app.database.db
      .insertInto('capacity_entries')
      .values({
        company_id: company.id,
        date: '9999-12-31',
        trailer: 'Hidden Reefer',
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

  const get = (url: string, token?: string) =>
    app.fastify.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('leaves hidden blocks and their images out of the public profile API, whoever asks', async () => {
    for (const token of [undefined, ownerToken, strangerToken]) {
      const response = await get('/api/v1/companies/profile/5150', token);
      expect(response.statusCode).toBe(200);
      expect(response.json().blocks.map((block: { block_title: string }) => block.block_title)).toEqual([
        'About Our Company',
      ]);
      for (const hidden of HIDDEN) expect(response.body).not.toContain(hidden);
    }
    const explicit = await get('/api/v1/companies/profile/5150?include_hidden=false');
    expect(explicit.json().blocks).toHaveLength(1);
  });

  it('leaves them out of the profile page’s data (server-rendered HTML, hydration and .data)', async () => {
    const result = await profilePageLoader({
      params: { dotNumber: '5150' },
      context: {
        services: app.services,
        nonce: '',
        outbox: null,
        log: app.fastify.log,
        limitContactCheck: async () => null,
        documentRequest: false,
      } as AppLoadContext,
      request: new Request('http://localhost/profile/5150'),
    } as Parameters<typeof profilePageLoader>[0]);
    const pageData = JSON.stringify(result);
    expect(pageData).toContain('Visible to everyone.');
    for (const hidden of [...HIDDEN, 'Hidden Reefer']) expect(pageData).not.toContain(hidden);
    expect('page' in result && result.page?.panels.capacity).toEqual({ status: 'unavailable' });
  });

  it('leaves them, the board and unshown comments out of the editor’s route data (issue 51)', async () => {
    const response = await get('/profile/5150/edit.data');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('HIDDEN LANES LLC');
    for (const hidden of [...HIDDEN, 'Hidden Reefer', UNSHOWN_COMMENT, 'recent_comments']) {
      expect(response.body).not.toContain(hidden);
    }
  });

  it('gives the rating details to the owner’s session alone, shown on the profile or not', async () => {
    const refused = await get('/api/v1/ratings/details');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
    const own = await get('/api/v1/ratings/details', ownerToken);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      reviewer_domains: 1,
      uncounted_ratings: 0,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 1 ? 1 : 0 })),
      recent_comments: [{ stars: 1, comment: UNSHOWN_COMMENT, submitted_on: now.slice(0, 10), reply: null }],
    });
    expect((await get('/api/v1/ratings/details', strangerToken)).body).not.toContain(UNSHOWN_COMMENT);
  });

  it('gives the owner every block with include_hidden=true, not cached, and refuses anyone else', async () => {
    const own = await get('/api/v1/companies/profile/5150?include_hidden=true', ownerToken);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const blocks = own.json().blocks as {
      block_title: string;
      is_visible: boolean;
      assets: { url: string }[];
    }[];
    expect(blocks.map((block) => [block.block_title, block.is_visible])).toEqual([
      ['About Our Company', true],
      ['Secret Plans', false],
      ['Our Equipment', false],
      ['Capacity Board', false],
    ]);
    expect(blocks[2]!.assets.map((asset) => asset.url)).toEqual(['/media/k/secret-truck.jpg']);
    // The settings page's own company carries them too: only its users read it.
    expect((await get('/api/v1/companies/me', ownerToken)).body).toContain('Secret Plans');

    const anonymous = await get('/api/v1/companies/profile/5150?include_hidden=true');
    expect(anonymous.statusCode).toBe(401);
    const stranger = await get('/api/v1/companies/profile/5150?include_hidden=true', strangerToken);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ detail: 'You can only edit your own profile' });
    expect(stranger.body).not.toContain('Secret Plans');
    const malformed = await get('/api/v1/companies/profile/5150?include_hidden=yes', ownerToken);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ detail: 'include_hidden: must be true or false' });
  });
});

describe(`GET /api/v1/capacity/public/{dotNumber} on ${testDialect}`, () => {
  let app: TestApp;
  const today = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    app = await createTestApp({}, { clock: () => today });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: 4242, legal_name: 'CAPACITY CO' }),
    ]);
    const { id } = await app.database.db
      .selectFrom('companies')
      .select('id')
      .where('dot_number', '=', 4242)
      .executeTakeFirstOrThrow();
    const now = today.toISOString();
    for (const [date, trailer] of [
      ['2026-11-21', 'Yesterday Van'],
      ['2026-11-22', 'Today Reefer'],
      ['9999-12-31', 'Anytime Flatbed'],
      ['2026-12-05', 'Later Step Deck'],
    ] as const) {
      await app.database.db
        .insertInto('capacity_entries')
        .values({
          company_id: id,
          date,
          trailer,
          origin: 'Dallas, TX',
          destination: '',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists entries from today on, by date, with Anytime last and past dates left out', async () => {
    const response = await app.fastify.inject({ url: '/api/v1/capacity/public/4242' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        date: '2026-11-22',
        trailer: 'Today Reefer',
        origin: 'Dallas, TX',
        destination: '',
      },
      {
        id: expect.any(Number),
        date: '2026-12-05',
        trailer: 'Later Step Deck',
        origin: 'Dallas, TX',
        destination: '',
      },
      {
        id: expect.any(Number),
        date: '9999-12-31',
        trailer: 'Anytime Flatbed',
        origin: 'Dallas, TX',
        destination: '',
      },
    ]);
  });

  it('answers 404 for an unknown carrier and 400 for a malformed DOT number', async () => {
    expect((await app.fastify.inject({ url: '/api/v1/capacity/public/999999' })).statusCode).toBe(404);
    const malformed = await app.fastify.inject({ url: '/api/v1/capacity/public/12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      detail: 'dotNumber: DOT number must be a positive whole number',
    });
  });
});
