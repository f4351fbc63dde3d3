import type { Auth } from 'firebase-admin/auth'
import { getConfig } from '~/config.server'
import type { User } from '~/db/schema'
import { logger } from '~/utils/logger.server'
import { getUserByEmail, insertUser, setExternalId, setUserEmail, updatePasswordHash } from '~/users/users.server'
import { sendPasswordResetMail } from './password-reset.server'
import type { AuthProvider } from './auth-provider'

/**
 * Firebase Authentication holds the passwords; our users table keeps everything else (profile, roles,
 * sessions, audit) and links each account by its Firebase uid (`users.external_id`). The server signs
 * in through the Identity Toolkit REST API, so the sign-in form works without JavaScript; the Admin SDK
 * creates accounts and sets passwords. Both talk to the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set.
 */

let adminAuth: Promise<Auth> | null = null

/** The Admin SDK, loaded only when this provider is in use. */
function getAdminAuth(): Promise<Auth> {
	adminAuth ??= (async () => {
		const { projectId, emulatorHost } = getConfig().auth.firebase
		const { applicationDefault, getApps, initializeApp } = await import('firebase-admin/app')
		const { getAuth } = await import('firebase-admin/auth')
		// The Admin SDK finds the emulator through this variable; credentials are then not needed.
		if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost
		const app = getApps()[0] ?? initializeApp(emulatorHost ? { projectId } : { projectId, credential: applicationDefault() })
		return getAuth(app)
	})().catch((error: unknown) => {
		// Not kept: the next call tries again (a credential fixed, a network back).
		adminAuth = null
		throw error
	})
	return adminAuth
}

function identityToolkitUrl(method: string): string {
	const { apiKey, emulatorHost } = getConfig().auth.firebase
	const base = emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1` : 'https://identitytoolkit.googleapis.com/v1'
	return `${base}/accounts:${method}?key=${encodeURIComponent(apiKey ?? '')}`
}

/** Firebase's answers that mean "these credentials do not sign in"; anything else is a fault. */
const REFUSALS = ['EMAIL_NOT_FOUND', 'INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS', 'USER_DISABLED', 'INVALID_EMAIL', 'MISSING_PASSWORD']

/** The Firebase uid for these credentials, or null when Firebase refuses them. */
async function verifyCredentials(email: string, password: string): Promise<string | null> {
	const response = await fetch(identityToolkitUrl('signInWithPassword'), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email, password, returnSecureToken: false }),
		signal: AbortSignal.timeout(10_000),
	})
	const body = (await response.json().catch(() => ({}))) as { localId?: string; error?: { message?: string } }
	if (response.ok && body.localId) return body.localId
	const reason = (body.error?.message ?? '').split(' ')[0] ?? ''
	if (REFUSALS.includes(reason) || reason.startsWith('TOO_MANY_ATTEMPTS')) return null
	throw new Error(`Firebase sign-in failed: ${response.status} ${reason || 'no reason given'}`)
}

/**
 * The Firebase uid of a local account, linking it by email the first time; null when Firebase has no account
 * of that email (one made by single sign-on, which needs none until it is given a password).
 */
async function firebaseUid(user: User): Promise<string | null> {
	if (user.external_id) return user.external_id
	const auth = await getAdminAuth()
	try {
		const { uid } = await auth.getUserByEmail(user.email)
		await setExternalId(user.id, uid)
		return uid
	} catch (error) {
		if ((error as { code?: string }).code === 'auth/user-not-found') return null
		throw error
	}
}

/** Sets the account's password in Firebase, making its Firebase account when it has none yet. */
async function setFirebasePassword(user: User, password: string): Promise<void> {
	const auth = await getAdminAuth()
	const uid = await firebaseUid(user)
	if (uid) {
		await auth.updateUser(uid, { password })
		return
	}
	const made = await auth.createUser({ email: user.email, password, displayName: user.display_name || undefined })
	await setExternalId(user.id, made.uid)
}

export const firebaseProvider: AuthProvider = {
	name: 'firebase',

	async signIn(email, password) {
		const uid = await verifyCredentials(email, password)
		if (!uid) return { ok: false }
		let user = await getUserByEmail(email)
		if (!user) {
			// An account made in Firebase (its console, another system) signs in here with no roles until given some.
			user = await insertUser({ email, passwordHash: null, externalId: uid })
			logger.info('auth.firebase_account_linked', { userId: user.id })
		} else if (user.external_id !== uid) {
			await setExternalId(user.id, uid)
		}
		if (user.locked) return { ok: false }
		return { ok: true, user }
	},

	async changePassword(user, currentPassword, newPassword) {
		if (!(await verifyCredentials(user.email, currentPassword))) return { ok: false, reason: 'wrongCurrentPassword' }
		await setFirebasePassword(user, newPassword)
		await updatePasswordHash(user.id, null, { mustChangePassword: false })
		return { ok: true }
	},

	async changeEmail(user, email) {
		const uid = await firebaseUid(user)
		if (uid) await (await getAdminAuth()).updateUser(uid, { email })
		await setUserEmail(user.id, email)
	},

	async setPassword(user, newPassword, { mustChange }) {
		await setFirebasePassword(user, newPassword)
		await updatePasswordHash(user.id, null, { mustChangePassword: mustChange })
	},

	async requestPasswordReset(email, options) {
		const user = await getUserByEmail(email)
		if (!user || user.locked) return
		await sendPasswordResetMail(user, options)
	},

	async createAccount({ password, mustChangePassword, ...profile }) {
		const auth = await getAdminAuth()
		const { email } = profile
		let uid: string
		try {
			uid = (await auth.createUser({ email, password, displayName: profile.displayName || undefined })).uid
		} catch (error) {
			if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error
			// Known to Firebase already (made elsewhere): link it, with the password chosen here.
			uid = (await auth.getUserByEmail(email)).uid
			await auth.updateUser(uid, { password })
		}
		return insertUser({ ...profile, passwordHash: null, externalId: uid, mustChangePassword })
	},
}
