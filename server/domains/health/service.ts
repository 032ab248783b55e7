import type { HealthReport } from '../../../core/contracts/health.ts';
import { isDatabaseReachable, type Db } from '../../db/database.ts';

export function createHealthService(db: Db) {
  return {
    async check(): Promise<HealthReport> {
      const reachable = await isDatabaseReachable(db);
      return reachable
        ? { status: 'ok', database: 'reachable' }
        : { status: 'degraded', database: 'unreachable' };
    },
  };
}
