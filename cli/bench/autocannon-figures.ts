import type { Result } from 'autocannon';

/** The figures the HTTP benchmarks print for one autocannon run. */
export function autocannonFigures(result: Result) {
  return {
    'req/s (mean)': Math.round(result.requests.average),
    'latency p50 ms': result.latency.p50,
    'latency p99 ms': result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
