import { getConfig } from '~/config.server'
import type { AuthProvider } from './auth-provider'
import { firebaseProvider } from './firebase-provider.server'
import { localProvider } from './local-provider.server'

export function getAuthProvider(): AuthProvider {
	return getConfig().auth.provider === 'firebase' ? firebaseProvider : localProvider
}
