import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SafetyDetail } from '../../../core/contracts/carrier-data.ts';
import type { CarrierPanels, CarrierRecord, SafetySummary } from '../types.ts';
import { AboutUsBlock } from './AboutUsBlock.tsx';
import { CapacityBlock } from './CapacityBlock.tsx';
import { CargoCarrierBlock } from './CargoCarrierBlock.tsx';
import { CustomBlock } from './CustomBlock.tsx';
import { FleetInformationBlock } from './FleetInformationBlock.tsx';
import { HydratedPageProvider } from '../../lib/hydrated-page.tsx';
import { heatColor, InspectionHeatMapBlock } from './InspectionHeatMapBlock.tsx';
import { HeaderPictureBlock, ProfilePictureBlock } from './PictureBlocks.tsx';
import { RatingsBlock, starParts } from './RatingsBlock.tsx';
import { SafetyScoreBlock } from './SafetyScoreBlock.tsx';
import { UnknownBlock } from './UnknownBlock.tsx';

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

const noRatings = {
  overall_rating: null,
  avg_on_time: null,
  avg_communication: null,
  avg_service: null,
  total_ratings: 0,
};

function panels(overrides: Partial<CarrierPanels> = {}): CarrierPanels {
  return {
    dotNumber: 1,
    safety: { status: 'data', value: null },
    safetyDetail: { status: 'unavailable' },
    carrier: { status: 'data', value: null },
    inspectionStates: { status: 'data', value: [] },
    capacity: { status: 'data', value: [] },
    ratingSummary: noRatings,
    ratings: { status: 'unavailable' },
    authority: { status: 'unavailable' },
    history: { status: 'unavailable' },
    connections: { status: 'unavailable' },
    ...overrides,
  };
}

const summary: SafetySummary = {
  dot_number: 1,
  total_inspections: 10,
  total_violations: 14,
  total_oos_violations: 4,
  driver_oos_rate: 6.66,
  driver_inspections: 9,
  vehicle_oos_rate: 22.27,
  vehicle_inspections: 8,
  total_crashes: 0,
  crashes_with_fatalities: 0,
  crashes_with_injuries: 0,
  crashes_with_tow_away: 0,
  window_months: 24,
  updated_at: '2026-11-01T00:00:00.000Z',
  inspections_through: '2026-10-31',
  crashes_through: '2026-10-31',
  national_averages: { vehicle_oos_rate: 22.26, driver_oos_rate: 6.67, as_of: '2026-11-22' },
};

const detail: SafetyDetail = {
  since: '2024-11-01',
  violations_through: '2026-10-31',
  by_basic: [
    { basic: 'Vehicle Maint.', violations: 3, oos_violations: 1 },
    { basic: 'Unsafe Driving', violations: 1, oos_violations: 0 },
  ],
  inspections: {
    data: [
      {
        inspection_id: '5001',
        dot_number: 1,
        insp_date: '2026-10-14',
        report_state: 'TX',
        report_number: 'R1',
        insp_level_id: 2,
        viol_total: 2,
        oos_total: 1,
        driver_oos_total: 0,
        vehicle_oos_total: 1,
        hazmat_oos_total: 0,
        violations: [
          {
            viol_code: '393.9A1',
            description: 'Inoperable Required Lamp',
            basic: 'Vehicle Maint.',
            unit: '1',
            oos: false,
          },
          {
            viol_code: '396.3A1BOS',
            description: 'Brakes out of adjustment',
            basic: 'Vehicle Maint.',
            unit: '1',
            oos: true,
          },
        ],
      },
      {
        inspection_id: '5002',
        dot_number: 1,
        insp_date: '2026-09-02',
        report_state: 'OK',
        report_number: 'R2',
        insp_level_id: 99,
        viol_total: 3,
        oos_total: 0,
        driver_oos_total: 0,
        vehicle_oos_total: 0,
        hazmat_oos_total: 0,
        violations: [],
      },
    ],
    page: 2,
    per_page: 2,
    total: 5,
  },
  crashes: {
    data: [
      {
        crash_id: 'C1',
        report_date: '2026-08-01',
        report_state: 'LA',
        fatalities: 0,
        injuries: 2,
        tow_away: true,
      },
    ],
    page: 1,
    per_page: 2,
    total: 1,
  },
};

