/**
 * Seeded randomness for the demo data: mulberry32 is tiny and fast, and its 2^32 period is plenty for a
 * few million carriers. Every draw goes through an `Rng` so the same seed gives byte-identical files.
 */

/** Mixes a seed and a stream number into an independent 32-bit seed (the murmur3 finaliser). */
export function deriveSeed(seed: number, stream: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream | 0, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Extra events after the first, each following one with probability `p` (0, 1, 2, ... decaying). */
  geometric(p: number): number {
    let n = 0;
    while (this.next() < p) n++;
    return n;
  }

  /** A standard normal draw (Box-Muller). */
  gaussian(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A Poisson draw; a normal approximation above 30 keeps big fleets O(1). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.gaussian()));
    const limit = Math.exp(-mean);
    let n = 0;
    let product = this.next();
    while (product > limit) {
      n++;
      product *= this.next();
    }
    return n;
  }
}

/** Picks items in proportion to their weights by binary search over the cumulative weights. */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new RangeError('a weighted table needs one weight per item and at least one item');
    }
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, i) => {
      sum += weight;
      this.cumulative[i] = sum;
    });
    if (!(sum > 0)) throw new RangeError('a weighted table needs a positive total weight');
    this.total = sum;
  }

  /** Builds a table from `[item, weight]` pairs. */
  static of<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
    return new WeightedTable(
      entries.map(([item]) => item),
      entries.map(([, weight]) => weight),
    );
  }

  pick(rng: Rng): T {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
