import { describe, expect, it } from 'vitest';
import { isAppliedColour, readColourEntry } from './colour-input.ts';

describe('readColourEntry', () => {
  it.each([
    ['', { kind: 'clear' }],
    ['   ', { kind: 'clear' }],
    ['#1D4ED8', { kind: 'apply', colour: '#1d4ed8' }],
    ['1d4ed8', { kind: 'apply', colour: '#1d4ed8' }],
    ['#abc', { kind: 'apply', colour: '#aabbcc' }],
    ['FFF', { kind: 'apply', colour: '#ffffff' }],
    [' #0a0b0c ', { kind: 'apply', colour: '#0a0b0c' }],
    ['#', { kind: 'invalid' }],
    ['#12', { kind: 'invalid' }],
    ['#12345', { kind: 'invalid' }],
    ['#ggg', { kind: 'invalid' }],
    ['#red; background: url(x)', { kind: 'invalid' }],
    ['red', { kind: 'rejected' }],
    ['12345', { kind: 'rejected' }],
    ['rgb(0, 0, 0)', { kind: 'rejected' }],
  ])('reads %j as %j', (text, entry) => {
    expect(readColourEntry(text)).toEqual(entry);
  });

  it('only ever applies #rrggbb', () => {
    expect(isAppliedColour('#aabbcc')).toBe(true);
    expect(isAppliedColour('#abc')).toBe(false);
    expect(isAppliedColour('#AABBCC')).toBe(false);
    expect(isAppliedColour('red')).toBe(false);
    expect(isAppliedColour(12)).toBe(false);
  });
});