const record = {
  dot_number: 1,
  power_units: 5,
  truck_units: 4,
  total_drivers: 6,
  total_cdl: 5,
  mcs150_mileage: 500000,
  mcs150_mileage_year: 2025,
  business_org_desc: 'CORPORATION',
  crgo_genfreight: 'X',
  crgo_cargoothr: 'X',
  crgo_cargoothr_desc: 'PIANOS',
} as unknown as CarrierRecord;

describe('about us', () => {
  it('splits paragraphs on line breaks and has an empty state', () => {
    expect(html(<AboutUsBlock content={'One.\n\nTwo.'} />)).toBe('<p>One.</p><p>Two.</p>');
    expect(html(<AboutUsBlock content="  " />)).toContain('No information provided.');
  });
});

describe('safety score', () => {
  it('shows each state with the spec strings', () => {
    expect(html(<SafetyScoreBlock panels={panels({ safety: { status: 'unavailable' } })} />)).toContain(
      'DOT number not available',
    );
    expect(html(<SafetyScoreBlock panels={panels({ safety: { status: 'error' } })} />)).toContain(
      'Error: Failed to load safety data',
    );
    expect(html(<SafetyScoreBlock panels={panels()} />)).toContain(
      'No safety data available for this carrier.',
    );
  });

  it('flags only rates above the national averages, to one decimal', () => {
    const markup = html(<SafetyScoreBlock panels={panels({ safety: { status: 'data', value: summary } })} />);
    expect(markup).toContain('22.3%');
    expect(markup).toContain('6.7%');
    // 22.27 is above 22.26; 6.66 is not above 6.67.
    expect(markup.match(/Higher than the national average/g)).toHaveLength(1);
    expect(markup).not.toContain('Crashes reported');
    const withCrash = html(
      <SafetyScoreBlock
        panels={panels({ safety: { status: 'data', value: { ...summary, total_crashes: 1 } } })}
      />,
    );
    expect(withCrash).toContain('Crashes reported');
  });

  it("reads 'No inspections' without a flag when no inspection of a rate's levels was made", () => {
    const markup = html(
      <SafetyScoreBlock
        panels={panels({
          safety: {
            status: 'data',
            value: {
              ...summary,
              total_inspections: 1,
              driver_oos_rate: null,
              driver_inspections: 0,
              vehicle_oos_rate: null,
              vehicle_inspections: 0,
              total_crashes: 1,
            },
          },
        })}
      />,
    );
    expect(markup).toContain('<dt>Vehicle out-of-service rate</dt><dd><strong>No inspections</strong>');
    expect(markup).toContain('<dt>Driver out-of-service rate</dt><dd><strong>No inspections</strong>');
    expect(markup).not.toContain('0.0%');
    expect(markup).not.toContain('Higher than the national average');
  });

  it('says how many inspections a rate rests on below five', () => {
    const few = {
      ...summary,
      driver_oos_rate: 33.33,
      driver_inspections: 3,
      vehicle_oos_rate: 0,
      vehicle_inspections: 1,
    };
    const markup = html(<SafetyScoreBlock panels={panels({ safety: { status: 'data', value: few } })} />);
    expect(markup).toContain('<strong>33.3% of 3 inspections</strong>');
    expect(markup).toContain('<strong>0.0% of 1 inspection</strong>');
    expect(markup.match(/Higher than the national average/g)).toHaveLength(1);
  });
});

