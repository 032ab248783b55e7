import { describe, expect, it } from 'vitest';
import { JsonObjectReader, JsonSyntaxError, type JsonObject } from './json.ts';

/** Reads `text` pushed whole and one character at a time; both must give the same objects. */
function read(text: string): JsonObject[] {
  const results = [[text], [...text]].map((pieces) => {
    const reader = new JsonObjectReader();
    const objects: JsonObject[] = [];
    const drain = (final: boolean) => {
      for (let object = reader.next(final); object !== null; object = reader.next(final))
        objects.push(object);
    };
    for (const piece of pieces) {
      reader.push(piece);
      drain(false);
    }
    drain(true);
    return objects;
  });
  expect(results[1]).toEqual(results[0]);
  return results[0] as JsonObject[];
}

function syntaxError(text: string): JsonSyntaxError {
  const reader = new JsonObjectReader();
  reader.push(text);
  try {
    while (reader.next(true) !== null);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error('no syntax error');
}

describe('JsonObjectReader', () => {
  it('reads an array of flat objects, scalars as strings, with the line of each object', () => {
    const text =
      '[\n  {"dot_number": "295017", "hm_ind": true, "power_units": 18, "pc": false},\n' +
      '  {\n    "dot_number": "12"\n  }\n]\n';
    expect(read(text)).toEqual([
      {
        line: 2,
        keys: ['dot_number', 'hm_ind', 'power_units', 'pc'],
        values: ['295017', 'true', '18', 'false'],
      },
      { line: 3, keys: ['dot_number'], values: ['12'] },
    ]);
  });

  it('leaves out null values and nested objects or arrays', () => {
    expect(read('[{"a":null,"b":{"c":[1,{"d":"}"}]},"e":[],"f":"x"}]')).toEqual([
      { line: 1, keys: ['f'], values: ['x'] },
    ]);
  });

  it('decodes string escapes', () => {
    const [object] = read('[{"name":"A \\"Q\\" \\\\ \\/ \\u00c9\\ud83d\\ude9a\\n\\t"}]');
    expect(object?.values).toEqual(['A "Q" \\ / \u00c9\u{1f69a}\n\t']);
  });

  it('reads keys that repeat, change order, or hold escapes', () => {
    const text =
      '[{"dot":"1","b\\"c":"2"},{"dot_number":"3","b\\"c":"4"},' +
      '{"b\\"c":"5","dot":"6","x\\\\":"7"},{"x\\\\":"8"}]';
    expect(read(text).map(({ keys, values }) => ({ keys, values }))).toEqual([
      { keys: ['dot', 'b"c'], values: ['1', '2'] },
      { keys: ['dot_number', 'b"c'], values: ['3', '4'] },
      { keys: ['b"c', 'dot', 'x\\'], values: ['5', '6', '7'] },
      { keys: ['x\\'], values: ['8'] },
    ]);
  });

  it('reads JSON Lines', () => {
    expect(read('{"a":"1"}\n\n{"a":"2"}\r\n{"a":"-3.5e2"}')).toEqual([
      { line: 1, keys: ['a'], values: ['1'] },
      { line: 3, keys: ['a'], values: ['2'] },
      { line: 4, keys: ['a'], values: ['-3.5e2'] },
    ]);
  });

  it('reads an empty array', () => {
    expect(read(' [ ] ')).toEqual([]);
  });

  it('reports malformed JSON with its line', () => {
    expect(syntaxError('[\n{"a":"1"},\n{"a" "2"}]').message).toBe('expected : at line 3');
    expect(syntaxError('[{"a":"1"}').message).toMatch(/expected , or \]/);
    expect(syntaxError('[{"a":"1"},').message).toMatch(/not closed/);
    expect(syntaxError('[{"a":tru}]').message).toMatch(/expected a value/);
    expect(syntaxError('[{"a":"1"} {"a":"2"}]').message).toMatch(/expected , or \]/);
    expect(syntaxError('[{"a":"1"').message).toMatch(/ends inside an object/);
    expect(syntaxError('"text"').message).toMatch(/expected an object/);
  });
});
