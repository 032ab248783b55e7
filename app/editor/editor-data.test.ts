import { describe, expect, it } from 'vitest';
import { ownsProfile } from './editor-data.ts';

describe('ownsProfile', () => {
  it('lets only a user of the same DOT number into the editor', () => {
    expect(ownsProfile({ dotNumber: 880006 }, 880006)).toBe(true);
    expect(ownsProfile({ dotNumber: 880001 }, 880006)).toBe(false);
    expect(ownsProfile(null, 880006)).toBe(false);
  });

  it('refuses a route parameter that is no DOT number (0), whatever the session says', () => {
    expect(ownsProfile({ dotNumber: 0 }, 0)).toBe(false);
  });
});
