import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** After a success the spec moves on after 1.5 seconds (section 4), once the notice could be read. */
export const REDIRECT_DELAY_MS = 1500;

/** Navigates to `path` 1.5 seconds after it is set; null waits. */
export function useRedirectAfterSuccess(path: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (path === null) return;
    const timer = window.setTimeout(() => void navigate(path), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [path, navigate]);
}
