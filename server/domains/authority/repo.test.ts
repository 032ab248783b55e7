import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { carrier, seedCarriers } from '../../../tests/support/factories.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../tests/support/test-database.ts';
import { authorityRecord, authorityRecords } from './repo.ts';
import { createAuthorityService } from './service.ts';

const TODAY = '2026-11-25';

describe(`the L&I record of a carrier on ${testDialect}`, () => {
  let database: TestDatabase;
  const authorized = carrier({ legal_name: 'AUTHORIZED LINES', mc_number: '139446', carrier_operation: 'A' });
  const pending = carrier({ legal_name: 'PENDING CANCEL LINES', carrier_operation: 'A' });
  const revoked = carrier({ legal_name: 'REVOKED LINES', carrier_operation: 'A' });
  const intrastate = carrier({ legal_name: 'LOCAL HAULING', carrier_operation: 'C' });
  // The census gives MC-777 to this carrier; an L&I row naming another DOT does not take it away.
  const censusOwner = carrier({ legal_name: 'CENSUS OWNER', mc_number: '777', carrier_operation: 'A' });

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCarriers(database.db, testDialect, [authorized, pending, revoked, intrastate, censusOwner]);
    await seedAuthorityRows(
      database.db,
      [
        {
          // No DOT on the L&I side: joined through the census's MC docket.
          docket: 'MC139446',
          dotNumber: null,
          bipdRequiredDollars: 750_000,
          bipdOnFileDollars: 1_000_000,
          authorities: [
            { kind: 'common', status: 'Active' },
            { kind: 'broker', status: 'Inactive' },
          ],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2010-03-01' }],
          insurance: [
            {
              kind: 'BI&PD primary',
              form_code: '91X',
              insurer: 'NORTHLAND INSURANCE COMPANY',
              policy_number: 'WN408492',
              amount_dollars: 1_000_000,
              effective_on: '2025-09-02',
            },
          ],
        },
        {
          // Joined by DOT; a second docket of the same carrier too.
          docket: 'FF58485',
          dotNumber: authorized.dot_number,
          authorities: [{ kind: 'common', status: 'Active' }],
        },
        {
          docket: 'MC1298871',
          dotNumber: pending.dot_number,
          authorities: [{ kind: 'common', status: 'Active' }],
          insurance: [
            {
              kind: 'BI&PD primary',
              form_code: '91X',
              insurer: 'DB INSURANCE CO., LTD (U.S.BRANCH)',
              policy_number: 'CCA-0024453-00',
              amount_dollars: 750_000,
              effective_on: '2025-07-28',
              cancellation_effective_on: '2026-12-04',
            },
          ],
        },
        {
          docket: 'MC368053',
          dotNumber: revoked.dot_number,
          authorities: [{ kind: 'common', status: 'Inactive' }],
          revocations: [
            {
              kind: 'common',
              type: 'INVOLUNTARY REVOCATION',
              served_on: '2024-06-26',
              effective_on: '2024-07-26',
            },
          ],
        },
        {
          docket: 'MC777',
          dotNumber: authorized.dot_number,
          authorities: [{ kind: 'common', status: 'Active' }],
        },
      ],
      TODAY,
    );
  });

  afterAll(() => database.destroy());

  it('joins by the census docket first, then by DOT, and resolves statuses and dates', async () => {
    const found = await authorityRecord(database.db, authorized.dot_number, TODAY);
    expect(found?.usdotStatus).toBe('A');
    expect(found?.record).toEqual({
      dockets: ['FF-58485', 'MC-139446'],
      authorities: [
        {
          docket: 'FF-58485',
          kind: 'common',
          status: 'Active',
          grantedOn: null,
          revokedOn: null,
          description: null,
        },
        {
          docket: 'MC-139446',
          kind: 'common',
          status: 'Active',
          grantedOn: '2010-03-01',
          revokedOn: null,
          description: null,
        },
        {
          docket: 'MC-139446',
          kind: 'broker',
          status: 'Inactive',
          grantedOn: null,
          revokedOn: null,
          description: null,
        },
      ],
      insurance: [
        {
          docket: 'MC-139446',
          kind: 'BI&PD primary',
          formCode: '91X',
          insurer: 'NORTHLAND INSURANCE COMPANY',
          policyNumber: 'WN408492',
          amountDollars: 1_000_000,
          effectiveOn: '2025-09-02',
          cancellationEffectiveOn: null,
          endedBy: null,
        },
      ],
      bipdRequiredDollars: 750_000,
      bipdOnFileDollars: 1_000_000,
      cargoRequired: null,
      bondRequired: null,
      revocations: [],
      outOfServiceOrders: [],
      sourceDates: { legacy: null, motus: null, outOfService: null, census: null },
      forHire: true,
      authorityNeed: 'needed',
    });
  });

  it('reads a batch of carriers as it reads each alone, leaving out what the census does not hold', async () => {
    const carriers = [authorized, pending, revoked, intrastate, censusOwner];
    const batch = await authorityRecords(
      database.db,
      [...carriers.map((one) => one.dot_number), 99_999_999],
      TODAY,
    );
    expect([...batch.keys()].sort()).toEqual(carriers.map((one) => one.dot_number).sort());
    // The profile reads one carrier's rows in one statement of its own (one-read.ts): the same record.
    const service = createAuthorityService(database.db, () => new Date(`${TODAY}T12:00:00Z`));
    const census = await database.db
      .selectFrom('companies')
      .select(['dot_number', 'mc_number', 'status_code', 'carrier_operation', 'carship', 'risk_signals'])
      .execute();
    for (const one of carriers) {
      expect(batch.get(one.dot_number)).toEqual(await authorityRecord(database.db, one.dot_number, TODAY));
      const row = census.find((company) => company.dot_number === one.dot_number);
      expect(batch.get(one.dot_number)?.record).toEqual((await service.companyVetting(row!)).record);
    }
    expect(batch.get(revoked.dot_number)?.record.authorities).toMatchObject([
      { docket: 'MC-368053', status: 'Revoked' },
    ]);
  });

  it('a docket the census gives one carrier stays with it', async () => {
    const owner = await authorityRecord(database.db, censusOwner.dot_number, TODAY);
    expect(owner?.record.dockets).toEqual(['MC-777']);
  });

  it('the service gives each carrier its verdict', async () => {
    const service = createAuthorityService(database.db, () => new Date(`${TODAY}T12:00:00Z`));
    expect((await service.vetting(authorized.dot_number))?.verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'authorized',
      reasons: [],
    });
    expect((await service.vetting(pending.dot_number))?.verdict).toEqual({
      headline: 'Authorized for hire',
      level: 'warning',
      reasons: ['Insurance cancellation pending December 4, 2026'],
    });
    const revokedVetting = await service.vetting(revoked.dot_number);
    expect(revokedVetting?.record.authorities[0]).toMatchObject({
      status: 'Revoked',
      revokedOn: '2024-07-26',
    });
    expect(revokedVetting?.verdict).toEqual({
      headline: 'Not authorized for hire',
      level: 'not authorized',
      reasons: ['Authority revoked July 26, 2024'],
    });
    expect((await service.vetting(intrastate.dot_number))?.verdict.headline).toBe(
      'No for-hire authority needed',
    );
    expect(await service.vetting(99_999_999)).toBeNull();
  });

  it('keeps the two search flags on the carrier row', async () => {
    const rows = await database.db
      .selectFrom('companies')
      .select(['dot_number', 'authorized_for_hire', 'insurance_on_file'])
      .where(
        'dot_number',
        'in',
        [authorized, pending, revoked, intrastate].map((c) => c.dot_number),
      )
      .orderBy('dot_number')
      .execute();
    expect(rows.map((row) => [row.authorized_for_hire, row.insurance_on_file])).toEqual([
      [1, 1],
      [1, 1],
      [0, 0],
      [0, 0],
    ]);
  });
});
