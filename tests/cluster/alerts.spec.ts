import { sql } from 'kysely';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { computeAlerts } from '../../server/domains/alerts/compute.ts';
import { insertHistoryEvents } from '../../server/domains/history/repo.ts';
import { seedWatchlist } from '../support/watchers.ts';
import { clusterEnv } from './cluster.ts';

const WATCHERS = Array.from({ length: 20 }, (_, index) => `cluster-watcher-${index}@broker.example`);

// Twenty watchers of one carrier; its authority is revoked and its phone changes; two computations
// run at once (as two syncs would, were the lease gone), and both instances' mail workers race for
// the e-mails. Each watcher must get one alert and one digest.
test('each alert is queued once and sent once across two instances', async () => {
  const config = { dialect: 'postgres' as const, url: clusterEnv().DATABASE_URL! };
  const [first, second] = [openDatabase(config), openDatabase(config)];
  try {
    for (const email of WATCHERS) await seedWatchlist(first, email, 'Cluster', [882111]);
    const day = new Date().toISOString().slice(0, 10);
    const base = { dotNumber: 882111, firstSeenOn: day, effectiveOn: day, source: 'az4n-8mr2' };
    await insertHistoryEvents(first, [
      {
        ...base,
        kind: 'authority',
        event: 'revoked',
        subject: 'MC882111 common',
        valueBefore: null,
        valueAfter: null,
      },
      {
        ...base,
        kind: 'record',
        event: 'changed',
        subject: 'phone',
        valueBefore: '6145550111',
        valueAfter: '6145550000',
      },
    ]);
    const appUrl = clusterEnv().CLUSTER_URL!;
    const runs = await Promise.all([
      computeAlerts({ db: first, dialect: 'postgres', appUrl }),
      computeAlerts({ db: second, dialect: 'postgres', appUrl }),
    ]);
    expect(runs.map((run) => run.alerts).sort()).toEqual([0, 40]);
    expect(runs.map((run) => run.severeEmails + run.digestEmails).sort()).toEqual([0, 40]);

    // The instances' workers poll every few seconds; wait until nothing of these is left to send.
    await expect
      .poll(
        async () =>
          Number(
            (
              await sql<{ n: string }>`SELECT count(*) AS n FROM mail_queue
                WHERE to_address LIKE 'cluster-watcher-%' AND status <> 'sent'`.execute(first)
            ).rows[0]?.n,
          ),
        { timeout: 30_000 },
      )
      .toBe(0);
    const { rows } = await sql<{ to_address: string; subject: string }>`
      SELECT to_address, subject FROM outbox_messages WHERE to_address LIKE 'cluster-watcher-%'
      ORDER BY to_address, subject`.execute(first);
    expect(rows).toEqual(
      [...WATCHERS].sort().flatMap((to) => [
        { to_address: to, subject: 'Alert: BUCKEYE HAULING 111 (USDOT 882111)' },
        { to_address: to, subject: 'Your daily digest: changes to 1 carrier you watch' },
      ]),
    );
  } finally {
    await Promise.all([first.destroy(), second.destroy()]);
  }
});
