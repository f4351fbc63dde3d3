import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getConfig } from '~/config.server'

/**
 * Per-form tokens (double-submit, signed): a random token lives in an HttpOnly cookie signed with the
 * session secret, and every form repeats it in a hidden `csrf` field. Works for anonymous forms and
 * without JavaScript; it backs up SameSite=Lax and the server-wide Origin check.
 */
export const CSRF_FIELD = 'csrf'

export function csrfCookieName() {
	return getConfig().cookieSecure ? '__Host-sp_csrf' : 'sp_csrf'
}

function sign(token: string, secret: string) {
	return createHmac('sha256', secret).update(token).digest('base64url')
}

export function createCsrfToken() {
	const token = randomBytes(24).toString('base64url')
	return { token, cookieValue: `${token}.${sign(token, getConfig().sessionSecrets[0]!)}` }
}

/** The Set-Cookie header that gives the browser this CSRF cookie. */
export function csrfSetCookie(cookieValue: string): string {
	return `${csrfCookieName()}=${cookieValue}; Path=/; HttpOnly; SameSite=Lax${getConfig().cookieSecure ? '; Secure' : ''}`
}

/**
 * A fresh CSRF cookie, for the moments the user's identity changes (sign-in, sign-out): a token
 * learnt before then is no good after it.
 */
export function renewedCsrfCookie(): string {
	return csrfSetCookie(createCsrfToken().cookieValue)
}

/** The token a cookie value carries, when its signature holds under any current secret. */
export function verifyCsrfCookie(cookieValue: string | undefined | null): string | null {
	if (!cookieValue) return null
	const [token, signature] = cookieValue.split('.')
	if (!token || !signature) return null
	for (const secret of getConfig().sessionSecrets) {
		const expected = Buffer.from(sign(token, secret))
		const actual = Buffer.from(signature)
		if (expected.length === actual.length && timingSafeEqual(expected, actual)) return token
	}
	return null
}

/** A cookie's value, percent-decoded; null when absent or when its encoding is broken (then it is ignored). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
	if (!cookieHeader) return null
	for (const part of cookieHeader.split(';')) {
		const index = part.indexOf('=')
		if (index > 0 && part.slice(0, index).trim() === name) {
			try {
				return decodeURIComponent(part.slice(index + 1).trim())
			} catch {
				return null
			}
		}
	}
	return null
}

export function csrfTokenFromRequest(request: Request): string | null {
	return verifyCsrfCookie(readCookie(request.headers.get('Cookie'), csrfCookieName()))
}

export function tokensMatch(expected: string | null, submitted: FormDataEntryValue | null): boolean {
	if (!expected || typeof submitted !== 'string') return false
	const a = Buffer.from(expected)
	const b = Buffer.from(submitted)
	return a.length === b.length && timingSafeEqual(a, b)
}
