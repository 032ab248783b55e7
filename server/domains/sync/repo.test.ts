import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { acquireSyncLease, createSyncRepo } from './repo.ts';

describe(`the sync state and lease on ${testDialect}`, () => {
  let store: TestDatabase;
  beforeEach(async () => {
    store = await createTestDatabase();
  });
  afterEach(() => store.destroy());

  const holdAs = (holder: string, expiresAt: string) =>
    store.db
      .insertInto('sync_lease')
      .values({ name: 'fmcsa-portal-sync', holder, expires_at: expiresAt })
      .execute();

  it('keeps one state per dataset, the newest', async () => {
    const repo = createSyncRepo(store.db);
    await repo.saveDataset({
      datasetId: 'az4n-8mr2',
      rowsUpdatedAt: 1_796_000_000,
      syncedAt: '2026-12-01T06:30:00.000Z',
    });
    await repo.saveDataset({
      datasetId: 'az4n-8mr2',
      rowsUpdatedAt: 1_796_086_400,
      syncedAt: '2026-12-02T06:30:00.000Z',
    });
    expect(await repo.datasets()).toEqual([
      { datasetId: 'az4n-8mr2', rowsUpdatedAt: 1_796_086_400, syncedAt: '2026-12-02T06:30:00.000Z' },
    ]);
  });

  it('lets one holder at a time, until it releases', async () => {
    const first = await acquireSyncLease(store.db, 60_000);
    if (!('lease' in first)) throw new Error('the first sync should take the lease');
    const second = await acquireSyncLease(store.db, 60_000);
    expect(second).toEqual({ heldBy: first.lease.holder, expiresAt: expect.any(String) });
    expect(await first.lease.renew()).toBe(true);
    await first.lease.release();
    expect('lease' in (await acquireSyncLease(store.db, 60_000))).toBe(true);
  });

  it('takes over a lease past its expiry, and its old holder can no longer renew it', async () => {
    const clock = { now: new Date('2026-12-06T06:30:00Z') };
    const first = await acquireSyncLease(store.db, 60_000, () => clock.now);
    if (!('lease' in first)) throw new Error('the first sync should take the lease');
    clock.now = new Date('2026-12-06T06:31:01Z');
    const second = await acquireSyncLease(store.db, 60_000, () => clock.now);
    expect('lease' in second).toBe(true);
    expect(await first.lease.renew()).toBe(false);
  });

  it("takes over at once the lease of a process of this host that died (kill -9), not a live one's", async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    await holdAs(`${hostname()}:${dead}:0000`, '2099-01-01T00:00:00.000Z');
    expect('lease' in (await acquireSyncLease(store.db, 60_000))).toBe(true);

    await store.db.deleteFrom('sync_lease').execute();
    await holdAs(`${hostname()}:${process.pid}:0000`, '2099-01-01T00:00:00.000Z');
    expect(await acquireSyncLease(store.db, 60_000)).toEqual({
      heldBy: `${hostname()}:${process.pid}:0000`,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    // Another host's process cannot be looked at: its lease stands until it expires.
    await store.db.deleteFrom('sync_lease').execute();
    await holdAs('another-host:1:0000', '2099-01-01T00:00:00.000Z');
    expect('heldBy' in (await acquireSyncLease(store.db, 60_000))).toBe(true);
  });
});
