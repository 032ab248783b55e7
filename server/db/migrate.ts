import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
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
import { deploymentSecretsSchema } from './migrations/013-deployment-secrets.ts';
import { authorityInsuranceSchema } from './migrations/014-authority-insurance.ts';
import { mediaInDatabaseSchema } from './migrations/015-media-in-database.ts';
import { mailQueueSchema } from './migrations/016-mail-queue.ts';
import { suspendedIndexesSchema } from './migrations/019-suspended-indexes.ts';
import { searchNameKeySchema } from './migrations/020-search-name-keys.ts';
import { rankKeySchema } from './migrations/021-rank-key.ts';
import { searchTermsSchema } from './migrations/023-search-terms.ts';
import { nameEndMarkerSchema } from './migrations/024-name-end-marker.ts';
import { sourceHashSchema } from './migrations/025-source-hash.ts';
import { inspectionCountsIndexSchema } from './migrations/026-inspection-counts-index.ts';
import { companyPositionIndexSchema } from './migrations/027-company-position-index.ts';
import { exactNameTokenSchema } from './migrations/028-exact-name-token.ts';
import { postgresSearchFacetsSchema } from './migrations/029-postgres-search-facets.ts';
import { webDomainWordsSchema } from './migrations/030-web-domain-words.ts';
import { quarterCellsAndLeadPrefixesSchema } from './migrations/031-quarter-cells-and-lead-prefixes.ts';
import { postgresSearchTermsSchema } from './migrations/032-postgres-search-terms.ts';
import { postgresGridCellsSchema } from './migrations/033-postgres-grid-cells.ts';
import { postgresNameKeyStatisticsSchema } from './migrations/034-postgres-name-key-statistics.ts';
import { postgresLeadTokensSchema } from './migrations/035-postgres-lead-tokens.ts';
import { postgresSearchPostingsSchema } from './migrations/036-postgres-search-postings.ts';
import { postgresPostingsRoleStatisticsSchema } from './migrations/037-postgres-postings-role-statistics.ts';
import { postgresLeadTokenPostingsSchema } from './migrations/038-postgres-lead-token-postings.ts';
import { postgresPostingsDefaultAutovacuumSchema } from './migrations/039-postgres-postings-default-autovacuum.ts';
import { postgresPostingsCargoAndBrokersSchema } from './migrations/040-postgres-postings-cargo-and-brokers.ts';
import { postgresSourceHashSchema } from './migrations/041-postgres-source-hash.ts';
import { sqliteCircleIndexSchema } from './migrations/042-sqlite-circle-index.ts';
import { postgresPostingsPlacesSchema } from './migrations/043-postgres-postings-places.ts';
import { postgresPostingsStatesSchema } from './migrations/044-postgres-postings-states.ts';
import { postgresOneLetterWordsStartNamesSchema } from './migrations/045-postgres-one-letter-words-start-names.ts';
import { sqliteBrokerIndexSchema } from './migrations/046-sqlite-broker-index.ts';
import { recordHistorySchema } from './migrations/047-record-history.ts';
import { ratingReviewerDomainsSchema } from './migrations/049-rating-reviewer-domains.ts';
import { syncStateSchema } from './migrations/051-sync-state.ts';
import { carrierRecordContactColumns } from './migrations/053-carrier-record-contact-columns.ts';
import { recordHistoryBlock } from './migrations/054-record-history-block.ts';
import { filingsAndOutOfServiceOrdersSchema } from './migrations/057-filings-and-out-of-service-orders.ts';
import { hazmatFacetSchema } from './migrations/061-hazmat-facet.ts';
import { inspectionViolationsSchema } from './migrations/070-inspection-violations.ts';
import { historyEventKeysByCarrier } from './migrations/071-history-event-keys-by-carrier.ts';
import { vettingReportsSchema } from './migrations/075-vetting-reports.ts';
import { watchersSchema } from './migrations/090-watchers.ts';
import { watchAlertsSchema } from './migrations/095-watch-alerts.ts';
import { carrierLinksAndSignalsSchema } from './migrations/100-carrier-links-and-signals.ts';
import { connectedCarriersBlock } from './migrations/101-connected-carriers-block.ts';
import { carrierRepliesSchema } from './migrations/105-carrier-replies.ts';
import { incrementalSignalsSchema } from './migrations/125-incremental-signals.ts';
import { carrierJudgementsSchema } from './migrations/133-carrier-judgements.ts';
import { postgresPositionSchema } from './migrations/134-postgres-position.ts';
import { linkedStatusChangesSchema } from './migrations/135-linked-status-changes.ts';
import { postgresPostingsUpdatePlannedPerCallSchema } from './migrations/136-postgres-postings-update-planned-per-call.ts';

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
    '013-deployment-secrets': deploymentSecretsSchema,
    '014-authority-insurance': authorityInsuranceSchema,
    '015-media-in-database': mediaInDatabaseSchema(dialect),
    '016-mail-queue': mailQueueSchema(dialect),
    '019-suspended-indexes': suspendedIndexesSchema,
    '020-search-name-keys': searchNameKeySchema(dialect),
    '021-rank-key': rankKeySchema(dialect),
    '023-search-terms': searchTermsSchema(dialect),
    '024-name-end-marker': nameEndMarkerSchema(dialect),
    '025-source-hash': sourceHashSchema(dialect),
    '026-inspection-counts-index': inspectionCountsIndexSchema,
    '027-company-position-index': companyPositionIndexSchema(dialect),
    '028-exact-name-token': exactNameTokenSchema(dialect),
    '029-postgres-search-facets': postgresSearchFacetsSchema(dialect),
    '030-web-domain-words': webDomainWordsSchema(dialect),
    '031-quarter-cells-and-lead-prefixes': quarterCellsAndLeadPrefixesSchema(dialect),
    '032-postgres-search-terms': postgresSearchTermsSchema(dialect),
    '033-postgres-grid-cells': postgresGridCellsSchema(dialect),
    '034-postgres-name-key-statistics': postgresNameKeyStatisticsSchema(dialect),
    '035-postgres-lead-tokens': postgresLeadTokensSchema(dialect),
    '036-postgres-search-postings': postgresSearchPostingsSchema(dialect),
    '037-postgres-postings-role-statistics': postgresPostingsRoleStatisticsSchema(dialect),
    '038-postgres-lead-token-postings': postgresLeadTokenPostingsSchema(dialect),
    '039-postgres-postings-default-autovacuum': postgresPostingsDefaultAutovacuumSchema(dialect),
    '040-postgres-postings-cargo-and-brokers': postgresPostingsCargoAndBrokersSchema(dialect),
    '041-postgres-source-hash': postgresSourceHashSchema(dialect),
    '042-sqlite-circle-index': sqliteCircleIndexSchema(dialect),
    '043-postgres-postings-places': postgresPostingsPlacesSchema(dialect),
    '044-postgres-postings-states': postgresPostingsStatesSchema(dialect),
    '045-postgres-one-letter-words-start-names': postgresOneLetterWordsStartNamesSchema(dialect),
    '046-sqlite-broker-index': sqliteBrokerIndexSchema(dialect),
    '047-record-history': recordHistorySchema(dialect),
    '049-rating-reviewer-domains': ratingReviewerDomainsSchema(dialect),
    '051-sync-state': syncStateSchema,
    '053-carrier-record-contact-columns': carrierRecordContactColumns(),
    '054-record-history-block': recordHistoryBlock(),
    '057-filings-and-out-of-service-orders': filingsAndOutOfServiceOrdersSchema,
    '061-hazmat-facet': hazmatFacetSchema(dialect),
    '070-inspection-violations': inspectionViolationsSchema,
    '071-history-event-keys-by-carrier': historyEventKeysByCarrier,
    '075-vetting-reports': vettingReportsSchema(dialect),
    '090-watchers': watchersSchema(dialect),
    '095-watch-alerts': watchAlertsSchema(dialect),
    '100-carrier-links-and-signals': carrierLinksAndSignalsSchema,
    '101-connected-carriers-block': connectedCarriersBlock,
    '105-carrier-replies': carrierRepliesSchema,
    '125-incremental-signals': incrementalSignalsSchema,
    '133-carrier-judgements': carrierJudgementsSchema(dialect),
    '134-postgres-position': postgresPositionSchema(dialect),
    '135-linked-status-changes': linkedStatusChangesSchema,
    '136-postgres-postings-update-planned-per-call': postgresPostingsUpdatePlannedPerCallSchema(dialect),
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  await migrateTo(db, dialect, 'latest');
}

/**
 * The PostgreSQL advisory lock that lets one instance at a time migrate: any fixed number this app
 * owns. Instances that start at the same moment wait here, then find nothing left to do.
 */
const MIGRATION_LOCK_ID = 7_319_004_211;

/** Runs the migrations up to and including `target` ('latest': all of them); tests start from older schemas. */
export async function migrateTo(db: Db, dialect: Dialect, target: string): Promise<void> {
  if (dialect === 'sqlite') return runMigrator(db, dialect, target);
  // Kysely's migrator locks only around running the migrations, not around creating its own
  // bookkeeping tables, so two instances on a fresh database could still collide there. A session
  // lock on one dedicated connection covers the whole run; PostgreSQL drops it if the process dies.
  await db.connection().execute(async (connection) => {
    // Waiting for another instance's run and a long migration may take longer than the server's
    // statement timeout (STATEMENT_TIMEOUT_MS): none on this connection until it goes back to the pool.
    await sql`set statement_timeout = 0`.execute(connection);
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      await runMigrator(connection, dialect, target);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function runMigrator(db: Db, dialect: Dialect, target: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } =
    target === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
