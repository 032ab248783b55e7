import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDomainError } from './errors.ts';
import { parseInput } from './input.ts';

describe('parseInput', () => {
  it('throws a DomainError that names the field', () => {
    let thrown: unknown;
    try {
      parseInput(z.object({ address_state: z.enum(['TX']) }), { address_state: 'XX' });
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'invalid', field: 'address_state' });
  });
});
