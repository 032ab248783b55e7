import type { Loaded } from '../blocks/types.ts';

/** A browser read whose failure is one part's error state, not the page's (a clientLoader's parts). */
export async function settle<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { status: 'data', value: await read() };
  } catch {
    return { status: 'error' };
  }
}
