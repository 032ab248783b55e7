// Liveness and readiness, for monitors and load balancers.
import { z } from 'zod';
import { route } from './route.ts';

export const HealthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['reachable', 'unreachable']),
});
export type HealthReport = z.infer<typeof HealthReport>;

export const healthContracts = {
  /** 200 while the database answers, 503 with the same report when it does not. */
  health: route('GET', 'api', '/health', {}, { 200: HealthReport, 503: HealthReport }),
  ready: route('GET', 'api', '/ready', {}, { 200: z.object({ status: z.literal('ready') }) }),
};
