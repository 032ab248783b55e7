import type { Selectable } from 'kysely';
import type { CompaniesTable } from '../../db/schema.ts';
import { CARGO_TYPES, type CargoCode } from '../../../core/cargo.ts';
import type { Company } from '../../../core/contracts/companies.ts';

const CARGO_LABELS = new Map<string, string>(CARGO_TYPES);

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

/** The public company record of the spec (public-side section 3). No e-mail, phone or officers. */
export function toCompanyView(row: Selectable<CompaniesTable>): Company {
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
