import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { nameRankSql } from './engine-sqlite.ts';

describe('nameRankSql (SQLite)', () => {
  const db = openDatabase({ dialect: 'sqlite', filename: ':memory:' });
  afterAll(async () => db.destroy());

  const names: [string, string | null][] = [
    ['EXPRESS', null],
    ['EXPRESS.', null],
    ['  "EXPRESS", LLC', null],
    ['EXPRESSWAY HAULING', null],
    ['J & B EXPRESS, LLC', 'J B HUNT'],
    ['JB TRUCKING', null],
    ['J', null],
    ['ACME', 'EXPRESS LINES'],
    ['ÉXPRESS CARGO', null],
    ['O’NEIL-SMITH TRUCKING', null],
    ['P&P FREIGHT, LLC', null],
    ['Y-6 DIRT WORKS LLC', 'Y 6'],
  ];

  it('ranks every name as name_rank does, for one word from one letter up', async () => {
    for (const word of ['express', 'expr', 'j', 'jb', 'y', 'p', 'oneil', 'o', '6', 'acme']) {
      for (const [name, dbaName] of names) {
        const { rows } = await sql<{ inSql: number; inJs: number }>`
          SELECT ${nameRankSql([word])} AS "inSql", name_rank(c.name, c.dba_name, ${word}) AS "inJs"
          FROM (SELECT ${name} AS name, ${dbaName} AS dba_name) AS c`.execute(db);
        expect({ word, name, dbaName, rank: rows[0]!.inSql }).toEqual({
          word,
          name,
          dbaName,
          rank: rows[0]!.inJs,
        });
      }
    }
  });

  it('ranks exact names first and names starting with the word next', async () => {
    const rank = async (name: string, word: string) =>
      (
        await sql<{ rank: number }>`SELECT ${nameRankSql([word])} AS rank
          FROM (SELECT ${name} AS name, NULL AS dba_name) AS c`.execute(db)
      ).rows[0]!.rank;
    expect(await rank('EXPRESS.', 'express')).toBe(0);
    expect(await rank('EXPRESSWAY HAULING', 'express')).toBe(1);
    expect(await rank('JB TRUCKING', 'j')).toBe(2);
    expect(await rank('J & B EXPRESS, LLC', 'j')).toBe(1);
    expect(await rank('ACME EXPRESS', 'express')).toBe(2);
  });
});
