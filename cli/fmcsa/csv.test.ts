import { describe, expect, it } from 'vitest';
import { CsvParser } from './csv.ts';

interface Record {
  line: number;
  fields: string[];
  unterminated?: true;
}

/** Parses `text` pushed in the given pieces; every record with its line and fields. */
function parse(pieces: readonly string[]): Record[] {
  const parser = new CsvParser();
  const records: Record[] = [];
  const drain = (final: boolean) => {
    while (parser.next(final)) {
      const { row } = parser;
      const fields = Array.from({ length: row.count }, (_, index) => row.get(index));
      if (fields.some((field, index) => row.isEmpty(index) !== (field === ''))) {
        throw new Error('isEmpty differs');
      }
      records.push({
        line: parser.line,
        fields,
        ...(row.unterminated ? { unterminated: true as const } : {}),
      });
    }
  };
  for (const piece of pieces) {
    parser.push(piece);
    drain(false);
  }
  drain(true);
  return records;
}

/** The same text whole, one character at a time, and in pieces of 2, 3 and 7 characters. */
function splits(text: string): string[][] {
  const pieces = (size: number) =>
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, i * size + size));
  return [[text], pieces(1), pieces(2), pieces(3), pieces(7)];
}

function expectParse(text: string, expected: Record[]): void {
  for (const pieces of splits(text)) expect(parse(pieces)).toEqual(expected);
}

describe('CsvParser', () => {
  it('reads plain records with LF or CRLF line ends', () => {
    const expected = [
      { line: 1, fields: ['A', 'B', 'C'] },
      { line: 2, fields: ['1', '', '3'] },
      { line: 3, fields: ['x', 'y', ''] },
    ];
    expectParse('A,B,C\n1,,3\nx,y,\n', expected);
    expectParse('A,B,C\r\n1,,3\r\nx,y,\r\n', expected);
    expectParse('A,B,C\r\n1,,3\r\nx,y,', expected);
  });

  it('reads quoted fields with commas, "" escapes and line breaks, counting physical lines', () => {
    const text =
      'A,B\r\n"ACME, INC","THE ""FAST"" LANE"\r\n"STEEL\r\nPIPE\nAND TUBE",2\r\n"",""""\r\nlast,"x"\r\n';
    expectParse(text, [
      { line: 1, fields: ['A', 'B'] },
      { line: 2, fields: ['ACME, INC', 'THE "FAST" LANE'] },
      { line: 3, fields: ['STEEL\r\nPIPE\nAND TUBE', '2'] },
      { line: 6, fields: ['', '"'] },
      { line: 7, fields: ['last', 'x'] },
    ]);
  });

  it('reads a record whose quoted field spans lines in the middle of the record', () => {
    expectParse('a,"one\ntwo",b,"three",c\nd,e,f,g,h\n', [
      { line: 1, fields: ['a', 'one\ntwo', 'b', 'three', 'c'] },
      { line: 3, fields: ['d', 'e', 'f', 'g', 'h'] },
    ]);
  });

  it('passes over blank lines but counts them', () => {
    expectParse('A,B\n\n1,2\r\n\r\n\n3,4\n\n', [
      { line: 1, fields: ['A', 'B'] },
      { line: 3, fields: ['1', '2'] },
      { line: 6, fields: ['3', '4'] },
    ]);
  });

  it('keeps a quote inside an unquoted field and text after a closing quote', () => {
    expectParse('12" PIPE,"ab"cd,x\n"q"\n', [
      { line: 1, fields: ['12" PIPE', 'abcd', 'x'] },
      { line: 2, fields: ['q'] },
    ]);
  });

  it('marks a quoted field the file never closes', () => {
    expectParse('a,b\n1,"open\nend', [
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', 'open\nend'], unterminated: true },
    ]);
  });

  it('ends a record at the line of a stray quote once the field runs past any real record size', () => {
    const filler = 'x,y\n'.repeat(300_000);
    const records = parse(['a,"stray\n', filler, '1,2\n']);
    expect(records[0]).toEqual({ line: 1, fields: ['a', '"stray'], unterminated: true });
    expect(records[1]).toEqual({ line: 2, fields: ['x', 'y'] });
    expect(records.at(-1)).toEqual({ line: 300_002, fields: ['1', '2'] });
  });

  it('reads records of more fields than its initial capacity', () => {
    const fields = Array.from({ length: 600 }, (_, i) => `f${i}`);
    const quoted = fields.map((field) => `"${field}"`);
    expectParse(`${fields.join(',')}\n${quoted.join(',')}\n`, [
      { line: 1, fields },
      { line: 2, fields },
    ]);
  });
});
