import { z } from 'zod';

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

/** An e-mail address as users type it: trimmed and lower-cased before it is checked. */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Please enter a valid email address'));
