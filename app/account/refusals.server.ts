import type { Refusal } from '~/utils/form-action.server'

/** How the account's password and code forms tell what they share (signing in, its code step, the security page). */

/** Too many tries: 429 with `Retry-After`, and the wait in minutes in the message. */
export const throttled = (retryAfter: number): Refusal => ({
	status: 429,
	formError: 'login.throttled',
	extra: { formErrorValues: { count: Math.ceil(retryAfter / 60) } },
	headers: { 'Retry-After': String(retryAfter) },
})

/** `keep` of a form of a one-time code or a password: nothing typed is sent back. */
export const keepNothing = () => ({})

/** A second-factor code (or recovery code) that is not right. */
export const wrongCode: Refusal = { status: 400, errors: { code: { key: 'mfa.verify.invalidCode' } } }
