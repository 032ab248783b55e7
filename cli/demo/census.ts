/** Company Census File rows (all 147 columns, export order) for the demo carriers. */
import { COMPANY_CENSUS_COLUMNS } from '../fmcsa/columns.ts';
import { CARGO_CODES } from './cargo.ts';
import { type DemoCarrier, type Docket, fleetSizeCode } from './carrier.ts';
import { csvField, RowLayout } from './csv.ts';
import type { DemoCalendar } from './dates.ts';
import { federalRegion } from './geography.ts';

export const CENSUS_HEADER = COMPANY_CENSUS_COLUMNS.join(',');

const FILLED = [
  'MCS150_DATE',
  'ADD_DATE',
  'STATUS_CODE',
  'DOT_NUMBER',
  'PHY_OMC_REGION',
  'CARRIER_OPERATION',
  'BUSINESS_ORG_ID',
  'MCS150_MILEAGE',
  'MCS150_MILEAGE_YEAR',
  'PHONE',
  'FAX',
  'CELL_PHONE',
  'COMPANY_OFFICER_1',
  'COMPANY_OFFICER_2',
  'BUSINESS_ORG_DESC',
  'TRUCK_UNITS',
  'POWER_UNITS',
  'BUS_UNITS',
  'FLEETSIZE',
  'CARSHIP',
  'DOCKET1PREFIX',
  'DOCKET1',
  'DOCKET2PREFIX',
  'DOCKET2',
  'DOCKET3PREFIX',
  'DOCKET3',
  'TOTAL_INTRASTATE_DRIVERS',
  'HM_Ind',
  'INTERSTATE_BEYOND_100_MILES',
  'INTERSTATE_WITHIN_100_MILES',
  'INTRASTATE_BEYOND_100_MILES',
  'INTRASTATE_WITHIN_100_MILES',
  'TOTAL_CDL',
  'TOTAL_DRIVERS',
  'AVG_DRIVERS_LEASED_PER_MONTH',
  'CLASSDEF',
  'LEGAL_NAME',
  'DBA_NAME',
  'PHY_STREET',
  'PHY_CITY',
  'PHY_STATE',
  'PHY_ZIP',
  'PHY_CNTY',
  'CARRIER_MAILING_STREET',
  'CARRIER_MAILING_STATE',
  'CARRIER_MAILING_CITY',
  'CARRIER_MAILING_ZIP',
  'CARRIER_MAILING_CNTY',
  'DRIVER_INTER_TOTAL',
  'EMAIL_ADDRESS',
  'REVIEW_TYPE',
  'REVIEW_DATE',
  'SAFETY_RATING',
  'SAFETY_RATING_DATE',
  'CRGO_GENFREIGHT',
  'CRGO_CARGOOTHR_DESC',
  'OWNTRUCK',
  'OWNTRACT',
  'OWNTRAIL',
  'OWNCOACH',
  'OWNBUS_16',
  'OWNVAN_9_15',
  'TRMTRACT',
  'TRMTRAIL',
  'DOCKET1_STATUS_CODE',
  'DOCKET2_STATUS_CODE',
  'DOCKET3_STATUS_CODE',
] as const satisfies readonly (typeof COMPANY_CENSUS_COLUMNS)[number][];

/** The 30 cargo flag columns are written as one block, looked up by the carrier's flag bits. */
const CARGO_BLOCK = ['CRGO_GENFREIGHT', 'CRGO_CARGOOTHR'] as const;

/** Equipment counts: the real file leaves the kinds a carrier does not run empty rather than 0. */
function count(value: number): string {
  return value === 0 ? '' : String(value);
}

export class CensusRowBuilder {
  private readonly layout = new RowLayout(COMPANY_CENSUS_COLUMNS, FILLED, {
    blocks: [CARGO_BLOCK],
    constants: { PRIOR_REVOKE_FLAG: 'N', PHY_COUNTRY: 'US', CARRIER_MAILING_COUNTRY: 'US' },
  });
  private readonly docketSlots = [
    [this.layout.slot.DOCKET1PREFIX, this.layout.slot.DOCKET1, this.layout.slot.DOCKET1_STATUS_CODE],
    [this.layout.slot.DOCKET2PREFIX, this.layout.slot.DOCKET2, this.layout.slot.DOCKET2_STATUS_CODE],
    [this.layout.slot.DOCKET3PREFIX, this.layout.slot.DOCKET3, this.layout.slot.DOCKET3_STATUS_CODE],
  ] as const;
  /** Cargo blocks by flag bits; carriers share a few thousand combinations at most. */
  private readonly cargoBlocks = new Map<number, string>();

  constructor(private readonly calendar: DemoCalendar) {}

