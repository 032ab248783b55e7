import { useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

/**
 * Which parts of the editor hold unsaved changes. React Router supports one navigation blocker at a
 * time, so the tabs report here and the frame keeps the single prompt.
 */
export function useUnsavedChanges(): [boolean, (source: string, unsaved: boolean) => void] {
  const [sources, setSources] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((source: string, unsaved: boolean) => {
    setSources((current) => {
      if (current.has(source) === unsaved) return current;
      const next = new Set(current);
      if (unsaved) next.add(source);
      else next.delete(source);
      return next;
    });
  }, []);
  return [sources.size > 0, report];
}

/**
 * Asks before leaving while changes are unsaved: an accessible dialog for in-app navigation, and the
 * browser's own prompt (beforeunload) for reloading, closing the tab or typing another address.
 */
export function LeavePrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      message="You have unsaved changes. If you leave this page now, they will be lost."
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
