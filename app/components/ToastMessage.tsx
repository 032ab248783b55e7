import type { Toast } from '../lib/use-toast.ts';

export function ToastMessage({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <p
      className={`alert ${toast.kind === 'success' ? 'alert--success' : 'alert--error'}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
    >
      {toast.text}
    </p>
  );
}
