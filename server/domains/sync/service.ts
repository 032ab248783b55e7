import type { Db } from '../../db/database.ts';
import { createSyncRepo, type SyncedDataset } from './repo.ts';

/** What the server reads of the portal sync (cli/sync writes it): each dataset's last successful sync. */
export function createSyncService(db: Db) {
  const repo = createSyncRepo(db);
  return {
    lastSyncs: (): Promise<SyncedDataset[]> => repo.datasets(),
  };
}