describe('safety detail', () => {
  // Its page links are the router's.
  const withDetail = (safetyDetail: CarrierPanels['safetyDetail']) =>
    html(
      <MemoryRouter>
        <SafetyScoreBlock panels={panels({ safety: { status: 'data', value: summary }, safetyDetail })} />
      </MemoryRouter>,
    );

  it('shows the national averages with the day they were taken from SAFER', () => {
    const markup = withDetail({ status: 'unavailable' });
    expect(markup).toContain('National average 22.26% (SAFER, November 22, 2026)');
    expect(markup).toContain('National average 6.67% (SAFER, November 22, 2026)');
  });

  it('lists the violation counts per BASIC, the inspections with their violations and the crashes', () => {
    const markup = withDetail({ status: 'data', value: detail });
    expect(markup).toContain('FMCSA SMS violations through October 31, 2026.');
    expect(markup).toContain('<th scope="row">Vehicle Maint.</th><td>3</td><td>1</td>');
    expect(markup).toContain('Inspections since November 1, 2024');
    expect(markup).toContain(
      '<td>October 14, 2026</td><td>TX</td><td>II</td><td><ul class="violation-list"><li><code>393.9A1</code> Inoperable Required Lamp<span class="muted"> · Vehicle Maint.</span></li>',
    );
    expect(markup).toContain('<strong class="violation-list__oos"> · Out of service</strong>');
    // Level 99 as published; counted violations the violation file did not itemise are said so.
    expect(markup).toContain(
      '<td>99</td><td><span class="muted">3 violations, not itemised in the data</span></td><td>No</td>',
    );
    expect(markup).toContain('<td>August 1, 2026</td><td>LA</td><td>0</td><td>2</td><td>Yes</td>');
    // Page 2 of 3 of the inspections: its links keep the crashes' page; the crashes fit on one page.
    expect(markup).toContain('aria-label="Inspection pages"');
    expect(markup).toContain('rel="prev" href="/profile/1?inspections=1&amp;crashes=1#safety-inspections"');
    expect(markup).toContain('rel="next" href="/profile/1?inspections=3&amp;crashes=1#safety-inspections"');
    expect(markup).not.toContain('aria-label="Crash pages"');
  });

  it('has empty and error states', () => {
    const empty = withDetail({
      status: 'data',
      value: {
        ...detail,
        by_basic: [],
        inspections: { ...detail.inspections, data: [], page: 1, total: 0 },
        crashes: { ...detail.crashes, data: [], total: 0 },
      },
    });
    expect(empty).toContain('No violations recorded since November 1, 2024.');
    expect(empty).toContain('No inspections in this period.');
    expect(empty).toContain('No crashes reported in this period.');
    const pastTheEnd = withDetail({
      status: 'data',
      value: { ...detail, inspections: { ...detail.inspections, data: [], page: 9 } },
    });
    expect(pastTheEnd).toContain('No inspections on this page.');
    expect(withDetail({ status: 'error' })).toContain('Error: Failed to load the inspections and crashes');
  });
});

describe('inspection heat map', () => {
  it('interpolates light blue to navy and greys zero counts', () => {
    expect(heatColor(0, 10)).toBe('rgb(228, 231, 235)');
    expect(heatColor(10, 10)).toBe('rgb(25, 25, 112)');
    expect(heatColor(5, 10)).toBe('rgb(99, 121, 171)');
  });

  it('draws 51 states with counts, and has empty and error states', () => {
    const markup = html(
      <InspectionHeatMapBlock
        panels={panels({
          inspectionStates: {
            status: 'data',
            value: [
              { state: 'TX', count: 4 },
              { state: 'ON', count: 9 },
            ],
          },
        })}
      />,
    );
    expect(markup.match(/<use /g)).toHaveLength(51);
    expect(markup).toContain('Texas: 4 inspections');
    // Only the 50 states and DC are on the map: a Canadian province does not set the scale.
    expect(markup).toContain('4 inspections</span>');
    expect(html(<InspectionHeatMapBlock panels={panels()} />)).toContain(
      'No inspection data available for the past 12 months.',
    );
    expect(
      html(<InspectionHeatMapBlock panels={panels({ inspectionStates: { status: 'error' } })} />),
    ).toContain('Error: Failed to load inspection data');
  });

  it('is the same markup on a page React does not hydrate, written without React elements', () => {
    const states = panels({
      inspectionStates: {
        status: 'data',
        value: [
          { state: 'TX', count: 4 },
          { state: 'NY', count: 1 },
          { state: 'DC', count: 12 },
        ],
      },
    });
    const hydrated = html(<InspectionHeatMapBlock panels={states} />);
    const notHydrated = html(
      <HydratedPageProvider value={false}>
        <InspectionHeatMapBlock panels={states} />
      </HydratedPageProvider>,
    );
    expect(notHydrated).toBe(hydrated);
    expect(notHydrated).toContain(
      '<g class="heat-map__state" data-state="AL" tabindex="0" role="img" aria-label="Alabama: 0 inspections">',
    );
    expect(notHydrated).toContain('<title>New York: 1 inspection</title>');
  });
});

