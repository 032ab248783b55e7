import { ANYTIME_DATE } from '../../core/format.ts';

// The capacity board form (owner-side sections 2.5 and 5).

export interface CapacityFormValues {
  date: string;
  anytime: boolean;
  trailer: string;
  origin: string;
  destination: string;
}

export const EMPTY_CAPACITY_FORM: CapacityFormValues = {
  date: '',
  anytime: false,
  trailer: '',
  origin: '',
  destination: '',
};

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** Today as the date input's minimum, in the browser's own calendar (the owner's today). */
export function todayIsoDay(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The spec's required fields: the date unless Anytime, trailer and origin; an update also needs the
 * destination, which the add form does not mark required.
 */
export function capacityFormProblem(values: CapacityFormValues, mode: 'add' | 'edit'): string | null {
  const missing =
    (!values.anytime && !values.date) ||
    !values.trailer.trim() ||
    !values.origin.trim() ||
    (mode === 'edit' && !values.destination.trim());
  return missing ? REQUIRED_FIELDS_MESSAGE : null;
}

/** The body of POST and PUT /api/v1/capacity: Anytime is the 9999-12-31 sentinel. */
export function capacityRequest(values: CapacityFormValues) {
  return {
    date: values.anytime ? ANYTIME_DATE : values.date,
    trailer: values.trailer.trim(),
    origin: values.origin.trim(),
    destination: values.destination.trim(),
  };
}

/** The form filled from a stored entry, for editing. */
export function capacityFormFromEntry(entry: {
  date: string;
  trailer: string;
  origin: string;
  destination: string;
}): CapacityFormValues {
  const anytime = entry.date === ANYTIME_DATE;
  return {
    date: anytime ? '' : entry.date,
    anytime,
    trailer: entry.trailer,
    origin: entry.origin,
    destination: entry.destination,
  };
}
