/**
 * A one-line progress bar with rows/s for terminals. Off the terminal (CI, pipes) it stays silent,
 * so logs hold only the final summary.
 */
export interface Progress {
  update(rows: number, fraction: number): void;
  done(): void;
}

const REDRAW_EVERY_MS = 200;
const BAR_WIDTH = 30;

export function createProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  /** What `update` counts: rows, or bytes of a download. */
  unit: 'rows' | 'bytes' = 'rows',
): Progress {
  if (!stream.isTTY) return { update: () => undefined, done: () => undefined };
  const started = performance.now();
  let lastDraw = 0;
  let drawn = false;
  return {
    update(rows, fraction) {
      const now = performance.now();
      if (now - lastDraw < REDRAW_EVERY_MS) return;
      lastDraw = now;
      drawn = true;
      const clamped = Math.max(0, Math.min(1, fraction));
      const filled = Math.round(clamped * BAR_WIDTH);
      const rate = Math.round(rows / Math.max((now - started) / 1000, 0.001));
      stream.write(
        `\r${label} [${'='.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${(clamped * 100).toFixed(0).padStart(3)}%` +
          ` ${rows.toLocaleString('en-US')} ${unit} ${rate.toLocaleString('en-US')} ${unit}/s `,
      );
    },
    done() {
      if (drawn) stream.write('\n');
    },
  };
}
