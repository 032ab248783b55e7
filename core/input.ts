// Input schemas the API's routes share, and the one way untrusted input is validated.
import { z } from 'zod';
import { DomainError } from './errors.ts';

/** Validates untrusted input with a zod schema; failure is 'invalid' (400) with the first problem in `detail`. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidInput(issue?.path.join('.') ?? '', issue?.message);
}

/**
 * The refusal of input that fails its schema: 'invalid' (400), the field's path (`blocks.0.id`, empty
 * for the input as a whole) before the schema's message. The routes' validation (server/http/errors.ts)
 * words its refusals the same way.
 */
export function invalidInput(field: string, message = 'Invalid input'): DomainError {
  return new DomainError('invalid', `${field ? `${field}: ` : ''}${message}`, { field: field || undefined });
}

/** A USDOT number in a path or query: digits only, positive, at most nine digits. */
export const dotNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'DOT number must be a positive whole number')
  .transform(Number)
  .refine((value) => value > 0, 'DOT number must be a positive whole number');

export const DotNumberParams = z.object({ dotNumber });

/** A numeric row id in a path (`/users/:id`), named in the error message. */
export function idParams(name: string) {
  return z.object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, `${name} must be a positive whole number`)
      .transform(Number),
  });
}

/**
 * A whole number in a query string, from `min` up to `max` when given. Every refusal (not a number,
 * a fraction, out of range) gives the same message, which says what is accepted; parseInput puts
 * the parameter's name before it.
 */
export function wholeNumber(min: number, max?: number) {
  const message =
    max === undefined
      ? `must be a whole number of at least ${min.toLocaleString('en-US')}`
      : `must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  const atLeastMin = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? atLeastMin : atLeastMin.max(max, message);
}

/**
 * Typed one-line text (titles, lanes, load numbers) holds no control characters (Cc: PostgreSQL
 * refuses NUL, a line break would split a header) and no format characters (Cf: bidi overrides and
 * zero-width characters make text read otherwise than it is).
 */
export const SINGLE_LINE_TEXT = /^[^\p{Cc}\p{Cf}]*$/u;
export const SINGLE_LINE_PROBLEM = 'cannot contain control or format characters';

/**
 * Typed prose (rating comments, carrier replies) keeps line breaks, tabs and format characters
 * (emoji sequences join with U+200D), not other control characters.
 */
export const MULTI_LINE_TEXT = /^(?:[\t\n\r]|\P{Cc})*$/u;

/** An e-mail address as users type it: trimmed and lower-cased before it is checked. */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Please enter a valid email address'));
