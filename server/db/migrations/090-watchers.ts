import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../migrate.ts';

/**
 * Issue 54, watchers (docs/decisions/120-watcher-accounts-and-watchlists.md): accounts for people who
 * vet carriers, separate from the owners' users; their named watchlists of DOT numbers; their API keys,
 * kept as hashes; and their sign-in links, queued in mail_queue like the owners' and activated at
 * sending. Deleting an account deletes everything it holds through the cascades.
 */
export function watchersSchema(dialect: Dialect): Migration {
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    table.addColumn('id', 'integer', (column) =>
      dialect === 'postgres'
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    );

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('watcher_accounts'))
        // Stored lower-case.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('watchlists'))
        .addColumn('account_id', 'integer', (c) =>
          c.notNull().references('watcher_accounts.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('watchlists_account_name', ['account_id', 'name'])
        .execute();

      await db.schema
        .createTable('watchlist_carriers')
        .addColumn('watchlist_id', 'integer', (c) =>
          c.notNull().references('watchlists.id').onDelete('cascade'),
        )
        .addColumn('dot_number', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('watchlist_carriers_pk', ['watchlist_id', 'dot_number'])
        .execute();
      // Who watches a carrier: the alerts of a changed record.
      await db.schema
        .createIndex('watchlist_carriers_dot')
        .on('watchlist_carriers')
        .columns(['dot_number', 'watchlist_id'])
        .execute();

      await withId(db.schema.createTable('api_keys'))
        .addColumn('account_id', 'integer', (c) =>
          c.notNull().references('watcher_accounts.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        // SHA-256 (hex) of the key; the key itself is shown once and never stored.
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        // The key's first characters, shown so its owner can tell keys apart.
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

      // A sign-in link: for an address, whether or not it has an account yet (the first use makes one).
      await withId(db.schema.createTable('watcher_login_tokens'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('watcher_login_tokens_email')
        .on('watcher_login_tokens')
        .columns(['email', 'created_at'])
        .execute();

      await db.schema
        .alterTable('mail_queue')
        .addColumn('watcher_login_token_id', 'integer', (c) =>
          c.references('watcher_login_tokens.id').onDelete('cascade'),
        )
        .execute();
    },
  };
}
