import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current document. Set on the server only; in the browser it is empty, which is
 * harmless because scripts are not re-inserted after hydration.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
