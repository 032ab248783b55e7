/** L&I rows as FMCSA's text downloads spell them, for tests that import generated files. */

/** A headerless text download's line: every field double-quoted. */
export const quoted = (fields: readonly string[]) => fields.map((field) => `"${field}"`).join(',');

/** A legacy Carrier row (43 fields) with the given authority letters and BI&PD amounts in thousands. */
export function carrierFields(
  docket: string,
  dot: string,
  {
    common = 'A',
    contract = 'N',
    broker = 'N',
    revocation = 'N',
    pending = 'N',
    required = '00750',
    onFile = '00750',
  } = {},
): string[] {
  const fields = Array.from({ length: 43 }, () => '');
  Object.assign(fields, {
    0: docket,
    1: dot,
    4: common,
    5: contract,
    6: broker,
    7: pending,
    8: 'N',
    9: 'N',
    10: revocation,
    11: 'N',
    12: 'N',
    18: required,
    19: 'N',
    20: broker === 'A' ? 'Y' : 'N',
    21: onFile,
    22: 'N',
    23: 'N',
    26: `CARRIER ${docket}`,
  });
  return fields;
}
