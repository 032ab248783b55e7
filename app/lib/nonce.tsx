import { createContext, useContext } from 'react';

/**
 * In the browser, the CSP nonce of this document: the one the server gave React Router's scripts.
 * Browsers hide a nonce from the attribute once the element is in the page (so CSS selectors cannot
 * read it) but keep it in the element's `nonce` property. Empty on the server, where the request's
 * nonce is provided instead (entry.server.tsx).
 */
function documentNonce(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * The CSP nonce of the current document, for every <script> and <style> element the app renders:
 * the policy runs no script and applies no <style> without it (server/http/ssr.ts). On the server the
 * request's nonce; in the browser the document's, so elements React creates after hydration (a
 * profile reached by client-side navigation, the style editor's preview, CodeMirror's and the
 * cropper's own styles) carry it too.
 */
const NonceContext = createContext(documentNonce());

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
