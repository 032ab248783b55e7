import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../../core/us-states.ts';
import { neighbourInDirection } from './heat-map-keys.ts';

const codes = US_STATES.map(([code]) => code);
const move = (from: string, key: string) => neighbourInDirection(from, key, codes);

describe('the heat map’s arrow keys', () => {
  it('move to the neighbouring state in each direction', () => {
    expect(move('KS', 'ArrowUp')).toBe('NE');
    expect(move('KS', 'ArrowDown')).toBe('OK');
    expect(move('KS', 'ArrowRight')).toBe('MO');
    expect(move('KS', 'ArrowLeft')).toBe('CO');
    expect(move('WA', 'ArrowDown')).toBe('OR');
    expect(move('TX', 'ArrowUp')).toBe('OK');
  });

  it('stop at the edge of the map and ignore other keys', () => {
    expect(move('ME', 'ArrowRight')).toBeNull();
    expect(move('WA', 'ArrowUp')).toBeNull();
    expect(move('KS', 'Enter')).toBeNull();
  });

  it('reach every state, starting from Alabama', () => {
    const reached = new Set(['AL']);
    const queue = ['AL'];
    while (queue.length > 0) {
      const from = queue.shift()!;
      for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
        const to = move(from, key);
        if (to && !reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
      }
    }
    expect([...reached].sort()).toEqual([...codes].sort());
  });
});
