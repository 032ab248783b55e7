import { describe, expect, it } from 'vitest';
import { deriveSeed, Rng, WeightedTable } from './random.ts';

describe('Rng', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const rng = new Rng(seed);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(deriveSeed(1, 1)).not.toBe(deriveSeed(1, 2));
  });

  it('draws integers within bounds and Poisson counts around their mean', () => {
    const rng = new Rng(7);
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const n = rng.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      sum += rng.poisson(2.5);
    }
    expect(sum / 10_000).toBeCloseTo(2.5, 1);
    expect(rng.poisson(1000)).toBeGreaterThan(850);
  });
});

describe('WeightedTable', () => {
  it('picks items in proportion to their weights', () => {
    const table = WeightedTable.of([
      ['a', 1],
      ['b', 3],
      ['never', 0],
    ] as const);
    const rng = new Rng(1);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 20_000; i++) counts[table.pick(rng)]++;
    expect(counts.never).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.7);
    expect(counts.b / counts.a).toBeLessThan(3.3);
  });

  it('refuses an empty or weightless table', () => {
    expect(() => WeightedTable.of([])).toThrow();
    expect(() => WeightedTable.of([['a', 0]])).toThrow();
  });
});
