import type { Db } from '../../server/db/database.ts';
import { acquireSyncLease } from '../../server/domains/sync/repo.ts';

/** Long enough to outlast any pause of the event loop during an import; renewed well before it ends. */
const LEASE_MS = 5 * 60_000;
const RENEW_EVERY_MS = 30_000;

export class LeaseHeldError extends Error {}

/**
 * Runs `work` holding the one sync lease (every instance and command shares it through the database).
 * Throws LeaseHeldError, without running it, when another sync holds the lease.
 */
export async function holdSyncLease<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const taken = await acquireSyncLease(db, LEASE_MS);
  if (!('lease' in taken)) {
    const [host, pid] = taken.heldBy.split(':');
    throw new LeaseHeldError(
      `sync: another sync is running (process ${pid} on ${host}, lease until ${taken.expiresAt}); this one stops`,
    );
  }
  const { lease } = taken;
  const renewal = setInterval(() => void lease.renew().catch(() => undefined), RENEW_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await lease.release();
  }
}
