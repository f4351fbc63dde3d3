import { appCookie } from '~/security/app-cookie.server'
import type { User } from '~/db/schema'
import { getClientIp } from '~/utils/logger.server'
import { publicOrigin } from '~/utils/public-url.server'
import { signedInFromBrowser } from './known-browsers.server'
import { newSecretToken } from './secret-token.server'

/** As long as browsers keep a cookie (Chrome caps a cookie's life at 400 days); each sign-in renews it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/

/** The browser's own random id, signed with the session secrets, kept across sign-outs. */
export function getDeviceCookie() {
	return appCookie('sp_device', { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS })
}

/** The id this browser's device cookie carries; null without one, or for one that is not ours (tampered, forged, malformed). */
export async function readDeviceId(request: Request): Promise<string | null> {
	try {
		const value: unknown = await getDeviceCookie().parse(request.headers.get('Cookie'))
		return typeof value === 'string' && DEVICE_ID.test(value) ? value : null
	} catch {
		return null
	}
}

/**
 * Called once a sign-in has completed: tells the user of a browser the account has not signed in from
 * before (app/auth/known-browsers.server.ts), by email too when mail can carry a link to this site (the
 * rule of the password reset). Returns the device cookie to set, renewed.
 */
export async function rememberBrowser(request: Request, user: User): Promise<string> {
	const deviceId = (await readDeviceId(request)) ?? newSecretToken().token
	const origin = publicOrigin(request)
	await signedInFromBrowser(user, deviceId, {
		userAgent: request.headers.get('User-Agent'),
		ip: getClientIp(),
		mail: origin ? { origin } : null,
	})
	return getDeviceCookie().serialize(deviceId)
}
