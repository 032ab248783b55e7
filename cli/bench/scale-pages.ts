/**
 * The page mix of bench:scale (issue 15, items 2 and 6): each server-rendered page under 10
 * autocannon connections, and the server's resident memory while it serves them.
 */
import autocannon from 'autocannon';
import type { RunningServer } from './built-server.ts';
import { residentMb } from './figures.ts';

export interface PageFigures {
  path: string;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The pages issue 15 names; the profile is the census's largest fleet, the fullest record. */
export function scalePages(profileDot: number): string[] {
  return [
    '/search?q=freight&addressState=TX',
    '/search?q=trucking',
    '/trucking-companies/dallas-tx',
    '/trucking-companies/houston-tx?page=50',
    `/profile/${profileDot}`,
  ];
}

/**
 * Runs each page for `seconds`, sampling the server's RSS every 200 ms; returns the pages and the
 * peaks of its own memory (RssAnon) and of all its resident pages, the mapped database's included.
 */
export async function measurePageMix(
  server: RunningServer,
  pages: string[],
  seconds: number,
): Promise<{ pages: PageFigures[]; serverPeakMb: number; serverPeakWithMappedMb: number }> {
  let serverPeakMb = 0;
  let serverPeakWithMappedMb = 0;
  const sample = () => {
    serverPeakMb = Math.max(serverPeakMb, residentMb(server.pid, 'RssAnon'));
    serverPeakWithMappedMb = Math.max(serverPeakWithMappedMb, residentMb(server.pid, 'VmRSS'));
  };
  sample();
  const sampler = setInterval(sample, 200);
  try {
    const figures: PageFigures[] = [];
    for (const path of pages) {
      // A short first run warms the page's caches (SQLite pages, compiled queries) before the measure.
      await autocannon({ url: `${server.baseUrl}${path}`, connections: 10, duration: 2 });
      const result = await autocannon({
        url: `${server.baseUrl}${path}`,
        connections: 10,
        duration: seconds,
      });
      figures.push({
        path,
        requestsPerSecond: Math.round(result.requests.average),
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    }
    return { pages: figures, serverPeakMb, serverPeakWithMappedMb };
  } finally {
    clearInterval(sampler);
  }
}
