import { describe, expect, it } from 'vitest';
import { parseSearchTerms, significantWords } from './search-terms.ts';

describe('parseSearchTerms', () => {
  it.each([
    ['Blue Ridge Trucking', ['blue', 'ridge', 'trucking'], null],
    ['  "quoted" AND (unbalanced  ', ['quoted', 'and', 'unbalanced'], null],
    ['NEAR(a b) * - OR', ['near', 'a', 'b', 'or'], null],
    ['Café Müller', ['cafe', 'muller'], null],
    ['🚚🚚 trucks 🚛', ['trucks'], null],
    ['united-moving.com', ['united', 'moving', 'com'], null],
    ['295017', ['295017'], { digits: '295017', as: 'either' }],
    ['MC139446', ['mc139446'], { digits: '139446', as: 'mc' }],
    ['MC-424836', ['mc', '424836'], { digits: '424836', as: 'mc' }],
    ['mc 424836', ['mc', '424836'], { digits: '424836', as: 'mc' }],
    ['USDOT 00295017', ['usdot', '00295017'], { digits: '295017', as: 'dot' }],
    ['DOT#12', ['dot', '12'], { digits: '12', as: 'dot' }],
    ['***', [], null],
    ['', [], null],
  ])('%j', (input, words, number) => {
    expect(parseSearchTerms(input)).toEqual({ words, number });
  });

  it('bounds the work on huge input', () => {
    const terms = parseSearchTerms('trucking '.repeat(10_000) + 'x'.repeat(10_000));
    expect(terms.words).toHaveLength(8);
    expect(parseSearchTerms('y'.repeat(10_000)).words[0]).toHaveLength(40);
  });
});

describe('significantWords', () => {
  it('leaves out legal-form words unless nothing else is left', () => {
    expect(significantWords(['coastal', 'truck', 'lines', 'llc'])).toEqual(['coastal', 'truck', 'lines']);
    expect(significantWords(['llc', 'inc'])).toEqual(['llc', 'inc']);
  });
});
