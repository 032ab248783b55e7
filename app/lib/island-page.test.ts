import { describe, expect, it } from 'vitest';
import { islandOf } from './island-page.ts';

describe('islandOf', () => {
  it("is the deepest matched route's island, or null for a hydrated page", () => {
    expect(islandOf([undefined, null, { island: '/assets/profile-island-x.js' }])).toBe(
      '/assets/profile-island-x.js',
    );
    expect(islandOf([{ island: '/assets/a.js' }, { island: '/assets/b.js' }])).toBe('/assets/b.js');
    expect(islandOf([undefined, { other: true }, 'text'])).toBeNull();
  });
});
