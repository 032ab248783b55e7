import { h } from './dom.ts';

/** The spec's DOT lookup messages (public-side section 8). */
const LOOKUP_MESSAGES = {
  empty: 'Please enter a DOT number',
  notFound: 'No profile found for this DOT number. Please check the number and try again.',
  failed: 'An error occurred while searching. Please try again.',
};

/** Whether the profile exists: true, false on the API's not_found, an Error on any other failure. */
async function profileExists(dotNumber: string): Promise<boolean> {
  const response = await fetch(`/api/v1/companies/profile/${encodeURIComponent(dotNumber)}`);
  if (response.ok) return true;
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'code' in body && body.code === 'not_found') return false;
  throw new Error(`profile lookup answered ${response.status}`);
}

/**
 * The landing page's 'Find a Carrier Profile' form (spec: public-side sections 2, 5, 8): the trimmed
 * number is looked up and its profile opened; an empty field, an unknown number or a failure is said
 * in an alert under the field. While the lookup runs the button reads 'Searching...' and the field
 * and button are disabled. Without JavaScript the form searches for the number instead.
 */
export function enhanceDotLookup(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-dot-lookup]');
  const field = form?.querySelector<HTMLInputElement>('#dot-number');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !field || !button) return;
  const buttonText = button.textContent ?? '';

  function setBusy(busy: boolean): void {
    field!.disabled = busy;
    button!.disabled = busy;
    button!.textContent = busy ? 'Searching...' : buttonText;
  }

  function showError(message: string | null): void {
    form!.querySelector('#dot-number-error')?.remove();
    field!.removeAttribute('aria-describedby');
    if (message === null) return;
    form!.append(h('p', { id: 'dot-number-error', role: 'alert', class: 'alert alert--error' }, message));
    field!.setAttribute('aria-describedby', 'dot-number-error');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = field.value.trim();
    if (!value) return showError(LOOKUP_MESSAGES.empty);
    showError(null);
    setBusy(true);
    profileExists(value).then(
      (exists) => {
        if (exists) return window.location.assign(`/profile/${encodeURIComponent(value)}`);
        setBusy(false);
        showError(LOOKUP_MESSAGES.notFound);
      },
      () => {
        setBusy(false);
        showError(LOOKUP_MESSAGES.failed);
      },
    );
  });
  // Back to this page from the profile: the browser may restore it as it was left, busy.
  window.addEventListener('pageshow', () => setBusy(false));
}
