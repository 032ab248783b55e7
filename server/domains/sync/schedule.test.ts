import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextRunAt, startDailySync } from './schedule.ts';

describe('the daily sync', () => {
  afterEach(() => vi.useRealTimers());

  it('runs next at the given time of day in UTC, tomorrow once it has passed', () => {
    const at = { hour: 6, minute: 30 };
    expect(nextRunAt(new Date('2026-12-06T05:00:00Z'), at).toISOString()).toBe('2026-12-06T06:30:00.000Z');
    expect(nextRunAt(new Date('2026-12-06T06:30:00Z'), at).toISOString()).toBe('2026-12-07T06:30:00.000Z');
    expect(nextRunAt(new Date('2026-12-31T23:59:00Z'), at).toISOString()).toBe('2027-01-01T06:30:00.000Z');
  });

  it.each([
    [0, 'info', 'daily sync: every dataset is current'],
    [3, 'info', 'daily sync: another instance is syncing'],
    [1, 'warn', 'daily sync: failed (exit 1):\nsync: 1 of 3 datasets are not current'],
  ] as const)(
    'starts the command as a child process at that time and logs its exit %i',
    async (code, level, message) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      vi.setSystemTime(new Date('2026-12-06T06:29:59Z'));
      const lines: [string, string][] = [];
      let exited: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (exited = resolve));
      const log = {
        info: (line: string) => {
          lines.push(['info', line]);
          if (line !== 'daily sync: started') exited();
        },
        warn: (line: string) => {
          lines.push(['warn', line]);
          exited();
        },
      };
      const script = `console.error('sync: 1 of 3 datasets are not current'); process.exit(${code})`;
      const daily = startDailySync({
        at: { hour: 6, minute: 30 },
        command: { file: process.execPath, args: ['-e', script] },
        log,
      });
      vi.advanceTimersByTime(999);
      expect(lines).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(lines).toEqual([['info', 'daily sync: started']]);
      await done;
      expect(lines[1]).toEqual([level, message]);
      daily.stop();
    },
  );
});
