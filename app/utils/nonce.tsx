import { createContext, useContext } from 'react'

/** The per-request CSP nonce; set on the server only (browsers hide it from the DOM after load). */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
