import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedAuthorityRows } from '../../../tests/support/authority-rows.ts';
import { carrier, insertContentBlock, seedCarriers } from '../../../tests/support/factories.ts';
import { countingQueries } from '../../../tests/support/query-count.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { testDialect } from '../../../tests/support/test-database.ts';
import { loadConfig } from '../../config.ts';
import { createServices } from '../../services.ts';
import { createCarrierDataRepo } from '../carrier-data/repo.ts';
import { refreshLinksAndSignals } from '../signals/repo.ts';

/** SQL only the read of the inspection counts per state holds (carrier-data/repo.ts). */
const PER_STATE_COUNTS = 'sum(case when insp_date >= ';

/** Issue 14, item 5: a public profile page reads its company once and costs a fixed handful of queries. */
describe(`the public profile page's queries on ${testDialect}`, () => {
  let app: TestApp;
  let counter: ReturnType<typeof countingQueries>;
  let services: ReturnType<typeof createServices>;
  const DOT = 4242;
  const UNCLAIMED = 4250;

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.database.db;
    await seedCarriers(db, testDialect, [
      carrier({ dot_number: DOT, legal_name: 'COUNTED LINES', mc_number: '424242' }),
    ]);
    // Two dockets with authorities, filings and a revocation: the L&I record is one read whatever it holds.
    await seedAuthorityRows(
      db,
      [
        {
          docket: 'MC424242',
          dotNumber: DOT,
          authorities: [{ kind: 'common', status: 'Active' }],
          events: [{ kind: 'common', action: 'GRANTED', action_on: '2019-01-02' }],
          insurance: [{ kind: 'BI&PD primary', amount_dollars: 750_000, effective_on: '2024-01-01' }],
        },
        {
          docket: 'FF4242',
          dotNumber: DOT,
          authorities: [{ kind: 'broker', status: 'Inactive' }],
          revocations: [{ kind: 'broker', type: 'VOLUNTARY REVOCATION', served_on: '2025-02-03' }],
        },
      ],
      new Date().toISOString().slice(0, 10),
    );
    const company = await db
      .updateTable('companies')
      .set({ claimed: 1 })
      .where('dot_number', '=', DOT)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, block_type] of [
      'about_us',
      'safety_score',
      'inspection_heatmap',
      'ratings',
    ].entries()) {
      await insertContentBlock(db, {
        company_id: company.id,
        block_type,
        block_title: block_type,
        block_position: position,
      });
    }
    await db
      .insertInto('rating_requests')
      .values(
        [5, 3].map((stars, index) => ({
          id: `counted-review-${index}`.padEnd(22, 'x'),
          company_id: company.id,
          reviewer_email: `reviewer${index}@example.com`,
          load_number: `L${index}`,
          on_time_rating: stars,
          communication_rating: stars,
          service_rating: stars,
          comment: `Comment ${index}`,
          created_at: '2026-11-01T00:00:00.000Z',
          completed_at: `2026-11-0${index + 2}T00:00:00.000Z`,
        })),
      )
      .execute();
    counter = countingQueries(db);
    const jwtSecret = 'test-secret-that-is-long-enough-for-hs256-signing';
    const config = {
      ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: jwtSecret }),
      jwtSecret,
      database: app.database.config,
    };
    services = createServices(config, counter.db, () => new Date(), app.fastify.log);
  });

  afterAll(() => app.close());

  it('shows a claimed profile with ratings and its safety detail in at most 8 queries', async () => {
    counter.reset();
    // The one call the profile page's loader makes (app/routes/public/profile.tsx).
    const log = vi.fn();
    const page = await services.profilePage.publicPage(DOT, log);
    expect(page?.profile.rating_summary.total_ratings).toBe(2);
    expect(page?.panels.ratings).toMatchObject({ status: 'data' });
    expect(page?.panels.safety).toMatchObject({ status: 'data' });
    expect(page?.panels.carrier).toMatchObject({ status: 'data' });
    expect(page?.panels.inspectionStates).toMatchObject({ status: 'data' });
    expect(page?.panels.safetyDetail).toMatchObject({ status: 'data' });
    expect(page?.panels.authority).toMatchObject({ status: 'data' });
    if (page?.panels.authority.status === 'data') {
      expect(page.panels.authority.value.record.dockets).toEqual(['FF-4242', 'MC-424242']);
    }
    expect(page?.profile.verdict?.headline).toBe('Authorized for hire');
    // 14 before the read model, four of them reading this company's row.
    // Six, and the safety detail's two (issue 56): a page of inspections with their violations, and
    // a page of crashes with the violation counts per BASIC.
    expect(counter.count()).toBeLessThanOrEqual(8);
    expect(counter.reading('companies')).toBe(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('shows an unclaimed profile with its default blocks, history and connected carriers in at most 7 queries', async () => {
    const db = app.database.db;
    await seedCarriers(db, testDialect, [
      carrier({ dot_number: UNCLAIMED, legal_name: 'UNCLAIMED LINES', phone: '2145550911' }),
      carrier({ dot_number: UNCLAIMED + 1, legal_name: 'OLD LINES', phone: '2145550911', status_code: 'I' }),
    ]);
    await db
      .insertInto('record_history_events')
      .values({
        event_key: `${UNCLAIMED}|phone`,
        dot_number: UNCLAIMED,
        kind: 'record',
        event: 'changed',
        subject: 'phone',
        value_before: '2145550000',
        value_after: '2145550911',
        effective_on: null,
        first_seen_on: new Date().toISOString().slice(0, 10),
        source: 'company_census',
      })
      .execute();
    await refreshLinksAndSignals(db, new Date().toISOString());
    counter.reset();
    const page = await services.profilePage.publicPage(UNCLAIMED, vi.fn());
    expect(page?.showsDefaultBlocks).toBe(true);
    expect(page?.profile.rating_summary.total_ratings).toBe(0);
    expect(page?.panels.history).toMatchObject({ status: 'data', value: { total: 1 } });
    expect(page?.panels.connections).toMatchObject({
      status: 'data',
      value: { linked_carriers: [{ dot_number: UNCLAIMED + 1, status: 'inactive' }] },
    });
    expect(page?.panels.safetyDetail).toMatchObject({ status: 'data' });
    expect(page?.panels.authority).toMatchObject({ status: 'data' });
    // Ten before: the blocks and the ratings are read only where the company row says there are
    // some, and a page of the history comes with its facts.
    expect(counter.count()).toBeLessThanOrEqual(7);
  });

  it('counts the inspections again only when inspections or crashes have been imported since', async () => {
    const carrierData = createCarrierDataRepo(app.database.db);
    const inspectionsShown = async () => {
      counter.reset();
      const page = await services.profilePage.publicPage(DOT, vi.fn());
      return page?.panels.safety.status === 'data' ? page.panels.safety.value?.total_inspections : null;
    };
    const before = await inspectionsShown();
    expect(await inspectionsShown()).toBe(before);
    // The safety detail reads a page of inspections every time; the counts are what is kept.
    expect(counter.holding(PER_STATE_COUNTS)).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    await carrierData.upsertInspections([
      {
        inspection_id: 'kept-counts-1',
        dot_number: DOT,
        insp_date: today,
        report_state: 'TX',
        report_number: 'KC1',
        insp_level_id: 1,
        viol_total: 0,
        oos_total: 0,
        driver_oos_total: 0,
        vehicle_oos_total: 0,
        hazmat_oos_total: 0,
      },
    ]);
    await carrierData.recordImport({
      dataset: 'mcmis_inspection',
      table_name: 'inspections',
      file: 'inspections.csv',
      as_of: today,
      imported_rows: 1,
      imported_at: new Date().toISOString(),
    });
    expect(await inspectionsShown()).toBe((before ?? 0) + 1);
    expect(counter.holding(PER_STATE_COUNTS)).toBe(1);
  });

  it('serves the CSS scoped when it was saved, without sanitising it again per view', async () => {
    // A stored scoped form that differs from what the sanitiser would make of the CSS today.
    await app.database.db
      .updateTable('companies')
      .set({ css: 'p { color: red }', scoped_css: '#carrier-profile p { color: green }' })
      .where('dot_number', '=', DOT)
      .execute();
    const page = await services.profilePage.publicPage(DOT, vi.fn());
    expect(page?.profile.css).toBe('#carrier-profile p { color: green }');
    expect((await services.profiles.profile(DOT))?.css).toBe('#carrier-profile p { color: green }');
  });
});
