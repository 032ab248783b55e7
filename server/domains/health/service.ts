import type { HealthReport } from '../../../core/contracts/health.ts';
import { isDatabaseReachable, type Db } from '../../db/database.ts';

/** What keeps an instance from serving, for readiness: null when nothing does. */
export type NotReadyBecause = 'database' | 'redis' | null;

/** `redisReachable` is null without REDIS_URL. */
export function createHealthService(db: Db, redisReachable: (() => Promise<boolean>) | null) {
  return {
    async check(): Promise<HealthReport> {
      const reachable = await isDatabaseReachable(db);
      return reachable
        ? { status: 'ok', database: 'reachable' }
        : { status: 'degraded', database: 'unreachable' };
    },

    /** The database, then (when REDIS_URL is set) the Redis that holds the shared rate limits. */
    async notReadyBecause(): Promise<NotReadyBecause> {
      if (!(await isDatabaseReachable(db))) return 'database';
      if (redisReachable && !(await redisReachable())) return 'redis';
      return null;
    },
  };
}
