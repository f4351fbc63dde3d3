import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app does it by default: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Codes of one step before and after the current one are accepted too (clock drift). */
export const TOTP_WINDOW = 1
const ISSUER = 'Staff Portal'

function totp(base32Secret: string, label = 'account') {
	return new TOTP({
		issuer: ISSUER,
		label,
		algorithm: 'SHA1',
		digits: TOTP_DIGITS,
		period: TOTP_PERIOD_SECONDS,
		secret: Secret.fromBase32(base32Secret),
	})
}

/** A new random key (160 bits, RFC 4226's recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
	return new Secret({ size: 20 }).base32
}

/** The `otpauth://` URI the QR code carries. */
export function totpUri(base32Secret: string, accountName: string): string {
	return totp(base32Secret, accountName).toString()
}

/** The key in groups of four, easier to type from the screen. */
export function groupedSecret(base32Secret: string): string {
	return base32Secret.replace(/(.{4})(?=.)/g, '$1 ')
}

export function timeStep(at: number): number {
	return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS)
}

/** Whether `code` has the shape of a TOTP code (six digits, spaces allowed as apps show them). */
export function looksLikeTotpCode(code: string): boolean {
	return /^\d{6}$/.test(code.replace(/\s+/g, ''))
}

/** The time step `code` is valid for (within the drift window around `at`), or null. */
export function matchTotpStep(base32Secret: string, code: string, at = Date.now()): number | null {
	const token = code.replace(/\s+/g, '')
	if (!/^\d{6}$/.test(token)) return null
	const delta = totp(base32Secret).validate({ token, timestamp: at, window: TOTP_WINDOW })
	return delta === null ? null : timeStep(at) + delta
}

/** The code for `at` (tests and the CLI compute codes the way an app does). */
export function totpCode(base32Secret: string, at = Date.now()): string {
	return totp(base32Secret).generate({ timestamp: at })
}
