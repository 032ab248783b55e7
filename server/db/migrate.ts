import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import { initialSchema } from './migrations/001-initial-schema.ts';
import { carrierDataSchema } from './migrations/002-carrier-data.ts';
import { searchIndexSchema } from './migrations/003-search-index.ts';
import { ratingsSchema } from './migrations/004-ratings.ts';
import { searchIndexTokensSchema } from './migrations/005-search-index-tokens.ts';
import { sessionRevocationSchema } from './migrations/007-session-revocation.ts';
import { sanitizeStoredCustomHtml } from './migrations/008-sanitize-stored-custom-html.ts';
import { webDomainSchema } from './migrations/009-web-domain.ts';
import { honestDatedCarrierData } from './migrations/010-honest-dated-carrier-data.ts';
import { imageVariantsSchema } from './migrations/011-image-variants.ts';
import { storedScopedCss } from './migrations/012-stored-scoped-css.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The one migration set for both dialects. Migrations are listed in code, not read from a folder,
 * so they survive bundling of the server into one file.
 */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial-schema': initialSchema(dialect),
    '002-carrier-data': carrierDataSchema,
    '003-search-index': searchIndexSchema(dialect),
    '004-ratings': ratingsSchema,
    '005-search-index-tokens': searchIndexTokensSchema(dialect),
    '007-session-revocation': sessionRevocationSchema,
    '008-sanitize-stored-custom-html': sanitizeStoredCustomHtml,
    '009-web-domain': webDomainSchema(dialect),
    '010-honest-dated-carrier-data': honestDatedCarrierData,
    '011-image-variants': imageVariantsSchema,
    '012-stored-scoped-css': storedScopedCss,
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  await migrateTo(db, dialect, 'latest');
}

/** Runs the migrations up to and including `target` ('latest': all of them); tests start from older schemas. */
export async function migrateTo(db: Db, dialect: Dialect, target: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } =
    target === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
