import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, insertContentBlock, seedCarriers } from '../../../tests/support/factories.ts';
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
    expect(missing.json()).toEqual({ detail: 'Company not found' });
    for (const dot of ['abc', '-1', '0', '12.5', '1234567890']) {
      const response = await app.fastify.inject({ url: `/api/v1/companies/profile/${dot}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'dotNumber: DOT number must be a positive whole number' });
    }
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
    expect(malformed.json()).toEqual({ detail: 'dotNumber: DOT number must be a positive whole number' });
  });
});
