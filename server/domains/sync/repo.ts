import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** A portal dataset's stored sync state. */
export interface SyncedDataset {
  datasetId: string;
  /** The portal's rowsUpdatedAt (Unix seconds) of the data imported. */
  rowsUpdatedAt: number;
  /** ISO time the last successful sync of the dataset finished. */
  syncedAt: string;
}

const LEASE_NAME = 'fmcsa-portal-sync';

export function createSyncRepo(db: Db) {
  return {
    async datasets(): Promise<SyncedDataset[]> {
      const rows = await db.selectFrom('sync_datasets').selectAll().orderBy('dataset_id').execute();
      // PostgreSQL returns bigint as a string.
      return rows.map((row) => ({
        datasetId: row.dataset_id,
        rowsUpdatedAt: Number(row.rows_updated_at),
        syncedAt: row.synced_at,
      }));
    },

    /** Records that `datasetId` holds the portal's version `rowsUpdatedAt`, current as of `syncedAt`. */
    async saveDataset(state: SyncedDataset): Promise<void> {
      await db
        .insertInto('sync_datasets')
        .values({
          dataset_id: state.datasetId,
          rows_updated_at: state.rowsUpdatedAt,
          synced_at: state.syncedAt,
        })
        .onConflict((conflict) =>
          conflict
            .column('dataset_id')
            .doUpdateSet({ rows_updated_at: state.rowsUpdatedAt, synced_at: state.syncedAt }),
        )
        .execute();
    },
  };
}

/** Whether the process a holder string names runs on this host and has died. */
function holderIsDeadHere(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== hostname() || !pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface SyncLease {
  holder: string;
  /** Extends the lease; false when another process has taken it (it had expired). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Takes the one sync lease for `ttlMs`, or returns the current holder when another live process holds
 * it. A lease past its expiry, or held by a process of this host that has died (kill -9), is taken
 * over, so a crashed sync never blocks the next one for long.
 */
export async function acquireSyncLease(
  db: Db,
  ttlMs: number,
  clock: () => Date = () => new Date(),
): Promise<{ lease: SyncLease } | { heldBy: string; expiresAt: string }> {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const expiry = () => new Date(clock().getTime() + ttlMs).toISOString();
  const now = clock().toISOString();
  await db
    .insertInto('sync_lease')
    .values({ name: LEASE_NAME, holder, expires_at: expiry() })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder, expires_at: expiry() })
        .where('sync_lease.expires_at', '<', now),
    )
    .execute();
  let current = await db
    .selectFrom('sync_lease')
    .selectAll()
    .where('name', '=', LEASE_NAME)
    .executeTakeFirstOrThrow();
  if (current.holder !== holder && holderIsDeadHere(current.holder)) {
    await db
      .updateTable('sync_lease')
      .set({ holder, expires_at: expiry() })
      .where('name', '=', LEASE_NAME)
      .where('holder', '=', current.holder)
      .execute();
    current = await db
      .selectFrom('sync_lease')
      .selectAll()
      .where('name', '=', LEASE_NAME)
      .executeTakeFirstOrThrow();
  }
  if (current.holder !== holder) return { heldBy: current.holder, expiresAt: current.expires_at };
  return {
    lease: {
      holder,
      async renew() {
        const result = await db
          .updateTable('sync_lease')
          .set({ expires_at: expiry() })
          .where('name', '=', LEASE_NAME)
          .where('holder', '=', holder)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      },
      async release() {
        await db
          .deleteFrom('sync_lease')
          .where('name', '=', LEASE_NAME)
          .where('holder', '=', holder)
          .execute();
      },
    },
  };
}
