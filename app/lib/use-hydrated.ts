import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server render and during hydration, true afterwards: pages behind the session (whose
 * token only the browser has) wait for it instead of flashing the anonymous view.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