describe('cargo and carrier, fleet', () => {
  it('lists authorised cargo with the other-cargo description', () => {
    const markup = html(
      <CargoCarrierBlock panels={panels({ carrier: { status: 'data', value: record } })} />,
    );
    expect(markup).toContain('General Freight');
    expect(markup).toContain('Other: PIANOS');
    expect(markup).toContain('500,000 (2025)');
  });

  it('has the spec empty states', () => {
    expect(html(<CargoCarrierBlock panels={panels()} />)).toContain(
      'No carrier data available for this DOT number.',
    );
    const noCargo = { ...record, crgo_genfreight: '', crgo_cargoothr: '' } as CarrierRecord;
    expect(
      html(<CargoCarrierBlock panels={panels({ carrier: { status: 'data', value: noCargo } })} />),
    ).toContain('No specific cargo types authorized or data not available.');
    expect(html(<FleetInformationBlock panels={panels()} />)).toContain(
      'No fleet data available for this DOT number.',
    );
    expect(html(<FleetInformationBlock panels={panels({ carrier: { status: 'error' } })} />)).toContain(
      'Error: Failed to load carrier data',
    );
  });
});

describe('ratings', () => {
  it('draws full stars by floor and a half star from .5', () => {
    expect(starParts(4.5)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starParts(3.49)).toEqual({ full: 3, half: false, empty: 2 });
    expect(starParts(5)).toEqual({ full: 5, half: false, empty: 0 });
  });

  it('shows averages out of 5.0 and the empty states', () => {
    const markup = html(
      <RatingsBlock
        panels={panels({
          ratingSummary: {
            overall_rating: 4.17,
            avg_on_time: 4.5,
            avg_communication: 4,
            avg_service: 4,
            total_ratings: 2,
          },
        })}
      />,
    );
    expect(markup).toContain('4.2');
    expect(markup).toContain('4.5/5.0');
    expect(html(<RatingsBlock panels={panels()} />)).toContain('No ratings available for this carrier yet.');
    expect(
      html(<RatingsBlock panels={panels({ ratingSummary: { ...noRatings, total_ratings: 1 } })} />),
    ).toContain('No rating available');
  });

  it('shows the distribution and the newest comments escaped, or the load error', () => {
    const twoRatings = {
      overall_rating: 3.5,
      avg_on_time: 3.5,
      avg_communication: 3.5,
      avg_service: 3.5,
      total_ratings: 2,
    };
    const markup = html(
      <RatingsBlock
        panels={panels({
          ratingSummary: twoRatings,
          ratings: {
            status: 'data',
            value: {
              reviewer_domains: 2,
              uncounted_ratings: 4,
              distribution: [
                { stars: 5, count: 1 },
                { stars: 4, count: 0 },
                { stars: 3, count: 0 },
                { stars: 2, count: 1 },
                { stars: 1, count: 0 },
              ],
              recent_comments: [
                {
                  stars: 5,
                  comment: '<script>alert(1)</script>\nOn time',
                  submitted_on: '2026-11-20',
                  reply: { body: 'Thanks <b>a lot</b>', replied_on: '2026-11-21' },
                },
              ],
            },
          },
        })}
      />,
    );
    expect(markup).toContain(
      '2 ratings from 2 reviewer domains. 4 more ratings are not counted: at most 3 ratings from one domain count in 90 days.',
    );
    expect(markup).toContain('Rating distribution');
    expect(markup).toContain('width:50%');
    expect(markup).toContain('1<span class="visually-hidden"> rating</span>');
    expect(markup).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('November 20, 2026');
    expect(markup).toContain('Reply from the carrier, November 21, 2026');
    expect(markup).toContain('Thanks &lt;b&gt;a lot&lt;/b&gt;');
    expect(
      html(<RatingsBlock panels={panels({ ratingSummary: twoRatings, ratings: { status: 'error' } })} />),
    ).toContain('Error: Failed to load ratings data');
  });
});

