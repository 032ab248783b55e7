import type { Selectable } from 'kysely';
import type { CompaniesTable } from '../../db/schema.ts';
import { CARGO_TYPES, type CargoCode } from '../../../core/cargo.ts';

const CARGO_LABELS = new Map<string, string>(CARGO_TYPES);

/** The public company record of the spec (public-side section 3). No e-mail, phone or officers. */
export interface CompanyView {
  id: number;
  name: string;
  dba_name: string | null;
  dot_number: number;
  mc_number: string | null;
  power_units: number | null;
  truck_units: number | null;
  total_drivers: number | null;
  claimed: boolean;
  status_code: string | null;
  safety_rating: string | null;
  company_types: string[];
  cargo_types: string[];
  address: { city: string | null; state: string | null; zip: string | null };
}

/** 'MC-139446' from the stored docket digits. */
export function formatMcNumber(digits: string | null): string | null {
  return digits ? `MC-${digits}` : null;
}

/** CARSHIP letters to the spec's company types: C carrier, B broker (shipper and others are not listed). */
export function companyTypes(carship: string | null): string[] {
  const roles = (carship ?? '').split(';');
  return [...(roles.includes('C') ? ['carrier'] : []), ...(roles.includes('B') ? ['broker'] : [])];
}

export function cargoLabels(cargoCodes: string | null): string[] {
  if (!cargoCodes) return [];
  return cargoCodes.split(';').flatMap((code) => {
    const label = CARGO_LABELS.get(code as CargoCode);
    return label ? [label] : [];
  });
}

export function toCompanyView(row: Selectable<CompaniesTable>): CompanyView {
  return {
    id: row.id,
    name: row.name,
    dba_name: row.dba_name,
    dot_number: row.dot_number,
    mc_number: formatMcNumber(row.mc_number),
    power_units: row.power_units,
    truck_units: row.truck_units,
    total_drivers: row.total_drivers,
    claimed: row.claimed === 1,
    status_code: row.status_code,
    safety_rating: row.safety_rating,
    company_types: companyTypes(row.carship),
    cargo_types: cargoLabels(row.cargo_codes),
    address: { city: row.phy_city, state: row.phy_state, zip: row.phy_zip },
  };
}
