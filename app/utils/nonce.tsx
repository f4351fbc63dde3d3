import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce of this response's inline scripts (empty in the browser, which hides it). */
export function useNonce() {
	return useContext(NonceContext)
}
