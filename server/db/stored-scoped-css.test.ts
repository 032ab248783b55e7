import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeCustomCss } from '../../core/sanitize-css.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { migrateToLatest } from './migrate.ts';
import { sanitizeCustomCssAsOf012 } from './migrations/012-stored-scoped-css.ts';

const HOSTILE =
  '@import url(//evil.example/x.css); body { background: url(https://evil.example/a.png) } h2 { color: red }';

describe(`migration 012 (stored scoped CSS) on ${testDialect}`, () => {
  let database: TestDatabase;
  const now = '2020-01-01T00:00:00.000Z';

  beforeAll(async () => {
    database = await createTestDatabase({ migratedTo: '011-image-variants' });
    // Companies as they were stored before: the owner's CSS as written, nothing scoped.
    await database.db
      .insertInto('companies')
      .values([
        { dot_number: 1201, name: 'STYLED CO', css: HOSTILE, created_at: now, updated_at: now },
        { dot_number: 1202, name: 'PLAIN CO', css: '', created_at: now, updated_at: now },
      ])
      .execute();
    await migrateToLatest(database.db, testDialect);
  });
  afterAll(() => database.destroy());

  it('fills scoped_css from the stored CSS, leaves the CSS as written, and plain companies empty', async () => {
    const rows = await database.db
      .selectFrom('companies')
      .select(['dot_number', 'css', 'scoped_css', 'updated_at'])
      .where('dot_number', 'in', [1201, 1202])
      .orderBy('dot_number')
      .execute();
    expect(rows).toEqual([
      {
        dot_number: 1201,
        css: HOSTILE,
        scoped_css: '#carrier-profile { } #carrier-profile h2 { color: red }',
        updated_at: now,
      },
      { dot_number: 1202, css: '', scoped_css: '', updated_at: now },
    ]);
  });

  it('is today a copy of the live sanitiser (frozen from here on)', () => {
    for (const css of [
      HOSTILE,
      'html { color: blue } @media (max-width: 600px) { p { margin: 0 } }',
      'p {',
    ]) {
      expect(sanitizeCustomCssAsOf012(css)).toEqual(sanitizeCustomCss(css));
    }
  });
});