  build(carrier: DemoCarrier): string {
    const { calendar, layout } = this;
    const s = layout.slot;
    layout.clear();
    layout.set(s.MCS150_DATE, calendar.format(carrier.mcs150Day));
    layout.set(s.ADD_DATE, calendar.format(carrier.addDay));
    layout.set(s.STATUS_CODE, carrier.status);
    layout.set(s.DOT_NUMBER, String(carrier.dot));
    layout.set(s.PHY_OMC_REGION, federalRegion(carrier.physical.state));
    layout.set(s.CARRIER_OPERATION, carrier.operation);
    layout.set(s.BUSINESS_ORG_ID, carrier.org.id);
    layout.set(s.BUSINESS_ORG_DESC, carrier.org.desc);
    if (carrier.powerUnits > 0) {
      layout.set(s.MCS150_MILEAGE, String(carrier.mileage));
      layout.set(s.MCS150_MILEAGE_YEAR, String(carrier.mileageYear));
    }
    layout.set(s.PHONE, carrier.phone);
    layout.set(s.FAX, carrier.fax);
    layout.set(s.CELL_PHONE, carrier.cell);
    layout.set(s.COMPANY_OFFICER_1, csvField(carrier.officer1));
    layout.set(s.COMPANY_OFFICER_2, csvField(carrier.officer2));
    layout.set(s.TRUCK_UNITS, String(carrier.powerUnits - carrier.busUnits));
    layout.set(s.POWER_UNITS, String(carrier.powerUnits));
    layout.set(s.BUS_UNITS, String(carrier.busUnits));
    layout.set(s.FLEETSIZE, fleetSizeCode(carrier.powerUnits));
    layout.set(s.CARSHIP, carrier.carship);
    for (let i = 0; i < carrier.dockets.length; i++) {
      const docket = carrier.dockets[i] as Docket;
      const [prefix, number, status] = this.docketSlots[i] as (typeof this.docketSlots)[number];
      layout.set(prefix, docket.prefix);
      layout.set(number, docket.number);
      layout.set(status, docket.status);
    }

    const { drivers } = carrier;
    layout.set(s.TOTAL_INTRASTATE_DRIVERS, String(drivers.intraBeyond100 + drivers.intraWithin100));
    layout.set(s.HM_Ind, carrier.hazmat ? 'Y' : 'N');
    layout.set(s.INTERSTATE_BEYOND_100_MILES, String(drivers.interBeyond100));
    layout.set(s.INTERSTATE_WITHIN_100_MILES, String(drivers.interWithin100));
    layout.set(s.INTRASTATE_BEYOND_100_MILES, String(drivers.intraBeyond100));
    layout.set(s.INTRASTATE_WITHIN_100_MILES, String(drivers.intraWithin100));
    layout.set(s.TOTAL_CDL, String(drivers.cdl));
    layout.set(s.TOTAL_DRIVERS, String(drivers.total));
    layout.set(s.AVG_DRIVERS_LEASED_PER_MONTH, String(drivers.avgLeasedPerMonth));
    layout.set(s.DRIVER_INTER_TOTAL, String(drivers.interBeyond100 + drivers.interWithin100));
    layout.set(s.CLASSDEF, carrier.classdef);
    layout.set(s.LEGAL_NAME, csvField(carrier.legalName));
    layout.set(s.DBA_NAME, csvField(carrier.dbaName));

    const { physical, mailing } = carrier;
    layout.set(s.PHY_STREET, csvField(physical.street));
    layout.set(s.PHY_CITY, csvField(physical.city));
    layout.set(s.PHY_STATE, physical.state);
    layout.set(s.PHY_ZIP, physical.zip);
    layout.set(s.PHY_CNTY, physical.county);
    layout.set(s.CARRIER_MAILING_STREET, csvField(mailing.street));
    layout.set(s.CARRIER_MAILING_STATE, mailing.state);
    layout.set(s.CARRIER_MAILING_CITY, csvField(mailing.city));
    layout.set(s.CARRIER_MAILING_ZIP, mailing.zip);
    layout.set(s.CARRIER_MAILING_CNTY, mailing.county);
    layout.set(s.EMAIL_ADDRESS, carrier.email);

    if (carrier.safetyRating !== '') {
      layout.set(s.REVIEW_TYPE, 'C');
      layout.set(s.REVIEW_DATE, calendar.format(carrier.ratingDay));
      layout.set(s.SAFETY_RATING, carrier.safetyRating);
      layout.set(s.SAFETY_RATING_DATE, calendar.format(carrier.ratingDay));
    }

    layout.set(s.CRGO_GENFREIGHT, this.cargoBlock(carrier.cargo.flags));
    layout.set(s.CRGO_CARGOOTHR_DESC, csvField(carrier.cargo.otherDescription));

    const { equipment } = carrier;
    layout.set(s.OWNTRUCK, count(equipment.ownTruck));
    layout.set(s.OWNTRACT, count(equipment.ownTract));
    layout.set(s.OWNTRAIL, count(equipment.ownTrail));
    layout.set(s.OWNCOACH, count(equipment.ownCoach));
    layout.set(s.OWNBUS_16, count(equipment.ownBus16));
    layout.set(s.OWNVAN_9_15, count(equipment.ownVan9to15));
    layout.set(s.TRMTRACT, count(equipment.trmTract));
    layout.set(s.TRMTRAIL, count(equipment.trmTrail));
    return layout.row();
  }

  private cargoBlock(flags: number): string {
    let block = this.cargoBlocks.get(flags);
    if (block === undefined) {
      block = CARGO_CODES.map((_, i) => (flags & (1 << i) ? 'X' : '')).join(',');
      this.cargoBlocks.set(flags, block);
    }
    return block;
  }
}
