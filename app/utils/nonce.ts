import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current document. The server makes one per request; the browser
 * reads it back from a script tag, so both render the same attribute value.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
