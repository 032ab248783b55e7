import { useCallback, useEffect, useState } from 'react';

export interface Toast {
  kind: 'success' | 'error';
  text: string;
}

/** A notice that hides itself after 3 seconds (spec section 9). */
export function useToast(): [Toast | null, (toast: Toast) => void] {
  const [toast, setToast] = useState<Toast | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), 3000);
    return () => window.clearTimeout(timer);
  }, [toast]);
  const show = useCallback((next: Toast) => setToast(next), []);
  return [toast, show];
}
