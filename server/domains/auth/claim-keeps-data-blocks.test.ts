import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';

const DOT = 601;

describe(`a verified claim keeps the profile's data blocks on ${testDialect}`, () => {
  let app: TestApp;

  const request = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
    app.fastify.inject({
      method,
      url,
      // The browser sends a JSON body with every write, as the cross-site guard requires.
      ...(method === 'GET' ? {} : { payload: {} }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const publicBlocks = async () =>
    (await request('GET', `/api/v1/companies/profile/${DOT}`)).json().blocks as {
      id: number;
      block_type: string;
      block_title: string;
      block_width: string;
      block_position: number;
      start_new_row: boolean;
      is_visible: boolean;
    }[];

  /** Claims the profile through the e-mailed link (the outbox holds it while no SMTP is set). */
  async function claim(): Promise<string> {
    expect((await request('POST', `/api/v1/auth/claim-profile/${DOT}`)).statusCode).toBe(200);
    const message = await app.database.db
      .selectFrom('outbox_messages')
      .select('text_body')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/verify-claim\/([A-Za-z0-9_-]+)/.exec(message.text_body)?.[1] ?? '';
    const verified = await request('GET', `/api/v1/auth/verify-claim/${token}`);
    expect(verified.statusCode).toBe(200);
    return verified.json().access_token;
  }

  beforeAll(async () => {
    app = await createTestApp({ APP_URL: 'https://carrierpage.example' });
    await seedCarriers(app.database.db, testDialect, [
      carrier({ dot_number: DOT, legal_name: 'KEEP MY DATA LLC', email: 'owner@keepmydata.example.com' }),
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates the default data blocks as real blocks the owner can delete', async () => {
    // Unclaimed: no stored blocks (the page shows the defaults).
    expect(await publicBlocks()).toEqual([]);
    const token = await claim();

    const blocks = await publicBlocks();
    expect(
      blocks.map(({ block_type, block_title, block_width, block_position, start_new_row, is_visible }) => ({
        block_type,
        block_title,
        block_width,
        block_position,
        start_new_row,
        is_visible,
      })),
    ).toEqual([
      {
        block_type: 'safety_score',
        block_title: 'Safety Score',
        block_width: 'half',
        block_position: 0,
        start_new_row: false,
        is_visible: true,
      },
      {
        block_type: 'inspection_heatmap',
        block_title: 'Inspection Heat Map',
        block_width: 'half',
        block_position: 1,
        start_new_row: false,
        is_visible: true,
      },
      {
        block_type: 'cargo_carrier',
        block_title: 'Cargo & Carrier Information',
        block_width: 'half',
        block_position: 2,
        start_new_row: true,
        is_visible: true,
      },
      {
        block_type: 'fleet_information',
        block_title: 'Fleet Information',
        block_width: 'half',
        block_position: 3,
        start_new_row: false,
        is_visible: true,
      },
      {
        block_type: 'authority_insurance',
        block_title: 'Authority & Insurance',
        block_width: 'full',
        block_position: 4,
        start_new_row: true,
        is_visible: true,
      },
      {
        block_type: 'record_history',
        block_title: 'Record history',
        block_width: 'full',
        block_position: 5,
        start_new_row: true,
        is_visible: true,
      },
      {
        block_type: 'connected_carriers',
        block_title: 'Connected carriers',
        block_width: 'full',
        block_position: 6,
        start_new_row: true,
        is_visible: true,
      },
    ]);
    expect(blocks.every((block) => block.id > 0)).toBe(true);

    // The owner removes every block: the claimed profile then has none (the page says so).
    for (const block of blocks) {
      expect((await request('DELETE', `/api/v1/content/blocks/${block.id}`, token)).statusCode).toBe(204);
    }
    const profile = (await request('GET', `/api/v1/companies/profile/${DOT}`)).json();
    expect(profile.blocks).toEqual([]);
    expect(profile.company.claimed).toBe(true);
  });
});
