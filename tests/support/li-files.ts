/** L&I rows as FMCSA's text downloads spell them, for tests that import generated files. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';

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

/** A writer of small files in `dir`: the lines joined with line feeds, its path returned. */
export const fileWriter = (dir: string) => (name: string, lines: string[]) => {
  const target = path.join(dir, name);
  writeFileSync(target, lines.join('\n') + '\n');
  return target;
};

/** A carrier's two search flags as the companies row keeps them: [authorized_for_hire, insurance_on_file]. */
export async function searchFlagsOf(db: Db, dot: number): Promise<number[]> {
  const row = await db
    .selectFrom('companies')
    .select(['authorized_for_hire', 'insurance_on_file'])
    .where('dot_number', '=', dot)
    .executeTakeFirstOrThrow();
  return [row.authorized_for_hire, row.insurance_on_file];
}

/** How many rows a table holds. */
export async function rowCount(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
