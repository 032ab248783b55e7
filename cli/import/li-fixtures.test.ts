import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorityService } from '../../server/domains/authority/service.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../tests/support/test-database.ts';
import { importFiles } from './import-files.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/e2e/fixtures');
const FILES = [
  'carriers.csv',
  'li/carrier.txt',
  'li/insur.txt',
  'li/actpendinsur.csv',
  'li/authhist.txt',
  'li/revocation.txt',
  'li/oos-orders.csv',
].map((file) => path.join(FIXTURES, file));

/** The browser tests' L&I fixtures (playwright.config.ts) say what their carriers are meant to show. */
describe(`the browser tests' L&I fixtures on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const reports = await importFiles(database.db, testDialect, FILES, { showProgress: false });
    expect(reports.map((report) => report.skipped)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
  afterAll(() => database.destroy());

  it('give an authorized carrier, a pending cancellation, a revoked one, carriers without authority and a bonded broker', async () => {
    const service = createAuthorityService(database.db, () => new Date('2026-11-25T12:00:00Z'));
    const verdicts = await Promise.all(
      [889001, 889002, 889003, 889004, 889005, 889006, 889007].map(
        async (dot) => (await service.vetting(dot))?.verdict,
      ),
    );
    expect(verdicts).toEqual([
      { headline: 'Authorized for hire', level: 'authorized', reasons: [] },
      {
        headline: 'Authorized for hire',
        level: 'warning',
        reasons: ['Insurance cancellation pending June 30, 2099'],
      },
      {
        headline: 'Not authorized for hire',
        level: 'not authorized',
        reasons: ['Authority revoked July 26, 2024'],
      },
      {
        headline: 'No for-hire authority needed',
        level: 'not needed',
        reasons: [
          'No for-hire authority on file',
          'Intrastate carriers need no interstate operating authority',
        ],
      },
      { headline: 'Authorized for hire', level: 'authorized', reasons: [] },
      {
        headline: 'Not authorized for hire',
        level: 'not authorized',
        reasons: ['No for-hire authority on file'],
      },
      {
        headline: 'Out of service',
        level: 'not authorized',
        reasons: ['Out-of-service order October 6, 2026: IMMINENT HAZARD'],
      },
    ]);
    const authorized = await service.vetting(889001);
    expect(
      authorized?.record.insurance.map((filing) => [filing.kind, filing.insurer, filing.amountDollars]),
    ).toEqual([
      ['BI&PD primary', 'GREAT WEST CASUALTY COMPANY', 1_000_000],
      ['cargo', 'GREAT WEST CASUALTY COMPANY', null],
    ]);
    const flags = await database.db
      .selectFrom('companies')
      .select(['dot_number', 'authorized_for_hire', 'insurance_on_file'])
      .where('dot_number', '>=', 889001)
      .where('dot_number', '<=', 889007)
      .orderBy('dot_number')
      .execute();
    expect(flags.map((row) => [row.dot_number, row.authorized_for_hire, row.insurance_on_file])).toEqual([
      [889001, 1, 1],
      [889002, 1, 1],
      [889003, 0, 0],
      [889004, 0, 0],
      [889005, 1, 1],
      [889006, 0, 0],
      [889007, 0, 1],
    ]);
  });
});
