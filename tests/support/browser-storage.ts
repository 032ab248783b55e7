import { vi } from 'vitest';

/**
 * Stubs `window` with a localStorage kept in the returned map, for code that reads the session token
 * in a Node test. Undo with `vi.unstubAllGlobals()`.
 */
export function stubBrowserStorage(): Map<string, string> {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  vi.stubGlobal('window', { localStorage, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  return store;
}
