import { useCallback, useEffect, useRef } from 'react';

/** A function that runs `callback` once calls have paused for `ms` milliseconds (the latest arguments win). */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  ms: number,
): (...args: A) => void {
  const latest = useRef(callback);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (...args: A) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), ms);
    },
    [ms],
  );
}
