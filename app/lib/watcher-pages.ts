import { redirect } from 'react-router';
import { ApiError } from './api-client.ts';
import { readWatcherToken } from './watcher-session.ts';

/** Where a visitor without a watcher session is sent. */
export const WATCHER_SIGN_IN_PATH = '/watch/sign-in';

/**
 * A watcher page's read in the browser: a visitor without a watcher session, or whose session the API
 * refuses (401), is sent to sign in.
 */
export async function readAsWatcher<T>(read: () => Promise<T>): Promise<T> {
  if (!readWatcherToken()) throw redirect(WATCHER_SIGN_IN_PATH);
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(WATCHER_SIGN_IN_PATH);
    throw error;
  }
}
