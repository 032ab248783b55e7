import { describe, expect, it } from 'vitest';
import { formatCapacityDate } from '../../core/format.ts';
import {
  capacityFormFromEntry,
  capacityFormProblem,
  capacityRequest,
  EMPTY_CAPACITY_FORM,
  todayIsoDay,
} from './capacity-form.ts';

const filled = {
  date: '2026-12-05',
  anytime: false,
  trailer: 'Reefer',
  origin: 'Dallas, TX',
  destination: '',
};

describe('capacity form', () => {
  it('needs a date (unless Anytime), trailer and origin when adding', () => {
    expect(capacityFormProblem(filled, 'add')).toBeNull();
    expect(capacityFormProblem(EMPTY_CAPACITY_FORM, 'add')).toBe('Please fill in all required fields');
    expect(capacityFormProblem({ ...filled, date: '' }, 'add')).toBe('Please fill in all required fields');
    expect(capacityFormProblem({ ...filled, date: '', anytime: true }, 'add')).toBeNull();
    expect(capacityFormProblem({ ...filled, trailer: '  ' }, 'add')).toBe(
      'Please fill in all required fields',
    );
    expect(capacityFormProblem({ ...filled, origin: '' }, 'add')).toBe('Please fill in all required fields');
  });

  it('also needs the destination when updating', () => {
    expect(capacityFormProblem(filled, 'edit')).toBe('Please fill in all required fields');
    expect(capacityFormProblem({ ...filled, destination: 'Chicago, IL' }, 'edit')).toBeNull();
  });

  it('sends Anytime as 9999-12-31 and reads it back', () => {
    const request = capacityRequest({ ...filled, anytime: true, trailer: ' Flatbed ' });
    expect(request).toEqual({
      date: '9999-12-31',
      trailer: 'Flatbed',
      origin: 'Dallas, TX',
      destination: '',
    });
    expect(capacityFormFromEntry({ id: 1, ...request } as typeof request)).toEqual({
      date: '',
      anytime: true,
      trailer: 'Flatbed',
      origin: 'Dallas, TX',
      destination: '',
    });
  });

  it('uses the local calendar day as the minimum date', () => {
    expect(todayIsoDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('shows dates as en-US short month and day, or Anytime', () => {
    expect(formatCapacityDate('2026-12-05')).toBe('Dec 5');
    expect(formatCapacityDate('9999-12-31')).toBe('Anytime');
  });
});
