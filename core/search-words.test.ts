import { describe, expect, it } from 'vitest';
import { nameKey, nameRank } from './search-words.ts';

describe('nameKey', () => {
  it.each([
    ['J&B Trucking, LLC', 'j b trucking llc'],
    ['  I-6 TANK LINES L.L.C. ', 'i 6 tank lines l l c'],
    ['MÜLLER EXPRESS', 'muller express'],
    ['', ''],
  ])('%j is %j', (name, key) => {
    expect(nameKey(name)).toBe(key);
  });
});

describe('nameRank', () => {
  it.each([
    ['EXPRESS', null, 'express', 0],
    ['ZED CARRIERS', 'EXPRESS LANE', 'express lane', 0],
    ['J & B EXPRESS, LLC', null, 'j b express', 1],
    ['BLUE RIDGELINE', null, 'blue ridge', 1],
    ['J BAR RANCH', null, 'j b', 2],
    ['J B HUNT', null, 'j b', 1],
    ['MÜLLER EXPRESS', null, 'muller', 1],
    ['RED RIVER EXPRESS', null, 'express', 2],
  ] as const)('%j / %j for %j is %i', (name, dba, key, rank) => {
    expect(nameRank(name, dba, key)).toBe(rank);
  });
});
