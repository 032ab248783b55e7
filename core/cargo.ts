// Cargo types both sides name: the importer reads them, the search filter and the profile show them.

/** Cargo flags of the Company Census, in file order (CRGO_<code>), with the spec's labels. */
export const CARGO_TYPES = [
  ['GENFREIGHT', 'General Freight'],
  ['HOUSEHOLD', 'Household Goods'],
  ['METALSHEET', 'Metal Sheets, Coils, Rolls'],
  ['MOTOVEH', 'Motor Vehicles'],
  ['DRIVETOW', 'Drive/Tow Away'],
  ['LOGPOLE', 'Logs, Poles, Beams, Lumber'],
  ['BLDGMAT', 'Building Materials'],
  ['MOBILEHOME', 'Mobile Homes'],
  ['MACHLRG', 'Machinery, Large Objects'],
  ['PRODUCE', 'Fresh Produce'],
  ['LIQGAS', 'Liquids/Gases'],
  ['INTERMODAL', 'Intermodal Containers'],
  ['PASSENGERS', 'Passengers'],
  ['OILFIELD', 'Oilfield Equipment'],
  ['LIVESTOCK', 'Livestock'],
  ['GRAINFEED', 'Grain, Feed, Hay'],
  ['COALCOKE', 'Coal/Coke'],
  ['MEAT', 'Meat'],
  ['GARBAGE', 'Garbage/Refuse'],
  ['USMAIL', 'US Mail'],
  ['CHEM', 'Chemicals'],
  ['DRYBULK', 'Dry Bulk'],
  ['COLDFOOD', 'Refrigerated Food'],
  ['BEVERAGES', 'Beverages'],
  ['PAPERPROD', 'Paper Products'],
  ['UTILITY', 'Utility'],
  ['FARMSUPP', 'Farm Supplies'],
  ['CONSTRUCT', 'Construction'],
  ['WATERWELL', 'Water Well'],
  ['CARGOOTHR', 'Other Cargo'],
] as const;

export type CargoCode = (typeof CARGO_TYPES)[number][0];

/**
 * A cargo type's bit in PostgreSQL's search postings (`cargo_bits`, migration 040): bit i for
 * CARGO_TYPES[i], so a type is only ever added at the end of the list, with a migration that writes
 * the database's `cargo_bits` function again.
 */
export function cargoBit(code: CargoCode): number {
  return 1 << CARGO_TYPES.findIndex(([type]) => type === code);
}
