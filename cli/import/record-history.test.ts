import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Selectable } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordHistoryEventsTable } from '../../server/db/schema.ts';
import { ACME, ACME_CHANGED, writeCensus, type CensusRow } from '../../tests/support/census-csv.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { describeReport, importFiles } from './import-files.ts';

const STEADY: CensusRow = { ...ACME, DOT_NUMBER: '700002', LEGAL_NAME: 'STEADY CARRIERS INC' };
const NEWCOMER: CensusRow = { ...ACME, DOT_NUMBER: '700003', LEGAL_NAME: 'NEWCOMER TRUCKING' };

type StoredEvent = Omit<Selectable<RecordHistoryEventsTable>, 'id' | 'event_key'>;

describe(`record history events of census imports on ${testDialect}`, () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carrierpage-record-history-'));
  const file = (name: string) => path.join(dir, name);
  let database: TestDatabase;
  const run = async (files: string[], asOf?: string) => {
    const reports = await importFiles(database.db, testDialect, files, { showProgress: false, asOf });
    expect(reports.map((report) => report.error)).toEqual(files.map(() => undefined));
    return reports;
  };
  const events = async (): Promise<StoredEvent[]> =>
    (
      await database.db
        .selectFrom('record_history_events')
        .selectAll()
        .orderBy('dot_number')
        .orderBy('subject')
        .execute()
    ).map(({ id: _id, event_key: _key, ...event }) => event);

  beforeEach(async () => {
    await database?.destroy();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes none for a first import, nor for a refresh that changes nothing', async () => {
    await run([writeCensus(file('census_20261101.csv'), [ACME, STEADY])]);
    expect(await events()).toEqual([]);
    // The same records a day later, and spelled otherwise with the same values.
    await run([file('census_20261101.csv')], '2026-11-02');
    await run([writeCensus(file('census_20261103.csv'), [{ ...ACME, PHY_STATE: 'tx' }, STEADY])]);
    expect(await events()).toEqual([]);
  });

  it('keeps each changed record field with its values, its day and its source, the e-mail only as changed', async () => {
    await run([writeCensus(file('census_20261101.csv'), [ACME, STEADY])]);
    const [refresh] = await run([writeCensus(file('census_20261102.csv'), [ACME_CHANGED, STEADY, NEWCOMER])]);
    expect(refresh?.historyEvents).toBe(16);
    expect(describeReport(refresh!)).toContain('\n  16 record changes kept in the history\n');
    const change = (
      subject: string,
      valueBefore: string | null,
      valueAfter: string | null,
      effectiveOn: string | null = '2026-10-28',
    ): StoredEvent => ({
      dot_number: 700001,
      kind: 'record',
      event: 'changed',
      subject,
      value_before: valueBefore,
      value_after: valueAfter,
      effective_on: effectiveOn,
      first_seen_on: '2026-11-02',
      source: 'az4n-8mr2',
    });
    expect(await events()).toEqual([
      change('carrier_operation', 'A', 'C'),
      change('cell_phone', '5125550101', '5125550201'),
      change('dba_name', 'ACME', null),
      change('drivers', '12', '15'),
      change('email', null, null),
      change('fax', '5125550102', null),
      change('legal_name', 'ACME HAULING LLC', 'ACME FREIGHT LLC'),
      change('mailing_address', 'PO BOX 12, AUSTIN, TX 78702, US', 'PO BOX 99, AUSTIN, TX 78702, US'),
      change('mcs150_date', '2025-01-10', '2026-10-28'),
      change('officers', 'JANE ROE; JOHN DOE', 'JANE ROE; MARY MAJOR'),
      change('phone', '5125550100', '5125550200'),
      change('physical_address', '100 MAIN ST, AUSTIN, TX 78701, US', '9 OAK AVE, ROUND ROCK, TX 78664, US'),
      change('power_units', '10', '14'),
      change('safety_rating', 'S', 'C', '2026-10-15'),
      change('safety_rating_date', '2023-03-01', '2026-10-15', '2026-10-15'),
      change('usdot_status', 'A', 'I', null),
    ]);
    // The address is in no column of the history.
    const text = JSON.stringify(await database.db.selectFrom('record_history_events').selectAll().execute());
    expect(text).not.toContain('@');
    // Imported again (a re-run), nothing is written twice.
    const [again] = await run([file('census_20261102.csv')]);
    expect(again?.historyEvents).toBe(0);
    expect(await events()).toHaveLength(16);
  });

  it('reads the SMS census too, under its own dataset, and an e-mail spelled otherwise is no change', async () => {
    await run([writeCensus(file('census_20261101.csv'), [ACME])]);
    const sms: CensusRow = {
      DOT_NUMBER: '700001',
      LEGAL_NAME: 'ACME HAULING LLC',
      DBA_NAME: 'ACME',
      TELEPHONE: '5125550999',
      FAX: '5125550102',
      EMAIL_ADDRESS: 'DISPATCH@ACME-HAULING.EXAMPLE',
      PHY_STREET: '100 MAIN ST',
      PHY_CITY: 'AUSTIN',
      PHY_STATE: 'TX',
      PHY_ZIP: '78701',
      PHY_COUNTRY: 'US',
      MAILING_STREET: 'PO BOX 12',
      MAILING_CITY: 'AUSTIN',
      MAILING_STATE: 'TX',
      MAILING_ZIP: '78702',
      MAILING_COUNTRY: 'US',
      CARRIER_OPERATION: 'A',
      NBR_POWER_UNIT: '10',
      DRIVER_TOTAL: '12',
      MCS150_DATE: '10-JAN-25',
      ADD_DATE: '01-JAN-10',
    };
    await run([writeCensus(file('sms_census_20261105.csv'), [sms], 'sms_census')]);
    expect(await events()).toEqual([
      {
        dot_number: 700001,
        kind: 'record',
        event: 'changed',
        subject: 'phone',
        value_before: '5125550100',
        value_after: '5125550999',
        effective_on: null,
        first_seen_on: '2026-11-05',
        source: 'kjg3-diqy',
      },
    ]);
  });

  it('takes the first values of the fields kept since migration 053 as known, not as changes', async () => {
    // A store written before migration 053: no cell phone, fax, mailing address or rating date.
    await run([writeCensus(file('census_20261101.csv'), [ACME])]);
    await database.db
      .updateTable('companies')
      .set({
        cell_phone: null,
        fax: null,
        mail_street: null,
        mail_city: null,
        mail_state: null,
        mail_zip: null,
        mail_country: null,
        safety_rating_date: null,
        census_fields_version: null,
        source_hash: null,
      })
      .execute();
    await run([writeCensus(file('census_20261102.csv'), [{ ...ACME, PHONE: '5125550300' }])]);
    expect((await events()).map((event) => [event.subject, event.value_before, event.value_after])).toEqual([
      ['phone', '5125550100', '5125550300'],
    ]);
    // From then on they are followed like the others.
    await run([writeCensus(file('census_20261103.csv'), [{ ...ACME, PHONE: '5125550300', FAX: '' }])]);
    expect((await events()).map((event) => event.subject)).toEqual(['fax', 'phone']);
  });
});
