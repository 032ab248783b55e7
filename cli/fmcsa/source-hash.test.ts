import path from 'node:path';
import { xxh64 } from '@node-rs/xxhash';
import { describe, expect, it } from 'vitest';
import { companyRowSets } from '../../server/domains/carrier-data/table-rows.ts';
import type { CarrierRecord } from '../../server/domains/carrier-data/records.ts';
import { openFmcsaFile } from './open-file.ts';
import { CENSUS_MAPPING_VERSION, sourceHash, sourceHashSeed } from './source-hash.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/fmcsa');

describe('source hashes of census records', () => {
  const seed = sourceHashSeed('company_census', ['DOT_NUMBER', 'LEGAL_NAME']);

  it('hashes the same text alike and any other text otherwise, in 48 bits', () => {
    const record = '295017,UNITED MOVING AND STORAGE INC';
    expect(sourceHash(record, seed)).toBe(sourceHash(record, seed));
    expect(sourceHash('295017,UNITED MOVING AND STORAGE INC.', seed)).not.toBe(sourceHash(record, seed));
    expect(sourceHash('295018,UNITED MOVING AND STORAGE INC', seed)).not.toBe(sourceHash(record, seed));
    for (const text of [record, '', 'Étoile 🚚']) {
      const hash = sourceHash(text, seed);
      expect(Number.isSafeInteger(hash) && hash >= 0 && hash < 2 ** 48).toBe(true);
    }
  });

  it('seeds each dataset and column layout apart, so a record read otherwise never matches', () => {
    const seeds = [
      seed,
      sourceHashSeed('sms_census', ['DOT_NUMBER', 'LEGAL_NAME']),
      sourceHashSeed('company_census', ['LEGAL_NAME', 'DOT_NUMBER']),
      sourceHashSeed('company_census', ['DOT_NUMBER', 'LEGAL_NAME', 'PHY_STATE']),
    ];
    expect(new Set(seeds.map((each) => sourceHash('1,A', each))).size).toBe(seeds.length);
  });

  /** The companies rows a census fixture becomes, as the importer writes them. */
  async function storedRows(file: string): Promise<unknown[]> {
    const opened = await openFmcsaFile(path.join(FIXTURES, file));
    const records: CarrierRecord[] = [];
    const hashes: number[] = [];
    for await (const row of opened.rows) {
      if (row.kind !== 'carrier') continue;
      records.push(row.record);
      hashes.push(row.sourceHash);
    }
    return companyRowSets(records, '2026-11-30T00:00:00.000Z', hashes).map((set) => [set.columns, set.rows]);
  }

  it('records what this mapping stores of the census fixtures, under its version', async () => {
    // Records whose hash a store holds are not mapped again. If this fails, census records now map
    // to other stored values (map-census.ts, normalize.ts, table-rows.ts, the ZIP centroids): bump
    // CENSUS_MAPPING_VERSION, so stores map every record again once, and record the new digests.
    const digests: Record<string, string> = {};
    for (const file of ['company-census.csv', 'company-census.json', 'sms-census.csv']) {
      digests[file] = xxh64(JSON.stringify(await storedRows(file))).toString(16);
    }
    expect({ version: CENSUS_MAPPING_VERSION, digests }).toStrictEqual({
      version: 3,
      digests: {
        'company-census.csv': '2f75a9a3ca19edd3',
        'company-census.json': '88c2fecdbb4c6ec5',
        'sms-census.csv': 'bd84c4d509993cf8',
      },
    });
  });
});