describe('capacity, custom, pictures, unknown', () => {
  it('shows capacity entries, Anytime, and its empty and error states', () => {
    const markup = html(
      <CapacityBlock
        isOwner={false}
        panels={panels({
          capacity: {
            status: 'data',
            value: [
              {
                id: 1,
                date: '2026-12-05',
                trailer: 'Reefer',
                origin: 'Dallas, TX',
                destination: 'Chicago, IL',
              },
              { id: 2, date: '9999-12-31', trailer: 'Flatbed', origin: 'Dallas, TX', destination: '' },
            ],
          },
        })}
      />,
    );
    expect(markup).toContain('<td>Dec 5</td>');
    expect(markup).toContain('<td>Anytime</td>');
    expect(html(<CapacityBlock isOwner={false} panels={panels()} />)).toContain('No capacity entries found.');
    expect(
      html(<CapacityBlock isOwner={false} panels={panels({ capacity: { status: 'error' } })} />),
    ).toContain('Failed to load capacity data. Please try again later.');
  });

  it('lists the soonest 50 entries of a full board and says how many it holds', () => {
    const board = Array.from({ length: 200 }, (_, index) => ({
      id: index + 1,
      date: '9999-12-31',
      trailer: `Trailer ${index + 1}`,
      origin: 'Dallas, TX',
      destination: '',
    }));
    const markup = html(
      <CapacityBlock isOwner={false} panels={panels({ capacity: { status: 'data', value: board } })} />,
    );
    expect(markup.match(/<tr>/g)).toHaveLength(51);
    expect(markup).toContain('<td>Trailer 50</td>');
    expect(markup).not.toContain('<td>Trailer 51</td>');
    expect(markup).toContain('Showing the 50 soonest of 200 entries.');
    const short = html(
      <CapacityBlock
        isOwner={false}
        panels={panels({ capacity: { status: 'data', value: board.slice(0, 50) } })}
      />,
    );
    expect(short).not.toContain('Showing the');
  });

  it('renders custom HTML and picture placeholders', () => {
    expect(html(<CustomBlock html="<p>Hi</p>" />)).toBe('<div class="custom-html"><p>Hi</p></div>');
    expect(html(<ProfilePictureBlock asset={undefined} />)).toContain('No Image');
    expect(html(<ProfilePictureBlock asset={undefined} />)).toContain(
      'You can add a profile picture by editing this block',
    );
    expect(html(<ProfilePictureBlock asset={undefined} preview />)).not.toContain('You can add');
    expect(html(<HeaderPictureBlock asset={undefined} />)).toContain('No Header Image');
    const blobAsset = {
      id: 1,
      url: 'blob:http://x/1',
      alt_text: 'x',
      type: 'image',
      width: null,
      height: null,
      variants: [],
    };
    expect(html(<HeaderPictureBlock asset={blobAsset} />)).toContain('Image Not Found');
  });

  it('shows an unknown block with its data', () => {
    const markup = html(<UnknownBlock block={{ block_type: 'weather' }} />);
    expect(markup).toContain('Unknown block type');
    expect(markup).toContain('&quot;block_type&quot;: &quot;weather&quot;');
  });
});
