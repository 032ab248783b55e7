import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/errors.ts';
import { expectedRefusal } from './load-errors.ts';

describe('expectedRefusal', () => {
  it('returns a domain error with one of the codes the page handles', () => {
    const invalid = new DomainError('invalid', 'address_state: unknown state code', {
      field: 'address_state',
    });
    expect(expectedRefusal(invalid, ['invalid'])).toBe(invalid);
    expect(expectedRefusal(invalid, ['invalid'])?.field).toBe('address_state');
  });

  it('knows a domain error thrown by the server’s copy of core/errors.ts, by its shape', () => {
    const fromServer = Object.assign(new Error('page: must be a whole number'), {
      name: 'DomainError',
      code: 'invalid',
      detail: 'page: must be a whole number',
    });
    expect(expectedRefusal(fromServer, ['invalid'])).toBe(fromServer);
  });

  it('returns null for other codes and for anything that is not a domain error', () => {
    expect(expectedRefusal(new DomainError('busy', 'Busy'), ['invalid'])).toBeNull();
    expect(expectedRefusal(new Error('invalid'), ['invalid'])).toBeNull();
    expect(expectedRefusal({ statusCode: 400, detail: 'x' }, ['invalid'])).toBeNull();
    expect(expectedRefusal(null, ['invalid'])).toBeNull();
  });
});
