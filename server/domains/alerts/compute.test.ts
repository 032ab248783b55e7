import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../cli/import/import-files.ts';
import { ACME, ACME_CHANGED, writeCensus, type CensusRow } from '../../../tests/support/census-csv.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import type { Db } from '../../db/database.ts';
import { insertHistoryEvents } from '../history/repo.ts';
import { computeAlerts } from './compute.ts';

const STEADY: CensusRow = { ...ACME, DOT_NUMBER: '700002', LEGAL_NAME: 'STEADY CARRIERS INC' };
const APP_URL = 'https://carrierpage.test';

/** Watcher accounts, lists and an owner, written as the watch branch's pages would. */
async function seedWatchers(db: Db) {
  const at = '2026-10-31T12:00:00.000Z';
  const account = (email: string) =>
    db
      .insertInto('watcher_accounts')
      .values({ email, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
  const list = (accountId: number, name: string, dots: number[]) =>
    db
      .insertInto('watchlists')
      .values({ account_id: accountId, name, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then(async ({ id }) => {
        await db
          .insertInto('watchlist_carriers')
          .values(dots.map((dot_number) => ({ watchlist_id: id, dot_number, added_at: at })))
          .execute();
        return id;
      });
  const a = await account('a@broker.example');
  const b = await account('b@shipper.example');
  const main = await list(a, 'Main', [700001, 700002]);
  await list(a, 'Other', [700001]);
  await list(b, 'Lanes', [700001]);
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('dot_number', '=', 700001)
    .executeTakeFirstOrThrow();
  const user = (email: string, isAdmin: 0 | 1, isActive: 0 | 1) => ({
    company_id: company.id,
    email,
    is_admin: isAdmin,
    is_active: isActive,
    created_at: at,
    updated_at: at,
  });
  await db
    .insertInto('users')
    .values([
      user('admin@acme-login.example', 1, 1),
      user('staff@acme-login.example', 0, 1),
      user('gone@acme-login.example', 1, 0),
    ])
    .execute();
  return { a, b, main };
}

describe(`alerts computed after each import on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-alerts-'));
  const file = (name: string) => path.join(dir, name);
  let database: TestDatabase;
  let db: Db;
  let accounts: Awaited<ReturnType<typeof seedWatchers>>;
  const at = (iso: string) => () => new Date(iso);
  const compute = (iso: string) => computeAlerts({ db, dialect: testDialect, appUrl: APP_URL, now: at(iso) });
  const mails = () =>
    db
      .selectFrom('mail_queue')
      .select(['kind', 'to_address', 'subject', 'content', 'headers', 'link'])
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          text: (JSON.parse(row.content) as { text: string }).text,
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null,
        })),
      );

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await importFiles(db, testDialect, [writeCensus(file('census_20261101.csv'), [ACME, STEADY])], {
      showProgress: false,
    });
    accounts = await seedWatchers(db);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds nothing after a first import, which writes no history', async () => {
    expect(await compute('2026-11-01T08:00:00Z')).toEqual({
      alerts: 0,
      severeEmails: 0,
      digestEmails: 0,
      ownerEmails: 0,
    });
    expect(await mails()).toEqual([]);
  });

  it('classifies a changed day: severe changes e-mailed at once, the rest in one digest per account', async () => {
    await db
      .insertInto('webhook_endpoints')
      .values({
        account_id: accounts.a,
        url: 'https://hooks.example/a',
        secret: 'whsec_dGVzdA==',
        created_at: 'x',
      })
      .execute();
    await importFiles(
      db,
      testDialect,
      [writeCensus(file('census_20261102.csv'), [ACME_CHANGED, { ...STEADY, PHONE: '5125550999' }])],
      { showProgress: false },
    );
    await insertHistoryEvents(db, [
      {
        dotNumber: 700002,
        kind: 'insurance',
        event: 'cancelled',
        subject: 'BI&PD policy P-1 (GREAT WEST CASUALTY)',
        valueBefore: null,
        valueAfter: null,
        effectiveOn: '2026-11-02',
        firstSeenOn: '2026-11-02',
        source: 'qh9u-swkp',
      },
    ]);
    // An out-of-service inspection and a crash of the day; an inspection with none, and one from
    // before the carrier was watched, give no alert.
    await db
      .insertInto('inspections')
      .values([
        {
          inspection_id: 'IN-1',
          dot_number: 700002,
          insp_date: '2026-11-01',
          insp_level_id: 1,
          viol_total: 3,
          oos_total: 2,
          driver_oos_total: 1,
          vehicle_oos_total: 1,
          hazmat_oos_total: 0,
          report_state: 'TX',
          report_number: null,
          vin: null,
          vin2: null,
        },
        {
          inspection_id: 'IN-2',
          dot_number: 700002,
          insp_date: '2026-11-01',
          insp_level_id: 1,
          viol_total: 1,
          oos_total: 0,
          driver_oos_total: 0,
          vehicle_oos_total: 0,
          hazmat_oos_total: 0,
          report_state: 'TX',
          report_number: null,
          vin: null,
          vin2: null,
        },
        {
          inspection_id: 'IN-3',
          dot_number: 700002,
          insp_date: '2026-10-20',
          insp_level_id: 1,
          viol_total: 1,
          oos_total: 1,
          driver_oos_total: 1,
          vehicle_oos_total: 0,
          hazmat_oos_total: 0,
          report_state: 'TX',
          report_number: null,
          vin: null,
          vin2: null,
        },
      ])
      .execute();
    await db
      .insertInto('crashes')
      .values({
        crash_id: 'CR-1',
        dot_number: 700001,
        report_date: '2026-11-01',
        report_state: 'TX',
        fatalities: 0,
        injuries: 1,
        tow_away: 1,
      })
      .execute();

    const computed = await compute('2026-11-02T08:00:00Z');
    // ACME's 16 changes and its crash on three lists; STEADY's phone, cancellation and inspection on one.
    expect(computed).toEqual({ alerts: 17 * 3 + 3, severeEmails: 2, digestEmails: 2, ownerEmails: 1 });

    const sent = await mails();
    const severe = sent.filter((mail) => mail.kind === 'alert');
    expect(severe.map((mail) => [mail.to_address, mail.subject])).toEqual([
      ['a@broker.example', 'Alert: 2 carriers you watch'],
      ['b@shipper.example', 'Alert: ACME FREIGHT LLC (USDOT 700001)'],
    ]);
    expect(severe[0]!.text).toContain(
      [
        'ACME FREIGHT LLC (USDOT 700001)',
        '  - USDOT status changed from Active to Inactive',
        `  ${APP_URL}/profile/700001`,
        '',
        'STEADY CARRIERS INC (USDOT 700002)',
        '  - Insurance cancelled: BI&PD policy P-1 (GREAT WEST CASUALTY)',
        `  ${APP_URL}/profile/700002`,
      ].join('\n'),
    );
    const digests = sent.filter((mail) => mail.kind === 'digest');
    expect(digests.map((mail) => [mail.to_address, mail.subject])).toEqual([
      ['a@broker.example', 'Your daily digest: changes to 2 carriers you watch'],
      ['b@shipper.example', 'Your daily digest: changes to 1 carrier you watch'],
    ]);
    const digestA = digests[0]!.text;
    expect(digestA).toContain('  - Legal name changed from ACME HAULING LLC to ACME FREIGHT LLC\n');
    expect(digestA).toContain('  - Phone changed from 5125550100 to 5125550200\n');
    expect(digestA).toContain('  - E-mail on the FMCSA record changed\n');
    expect(digestA).toContain('  - Crash on November 1, 2026: 0 fatalities, 1 injury\n');
    expect(digestA).toContain(
      '  - Inspection on November 1, 2026 with out-of-service violations (2 out of service)\n',
    );
    expect(digestA).not.toContain('IN-2');
    expect(digestA).not.toContain('October 20, 2026');
    expect(digestA).not.toContain('USDOT status');
    // An event on two lists of one account is one line.
    expect(digestA.match(/Legal name changed/g)).toHaveLength(1);
    for (const mail of [...severe, ...digests]) {
      expect(mail.text).not.toContain('acme-freight.example');
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        new RegExp(`^<${APP_URL}/alerts/unsubscribe/[\\w-]{32}\\?email=(severe|digest)>$`),
      );
      expect(mail.text).toContain(mail.headers!['List-Unsubscribe']!.slice(1, -1));
    }

    const [owner] = sent.filter((mail) => mail.kind === 'owner_notice');
    expect(owner?.to_address).toBe('admin@acme-login.example');
    expect(owner?.subject).toBe('Your FMCSA record changed: ACME FREIGHT LLC (USDOT 700001)');
    expect(owner?.text).toContain('- Phone changed from 5125550100 to 5125550200\n');
    expect(owner?.text).toContain('- E-mail on the FMCSA record changed\n');
    expect(owner?.text).toContain(
      'The registered contact details changed. If you made the change, there is nothing to do.',
    );
    expect(owner?.text).toContain('Call FMCSA');
    expect(owner?.text).not.toContain('Legal name');
    expect(owner?.text).not.toContain('acme-freight.example');
    expect(owner?.text).not.toContain('acme-hauling.example');

    // Every alert of account A is queued for its webhook endpoint, nothing of B's.
    const deliveries = await db.selectFrom('webhook_deliveries').select(['account_id']).execute();
    expect(deliveries).toHaveLength(17 * 2 + 3);
    expect(new Set(deliveries.map((row) => row.account_id))).toEqual(new Set([accounts.a]));
  });

  it('queues nothing twice when computed again, and nothing on a quiet day', async () => {
    const before = await mails();
    const alerts = await db.selectFrom('watch_alerts').select('id').execute();
    expect(await compute('2026-11-02T09:00:00Z')).toEqual({
      alerts: 0,
      severeEmails: 0,
      digestEmails: 0,
      ownerEmails: 0,
    });
    // The same census the next day: no change, no alert, no digest.
    await importFiles(db, testDialect, [file('census_20261102.csv')], {
      showProgress: false,
      asOf: '2026-11-03',
    });
    expect(await compute('2026-11-03T08:00:00Z')).toEqual({
      alerts: 0,
      severeEmails: 0,
      digestEmails: 0,
      ownerEmails: 0,
    });
    expect(await mails()).toEqual(before);
    expect(await db.selectFrom('watch_alerts').select('id').execute()).toEqual(alerts);
  });

  it('leaves out the e-mails an account turned off, and digests a later change the next day', async () => {
    await db
      .updateTable('alert_settings')
      .set({ digest_email: 0 })
      .where('account_id', '=', accounts.b)
      .execute();
    const before = (await mails()).length;
    await importFiles(
      db,
      testDialect,
      [writeCensus(file('census_20261104.csv'), [{ ...ACME_CHANGED, FAX: '5125550777' }, STEADY])],
      { showProgress: false },
    );
    expect(await compute('2026-11-04T08:00:00Z')).toMatchObject({ severeEmails: 0, digestEmails: 1 });
    const added = (await mails()).slice(before);
    expect(added.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['owner_notice', 'admin@acme-login.example'],
      ['digest', 'a@broker.example'],
    ]);
    expect(added[1]!.text).toContain('  - Fax changed from none to 5125550777\n');
    expect(added[1]!.text).toContain('  - Phone changed from 5125550999 to 5125550100\n');
  });
});
