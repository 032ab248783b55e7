import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlockRow, insertContentBlock } from '../../tests/support/factories.ts';
import { dotsMatchingPrefix } from '../../tests/support/search-matches.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { quarterCellSql } from '../domains/search/circle-index.ts';
import { DOT_MASK } from '../domains/search/rank-key.ts';
import { rebuildSearchIndex } from '../domains/search/search-index.ts';
import { restoreSuspendedIndexes, suspendSecondaryIndexes } from './bulk-load.ts';
import { openDatabase, type Db } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { sanitizeStoredCustomHtml } from './migrations/008-sanitize-stored-custom-html.ts';

describe(`migrations on ${testDialect}`, () => {
  let database: TestDatabase;
  const now = new Date().toISOString();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('can run again without changing anything', async () => {
    await expect(migrateToLatest(database.db, testDialect)).resolves.toBeUndefined();
  });

  it('creates the tables with generated ids, defaults and flags as 0/1', async () => {
    const company = await database.db
      .insertInto('companies')
      .values({ dot_number: 295017, name: 'ACME TRUCKING LLC', created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({ dot_number: 295017, claimed: 0, css: '', mc_number: null });
    expect(company.id).toBeGreaterThan(0);

    const user = await database.db
      .insertInto('users')
      .values({
        company_id: company.id,
        email: 'a@example.com',
        is_admin: 1,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'is_admin', 'session_version'])
      .executeTakeFirstOrThrow();
    expect(user.is_admin).toBe(1);
    expect(user.session_version).toBe(0);
  });

  it('refuses a second company with the same DOT number', async () => {
    await expect(
      database.db
        .insertInto('companies')
        .values({ dot_number: 295017, name: 'COPY', created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('removes a company’s blocks with the company', async () => {
    const company = await database.db
      .insertInto('companies')
      .values({ dot_number: 1, name: 'ONE', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertContentBlock(database.db, {
      company_id: company.id,
      block_type: 'about_us',
      block_title: 'About Our Company',
      block_position: 0,
    });
    await database.db.deleteFrom('companies').where('id', '=', company.id).execute();
    const left = await database.db.selectFrom('content_blocks').select('id').execute();
    expect(left).toEqual([]);
  });

  it('008 sanitises custom HTML stored unsanitised, and leaves other rows and clean ones alone', async () => {
    const company = await database.db
      .insertInto('companies')
      .values({ dot_number: 8008, name: 'LEGACY CO', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const earlier = '2020-01-01T00:00:00.000Z';
    // Rows as older versions could store them (the factory would sanitise them).
    const insert = async (block_type: string, block_content: string) =>
      (
        await database.db
          .insertInto('content_blocks')
          .values({
            company_id: company.id,
            block_type,
            block_title: block_type,
            block_content,
            block_position: 0,
            is_visible: 1,
            hide_title: 0,
            block_width: 'full',
            start_new_row: 0,
            created_at: earlier,
            updated_at: earlier,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const raw = await insert(
      'custom',
      '<style>body{display:none}</style><form><input type="password"></form><meta http-equiv="refresh" content="0"><p onclick="x()">Hi</p>',
    );
    const clean = await insert('custom', '<p>Already <strong>clean</strong></p>');
    const about = await insert('about_us', 'We <3 <b>freight</b> & more');

    await sanitizeStoredCustomHtml.up(database.db);

    const rows = await database.db
      .selectFrom('content_blocks')
      .select(['id', 'block_content', 'updated_at'])
      .where('company_id', '=', company.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: raw, block_content: '<p>Hi</p>', updated_at: earlier },
      { id: clean, block_content: '<p>Already <strong>clean</strong></p>', updated_at: earlier },
      { id: about, block_content: 'We <3 <b>freight</b> & more', updated_at: earlier },
    ]);
  });

  it('008 works through more rows than one batch', async () => {
    const company = await database.db
      .insertInto('companies')
      .values({ dot_number: 8009, name: 'MANY BLOCKS CO', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('content_blocks')
      .values(
        Array.from({ length: 450 }, (_unused, index) =>
          contentBlockRow({
            company_id: company.id,
            block_type: 'custom',
            block_title: 'Custom Content',
            block_content: `<p>${index}</p><script>x()</script>`,
            block_position: index,
          }),
        ),
      )
      .execute();
    await sanitizeStoredCustomHtml.up(database.db);
    const rows = await database.db
      .selectFrom('content_blocks')
      .select('block_content')
      .where('company_id', '=', company.id)
      .orderBy('block_position')
      .execute();
    expect(rows.map((row) => row.block_content)).toEqual(
      Array.from({ length: 450 }, (_unused, index) => `<p>${index}</p>`),
    );
  });
});

describe(`migration 009-web-domain on ${testDialect}`, () => {
  it('derives web_domain from the stored e-mails and takes free-mail domains out of the search index', async () => {
    const database = await createTestDatabase({ migratedTo: '005-search-index-tokens' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      const rows: [number, string, string | null][] = [
        [7001, 'SOLO HAULING', 'J.Doe@Gmail.com'],
        [7002, 'PRAIRIE LINES LLC', 'Dispatch@AcmeFreight-Lines.com'],
        [7003, 'ROADSIDE CARRIER', 'roadside@comcast.net'],
        [7004, 'NO MAIL TRUCKING', null],
        [7005, 'JUNK MAIL TRUCKING', 'n/a'],
      ];
      // Places, roles, cargo and coordinates too, for the facet tokens of the index.
      await sql`INSERT INTO companies (dot_number, name, email, phy_city, phy_state, carship, cargo_codes,
          latitude, longitude, created_at, updated_at)
        VALUES ${sql.join(
          rows.map(
            ([dot, name, email], index) =>
              sql`(${dot}, ${name}, ${email}, 'DALLAS', ${index % 2 ? 'TX' : 'OK'}, ${index % 2 ? 'C;B' : 'B'},
                ${index % 2 ? 'GENFREIGHT;COLDFOOD' : ''}, ${32.78 + index}, ${-96.8 - index}, ${now}, ${now})`,
          ),
        )}`.execute(db);
      const matching = (word: string) => dotsMatchingPrefix(db, word);
      if (testDialect === 'sqlite') {
        // The index as the search module wrote it before: the e-mail's domain, whatever it was (rowids
        // were company ids then; DOT numbers here, which is what the rank key's low bits give).
        await sql`INSERT INTO companies_fts (rowid, name, dba_name, place, web, facets)
          SELECT dot_number, name, '', '', substr(email, instr(email, '@') + 1), '' FROM companies
          WHERE email LIKE '%@%'`.execute(db);
      }
      expect(await matching('gmail')).toEqual([7001]);

      await migrateToLatest(db, testDialect);
      const stored = await db
        .selectFrom('companies')
        .select(['dot_number', 'web_domain'])
        .orderBy('dot_number')
        .execute();
      expect(stored.map((row) => [row.dot_number, row.web_domain])).toEqual([
        [7001, null],
        [7002, 'acmefreight-lines.com'],
        [7003, null],
        [7004, null],
        [7005, null],
      ]);
      expect(await matching('gmail')).toEqual([]);
      expect(await matching('comcast')).toEqual([]);
      expect(await matching('acmefreight')).toEqual([7002]);
      expect(await matching('solo')).toEqual([7001]);

      if (testDialect === 'sqlite') {
        // The migration's frozen copy of the index rows writes what the search module writes today.
        const queries = [
          'dallas',
          'tx',
          // The web domain's words, whole (migration 030).
          'facets:"_wacmefreight"',
          'facets:"_wlines"',
          'facets:"_statetx"',
          'facets:"_typebroker"',
          'facets:"_typenoncarrier"',
          'facets:"_cargocoldfood"',
          'facets:"_g1n32w97"',
          'facets:"_g4n8w25"',
          // The names' lead and exact-name tokens (migrations 021 and 028), and the lead prefixes (031).
          'facets:"_fprairie"',
          'facets:"_xprairielinesllc"',
          'facets:"_fpr"',
          'facets:"_fpra"',
          'facets:"_fso"',
        ];
        // The circle index (migration 042) holds the words and the filters' facets under circle keys.
        const circleQueries = queries.filter((query) => !/_[gfx]/.test(query));
        const results = async () => {
          const found: Record<string, number[]> = {};
          // The brokers' index (migration 046) holds companies_fts's rows of the brokers: every row here.
          for (const table of ['companies_fts', 'companies_broker_fts']) {
            for (const query of queries) {
              const { rows: hits } = await sql<{
                dot: number;
              }>`SELECT c.dot_number AS dot FROM ${sql.table(table)} f
                JOIN companies c ON c.dot_number = (f.rowid & ${sql.lit(DOT_MASK)})
                WHERE ${sql.table(table)} MATCH ${query.includes(':') ? query : `"${query}"*`}`.execute(db);
              found[`${table} ${query}`] = hits.map((row) => Number(row.dot)).sort((a, b) => a - b);
            }
          }
          for (const query of circleQueries) {
            const { rows: hits } = await sql<{ key: number }>`SELECT rowid AS key FROM companies_circle_fts
              WHERE companies_circle_fts MATCH ${query.includes(':') ? query : `"${query}"*`} ORDER BY rowid`.execute(
              db,
            );
            found[`circle ${query}`] = hits.map((row) => Number(row.key));
          }
          const { rows: keys } = await sql<{ dot: number; rank: number; circle: number | null }>`
            SELECT dot_number AS dot, rank_key AS rank, circle_key AS circle FROM search_index_keys ORDER BY 1`.execute(
            db,
          );
          found['keys'] = keys.flatMap((row) => [row.dot, row.rank, row.circle ?? -1]);
          return found;
        };
        const terms = async () =>
          (
            await sql<{
              term: string;
              carriers: number;
            }>`SELECT term, carriers FROM search_terms ORDER BY term`.execute(db)
          ).rows;
        const migrated = await results();
        const migratedTerms = await terms();
        expect(Object.values(migrated).every((dots) => dots.length > 0)).toBe(true);
        expect(migratedTerms).toContainEqual({ term: 'prairie', carriers: 1 });
        // No search expands a word into the web-label and exact-name tokens, so the list leaves them
        // out; nor into the web domain's words as words.
        expect(migratedTerms.filter(({ term }) => /^(_w|_x|acmefreight)/.test(term))).toEqual([]);
        expect(migratedTerms.some(({ term }) => term.startsWith('_f'))).toBe(true);
        await rebuildSearchIndex(db);
        expect(await results()).toEqual(migrated);
        // The term list (migration 023) is the index's, as the search module writes it.
        expect(await terms()).toEqual(migratedTerms);
      }
    } finally {
      await database.destroy();
    }
  });
});

describe(`migration 011-image-variants on ${testDialect}`, () => {
  it('gives stored images no size and no copies, which pages show from the original alone', async () => {
    const database = await createTestDatabase({ migratedTo: '010-honest-dated-carrier-data' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, created_at, updated_at)
        VALUES (7101, 'OLD PICTURES CO', ${now}, ${now})`.execute(db);
      await sql`INSERT INTO assets (company_id, block_id, storage_key, url, alt_text, type, content_type,
          byte_size, created_at)
        SELECT id, NULL, '0123456789abcdef0123456789abcdef.jpg', '/media/0123456789abcdef0123456789abcdef.jpg',
          'Old truck', 'image', 'image/jpeg', 1234, ${now} FROM companies WHERE dot_number = 7101`.execute(
        db,
      );

      await migrateToLatest(db, testDialect);
      const stored = await db
        .selectFrom('assets')
        .select(['alt_text', 'width', 'height', 'variants'])
        .execute();
      expect(stored).toEqual([{ alt_text: 'Old truck', width: null, height: null, variants: '[]' }]);
    } finally {
      await database.destroy();
    }
  });
});

describe(`migration 135-linked-status-changes on ${testDialect}`, () => {
  it('records the carriers inactive now as the last build saw them, and a due carrier as linked unless told', async () => {
    const database = await createTestDatabase({ migratedTo: '134-postgres-position' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, status_code, created_at, updated_at)
        VALUES (13501, 'ACTIVE CO', 'A', ${now}, ${now}), (13502, 'INACTIVE CO', 'I', ${now}, ${now}),
          (13503, 'UNKNOWN CO', NULL, ${now}, ${now})`.execute(db);
      await sql`INSERT INTO signals_due (dot_number) VALUES (13501)`.execute(db);

      await migrateToLatest(db, testDialect);
      expect(await db.selectFrom('signals_inactive').selectAll().execute()).toEqual([{ dot_number: 13502 }]);
      expect(await db.selectFrom('signals_due').selectAll().execute()).toEqual([
        { dot_number: 13501, linked: 1 },
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')('migration 032-postgres-search-terms on postgres', () => {
  it('lists the word lexemes of the carriers already stored, and no facet or web-label lexeme', async () => {
    const database = await createTestDatabase({ migratedTo: '031-quarter-cells-and-lead-prefixes' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, dba_name, email, web_domain, phy_city, phy_state,
          carship, cargo_codes, created_at, updated_at)
        VALUES (7201, 'PINEWOOD HAULERS LLC', 'PINE 2 TRUCKING', 'ops@pine-logistics.com', 'pine-logistics.com',
          'AUSTIN', 'TX', 'C', 'GENFREIGHT', ${now}, ${now})`.execute(db);

      await migrateToLatest(db, 'postgres');
      const terms = await sql<{ term: string }>`SELECT term FROM search_terms ORDER BY term`.execute(db);
      expect(terms.rows.map((row) => row.term)).toEqual([
        '2',
        'austin',
        'haulers',
        'llc',
        'pine',
        'pinewood',
        'trucking',
        'tx',
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')('migration 134-postgres-position on postgres', () => {
  it('gives each carrier with coordinates its PostGIS position, and the search vector the same lexemes without grid cells', async () => {
    const database = await createTestDatabase({ migratedTo: '133-carrier-judgements' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      const places: [number, number | null, number | null][] = [
        [7301, 32.78, -96.8],
        [7302, -33.87, 151.21],
        [7304, null, null],
      ];
      await sql`INSERT INTO companies (dot_number, name, dba_name, phy_city, phy_state, carship, cargo_codes,
          hm_flag, web_domain, latitude, longitude, created_at, updated_at)
        VALUES ${sql.join(
          places.map(
            ([dot, latitude, longitude]) =>
              sql`(${dot}, 'GRID LINES LLC', 'GL', 'DALLAS', 'TX', 'C;B', 'GENFREIGHT;COLDFOOD', 1,
                'grid-lines.com', ${latitude}, ${longitude}, ${now}, ${now})`,
          ),
        )}`.execute(db);
      const lexemes = () =>
        sql<{ dot_number: number; lexemes: string[] }>`SELECT dot_number,
            array(SELECT lexeme FROM unnest(search_vector) ORDER BY lexeme) AS lexemes
          FROM companies ORDER BY dot_number`.execute(db);
      const before = (await lexemes()).rows.map((row) => [
        Number(row.dot_number),
        row.lexemes.filter((lexeme) => !lexeme.startsWith('_g')),
      ]);

      await migrateToLatest(db, 'postgres');
      const after = (await lexemes()).rows.map((row) => [Number(row.dot_number), row.lexemes]);
      expect(after).toEqual(before);
      expect(after[0]![1]).toEqual(expect.arrayContaining(['_hazmat', '_typebroker', '_wgrid', '_l3gri']));
      const positions = await sql<{ dot_number: number; latitude: number | null; longitude: number | null }>`
        SELECT dot_number, ST_Y(position::geometry) AS latitude, ST_X(position::geometry) AS longitude
        FROM companies ORDER BY dot_number`.execute(db);
      expect(positions.rows.map((row) => [Number(row.dot_number), row.latitude, row.longitude])).toEqual(
        places.map(([dot, latitude, longitude]) => [
          dot,
          latitude === null ? null : expect.closeTo(latitude, 4),
          longitude === null ? null : expect.closeTo(longitude, 4),
        ]),
      );
      // Within 10 miles of Dallas: the Dallas carrier only, found through the GiST index's operator.
      const near = await sql<{ dot_number: number }>`SELECT dot_number FROM companies
        WHERE ST_DWithin(position, ST_SetSRID(ST_MakePoint(-96.8, 32.7), 4326)::geography, 16093.44)`.execute(
        db,
      );
      expect(near.rows.map((row) => Number(row.dot_number))).toEqual([7301]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')('migration 034-postgres-name-key-statistics on postgres', () => {
  it('keeps 1,000 histogram bounds for each name key, and analyses the carriers already stored', async () => {
    const database = await createTestDatabase({ migratedTo: '033-postgres-grid-cells' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, dba_name, created_at, updated_at)
        SELECT 7400 + n, 'NAME ' || n, 'DBA ' || n, ${now}, ${now} FROM generate_series(1, 50) n`.execute(db);

      await migrateToLatest(db, 'postgres');
      const columns = await sql<{ attname: string; attstattarget: number; bounds: number | null }>`
        SELECT a.attname, a.attstattarget, (
          SELECT array_length(s.histogram_bounds::text::text[], 1) FROM pg_stats s
          WHERE s.tablename = 'companies' AND s.attname = a.attname
        ) AS bounds
        FROM pg_attribute a WHERE a.attrelid = 'companies'::regclass
          AND a.attname IN ('legal_name_key', 'dba_name_key') ORDER BY a.attname`.execute(db);
      // 50 distinct names: every one a bound (a histogram holds up to the target's number of bounds).
      expect(columns.rows).toEqual([
        { attname: 'dba_name_key', attstattarget: 1000, bounds: 50 },
        { attname: 'legal_name_key', attstattarget: 1000, bounds: 50 },
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')('migration 035-postgres-lead-tokens on postgres', () => {
  it('gives each carrier one token per start of 2 and 3 letters of its words, none for shorter words', async () => {
    const database = await createTestDatabase({ migratedTo: '034-postgres-name-key-statistics' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, dba_name, phy_city, phy_state, created_at, updated_at)
        VALUES (7501, 'A-1 TRANSPORT & TRUCKING, LLC', 'TRI-STATE X', 'SAN ANTONIO', 'TX', ${now}, ${now}),
          (7502, 'JOSÉ Ö LI', NULL, NULL, NULL, ${now}, ${now})`.execute(db);

      await migrateToLatest(db, 'postgres');
      const tokens = await sql<{ dot_number: number; leads: string[] }>`SELECT dot_number,
          array(SELECT lexeme FROM unnest(search_vector) WHERE left(lexeme, 2) = '_l' ORDER BY lexeme) AS leads
        FROM companies ORDER BY dot_number`.execute(db);
      expect(tokens.rows.map((row) => [Number(row.dot_number), row.leads])).toEqual([
        [
          7501,
          // a 1 transport trucking llc tri state x san antonio tx
          [
            '_l2an',
            '_l2ll',
            '_l2sa',
            '_l2st',
            '_l2tr',
            '_l2tx',
            '_l3ant',
            '_l3llc',
            '_l3san',
            '_l3sta',
            '_l3tra',
            '_l3tri',
            '_l3tru',
          ],
        ],
        [7502, ['_l2jo', '_l2li', '_l3jos']],
      ]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')('migration 038-postgres-lead-token-postings on postgres', () => {
  const stored = async (db: Db) => {
    const now = new Date().toISOString();
    await sql`INSERT INTO companies (dot_number, name, dba_name, phy_city, phy_state, created_at, updated_at)
      VALUES (3801, 'TRUEWAY LINES', 'ACE TRANSPORT', 'TROY', 'TX', ${now}, ${now})`.execute(db);
  };
  const leadPostings = async (db: Db) =>
    (
      await sql<{ term: string; starts: boolean }>`SELECT term, starts FROM search_postings
        WHERE term LIKE '\\_l%' ORDER BY term`.execute(db)
    ).rows;

  it("gives each carrier's 3-letter lead tokens postings, flagged where a name starts with the letters", async () => {
    const database = await createTestDatabase({ migratedTo: '037-postgres-postings-role-statistics' });
    const { db } = database;
    try {
      await stored(db);
      await migrateToLatest(db, 'postgres');
      // trueway lines ace transport troy tx: 'tru' starts the legal name, 'ace' the DBA name.
      const expected = [
        { term: '_l3ace', starts: true },
        { term: '_l3lin', starts: false },
        { term: '_l3tra', starts: false },
        { term: '_l3tro', starts: false },
        { term: '_l3tru', starts: true },
      ];
      expect(await leadPostings(db)).toEqual(expected);
      // The triggers write them too, as a new carrier is stored and as a name changes.
      await sql`UPDATE companies SET name = 'TROYWAY LINES' WHERE dot_number = 3801`.execute(db);
      expect(await leadPostings(db)).toEqual([
        { term: '_l3ace', starts: true },
        { term: '_l3lin', starts: false },
        { term: '_l3tra', starts: false },
        { term: '_l3tro', starts: true },
      ]);
    } finally {
      await database.destroy();
    }
  });

  it('leaves the postings index to the next import when a killed census load left it suspended', async () => {
    const database = await createTestDatabase({ migratedTo: '037-postgres-postings-role-statistics' });
    const { db } = database;
    try {
      await stored(db);
      await suspendSecondaryIndexes(db, 'postgres', 'search_postings');
      await migrateTo(db, 'postgres', '038-postgres-lead-token-postings');
      expect(await leadPostings(db)).toHaveLength(5);
      await restoreSuspendedIndexes(db);
      const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
        WHERE tablename = 'search_postings'`.execute(db);
      expect(indexes.rows.map((row) => row.indexname)).toEqual(['search_postings_term']);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')(
  'migration 039-postgres-postings-default-autovacuum on postgres',
  () => {
    const storageOptions = async (db: Db) =>
      (
        await sql<{ reloptions: string[] | null }>`SELECT reloptions FROM pg_class
        WHERE oid = 'search_postings'::regclass`.execute(db)
      ).rows[0]?.reloptions;

    it("gives search_postings autovacuum's default thresholds back, the import vacuuming what it wrote", async () => {
      const database = await createTestDatabase({ migratedTo: '038-postgres-lead-token-postings' });
      const { db } = database;
      try {
        expect(await storageOptions(db)).toEqual([
          'autovacuum_vacuum_scale_factor=0.02',
          'autovacuum_vacuum_insert_scale_factor=0.02',
        ]);
        await migrateToLatest(db, 'postgres');
        expect(await storageOptions(db)).toBeNull();
      } finally {
        await database.destroy();
      }
    });
  },
);

describe.skipIf(testDialect === 'sqlite')(
  'migration 040-postgres-postings-cargo-and-brokers on postgres',
  () => {
    const stored = async (db: Db) => {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, phy_state, carship, cargo_codes, created_at, updated_at)
      VALUES (4001, 'ACE LINES', 'TX', 'C;B', 'GENFREIGHT;COLDFOOD', ${now}, ${now}),
        (4002, 'BEE LINES', 'OK', 'C', NULL, ${now}, ${now})`.execute(db);
    };
    /** Each carrier's postings: how many, and the cargo bits they hold. */
    const cargoBitsHeld = async (db: Db) =>
      (
        await sql<{ dot_number: number; postings: string; bits: number[] }>`SELECT c.dot_number,
          count(*) AS postings, array_agg(DISTINCT p.cargo_bits) AS bits
        FROM search_postings p JOIN companies c ON c.id = p.id GROUP BY c.dot_number ORDER BY 1`.execute(db)
      ).rows.map((row) => ({ ...row, dot_number: Number(row.dot_number), postings: Number(row.postings) }));
    const indexes = async (db: Db) =>
      (
        await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes
        WHERE tablename = 'search_postings' ORDER BY indexname`.execute(db)
      ).rows.map((row) => `${row.indexname}: ${row.indexdef.replace(/^.* USING /, '')}`);
    const built = [
      "search_postings_brokers: btree (term, starts, rank_key) INCLUDE (id, latitude, longitude, phy_state, carship, cargo_bits) WHERE (((';'::text || carship) || ';'::text) ~~ '%;B;%'::text)",
      'search_postings_term: btree (term, starts, rank_key) INCLUDE (id, latitude, longitude, phy_state, carship, cargo_bits)',
    ];

    it("gives every posting its carrier's cargo bits, and brokers' postings an index of their own", async () => {
      const database = await createTestDatabase({ migratedTo: '039-postgres-postings-default-autovacuum' });
      const { db } = database;
      try {
        await stored(db);
        const before = await sql<{ n: string }>`SELECT count(*) AS n FROM search_postings`.execute(db);
        await migrateTo(db, 'postgres', '040-postgres-postings-cargo-and-brokers');
        // ace lines tx, its lead tokens 'ace' and 'lin': four postings each (GENFREIGHT 1, COLDFOOD 2^22).
        expect(await cargoBitsHeld(db)).toEqual([
          { dot_number: 4001, postings: 5, bits: [1 + 2 ** 22] },
          { dot_number: 4002, postings: 5, bits: [0] },
        ]);
        const after = await sql<{ n: string }>`SELECT count(*) AS n FROM search_postings`.execute(db);
        expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
        expect(await indexes(db)).toEqual(built);
        // The triggers write the bits as a carrier's cargo changes.
        await sql`UPDATE companies SET cargo_codes = 'MEAT' WHERE dot_number = 4002`.execute(db);
        expect((await cargoBitsHeld(db))[1]).toEqual({ dot_number: 4002, postings: 5, bits: [2 ** 17] });
      } finally {
        await database.destroy();
      }
    });

    it('leaves both postings indexes to the next import when a killed census load left them suspended', async () => {
      const database = await createTestDatabase({ migratedTo: '039-postgres-postings-default-autovacuum' });
      const { db } = database;
      try {
        await stored(db);
        await suspendSecondaryIndexes(db, 'postgres', 'search_postings');
        await migrateTo(db, 'postgres', '040-postgres-postings-cargo-and-brokers');
        expect(await indexes(db)).toEqual([]);
        expect((await cargoBitsHeld(db)).map((row) => row.bits)).toEqual([[1 + 2 ** 22], [0]]);
        await restoreSuspendedIndexes(db);
        expect(await indexes(db)).toEqual(built);
      } finally {
        await database.destroy();
      }
    });
  },
);

describe.skipIf(testDialect === 'sqlite')(
  'migrations 043 and 044, the postings by place and by state, on postgres',
  () => {
    const indexes = async (db: Db) =>
      (
        await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes
        WHERE tablename = 'search_postings' ORDER BY indexname`.execute(db)
      ).rows.map((row) => row.indexname);
    const all = [
      'search_postings_brokers',
      'search_postings_place',
      'search_postings_state',
      'search_postings_term',
    ];

    it('indexes the postings by term and place and by term and state, and the counts read them', async () => {
      const database = await createTestDatabase({ migratedTo: '042-sqlite-circle-index' });
      const { db } = database;
      try {
        await migrateToLatest(db, 'postgres');
        expect(await indexes(db)).toEqual(all);
        // The expression the search spells (circle-index.ts quarterCellSql) is the index's.
        await sql`SET enable_seqscan = off`.execute(db);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT c.id FROM search_postings c
        WHERE c.term = 'lines' AND c.latitude IS NOT NULL
          AND ${quarterCellSql(sql`c.latitude`, sql`c.longitude`)} >= 1 AND ${quarterCellSql(sql`c.latitude`, sql`c.longitude`)} < 9`.execute(
          db,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toContain('search_postings_place');
        // The cell bounds are the index's condition, not a test of each posting of the term.
        expect(plan).toMatch(/Index Cond: .*term = 'lines'.*floor/);
        const { rows: byState } = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN SELECT c.id FROM search_postings c
        WHERE c.term = 'lines' AND c.phy_state = 'TX' ORDER BY c.id`.execute(db);
        expect(byState.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
          /Index Only Scan using search_postings_state .*\n.*Index Cond: .*term = 'lines'.*phy_state = 'TX'/,
        );
      } finally {
        await database.destroy();
      }
    });

    it('leaves the indexes to the next import when a killed census load left the postings indexes suspended', async () => {
      const database = await createTestDatabase({ migratedTo: '042-sqlite-circle-index' });
      const { db } = database;
      try {
        await suspendSecondaryIndexes(db, 'postgres', 'search_postings');
        await migrateToLatest(db, 'postgres');
        expect(await indexes(db)).toEqual([]);
        await restoreSuspendedIndexes(db);
        expect(await indexes(db)).toEqual(all);
      } finally {
        await database.destroy();
      }
    });
  },
);

describe.skipIf(testDialect !== 'sqlite')("migration 046, the brokers' index, on sqlite", () => {
  it('indexes the brokers stored already, and no other carrier', async () => {
    const database = await createTestDatabase({ migratedTo: '045-postgres-one-letter-words-start-names' });
    const { db } = database;
    try {
      const now = new Date().toISOString();
      await sql`INSERT INTO companies (dot_number, name, phy_city, phy_state, carship, created_at, updated_at)
        VALUES (4601, 'ACME BROKERAGE', 'TROY', 'TX', 'B', ${now}, ${now}),
          (4602, 'ACME HAULING', 'TROY', 'TX', 'C', ${now}, ${now}),
          (4603, 'ACME LOGISTICS', 'TROY', 'TX', 'C;B', ${now}, ${now})`.execute(db);
      await migrateToLatest(db, 'sqlite');
      const { rows } = await sql<{
        dot: number;
      }>`SELECT rowid & ${sql.lit(DOT_MASK)} AS dot FROM companies_broker_fts
        WHERE companies_broker_fts MATCH '"acme"*' ORDER BY 1`.execute(db);
      expect(rows.map((row) => Number(row.dot))).toEqual([4601, 4603]);
    } finally {
      await database.destroy();
    }
  });
});

describe.skipIf(testDialect === 'sqlite')(
  'migration 045, one-letter words starting names, on postgres',
  () => {
    const oneLetterPostings = async (db: Db) =>
      (
        await sql<{ dot_number: number; term: string; starts: boolean }>`SELECT c.dot_number, p.term, p.starts
        FROM search_postings p JOIN companies c ON c.id = p.id
        WHERE length(p.term) = 1 ORDER BY c.dot_number, p.term`.execute(db)
      ).rows;

    it('flags a posting of a word of one letter only where a name starts with it as a whole word', async () => {
      const database = await createTestDatabase({ migratedTo: '044-postgres-postings-states' });
      const { db } = database;
      try {
        const now = new Date().toISOString();
        await sql`INSERT INTO companies (dot_number, name, dba_name, phy_city, phy_state, created_at, updated_at)
        VALUES (4501, 'S & S TRUCKING', NULL, 'TROY', 'TX', ${now}, ${now}),
          (4502, 'SMITH S TRUCKING', NULL, 'TROY', 'TX', ${now}, ${now}),
          (4503, 'ACME LINES', 'S', 'TROY', 'TX', ${now}, ${now}),
          (4504, 'ABC K LINES', 'ALPHA K', 'TROY', 'TX', ${now}, ${now})`.execute(db);
        // Flagged by their letters before: every name that starts with 's' or 'a'.
        expect(await oneLetterPostings(db)).toEqual([
          { dot_number: 4501, term: 's', starts: true },
          { dot_number: 4502, term: 's', starts: true },
          { dot_number: 4503, term: 's', starts: true },
          { dot_number: 4504, term: 'k', starts: false },
        ]);
        await migrateToLatest(db, 'postgres');
        const asWholeWords = [
          { dot_number: 4501, term: 's', starts: true },
          { dot_number: 4502, term: 's', starts: false },
          { dot_number: 4503, term: 's', starts: true },
          { dot_number: 4504, term: 'k', starts: false },
        ];
        expect(await oneLetterPostings(db)).toEqual(asWholeWords);
        // The triggers write them so too, as a carrier is stored and as a name changes.
        await sql`UPDATE companies SET name = 'K LINES' WHERE dot_number = 4504`.execute(db);
        await sql`UPDATE companies SET name = 'S TRUCKING' WHERE dot_number = 4502`.execute(db);
        await sql`INSERT INTO companies (dot_number, name, phy_city, phy_state, created_at, updated_at)
        VALUES (4505, 'SKY S LINES', 'TROY', 'TX', ${now}, ${now})`.execute(db);
        expect(await oneLetterPostings(db)).toEqual([
          { dot_number: 4501, term: 's', starts: true },
          { dot_number: 4502, term: 's', starts: true },
          { dot_number: 4503, term: 's', starts: true },
          { dot_number: 4504, term: 'k', starts: true },
          { dot_number: 4505, term: 's', starts: false },
        ]);
      } finally {
        await database.destroy();
      }
    });
  },
);

describe.skipIf(testDialect === 'sqlite')('migrations started by two instances at once on postgres', () => {
  it('run once: both starts succeed and each migration is recorded one time', async () => {
    // A fresh database, as on a deployment's first start, with two pools standing for two instances.
    const clusterUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `carrierpage_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    const instances = [0, 1].map(() => openDatabase({ dialect: 'postgres', url: url.toString() }));
    try {
      await Promise.all(instances.map((db) => migrateToLatest(db, 'postgres')));
      const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(instances[0]!);
      const names = recorded.rows.map((row) => row.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain('013-deployment-secrets');
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
