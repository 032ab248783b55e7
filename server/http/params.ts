import { z } from 'zod';

/** A USDOT number in a path or query: digits only, positive, at most nine digits. */
export const dotNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'DOT number must be a positive whole number')
  .transform(Number)
  .refine((value) => value > 0, 'DOT number must be a positive whole number');

export const DotNumberParams = z.object({ dotNumber });
