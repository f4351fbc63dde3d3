import { recordAudit } from '~/audit/audit.server'
import type { User } from '~/db/schema'
import { getAuthProvider } from '../provider.server'
import { beginCodeAttempt, beginSignInAttempt, codeSucceeded, signInSucceeded } from '../throttle.server'
import { acceptSecondFactorCode, confirmEnrolment, removeSecondFactor, replaceRecoveryCodes } from './mfa.server'
import { notifySecondFactorChange } from './notices.server'
import { secondFactorRequiredFor } from './requirement.server'

/**
 * The user's own second factor, from the security page: confirm it with a first code (the password asked
 * again), new recovery codes, turn it off (each with a current code). Codes and the password count against
 * the same limits as at sign-in; every failure is audited as there.
 */

type Throttled = { ok: false; reason: 'throttled'; retryAfter: number }
type WrongCode = { ok: false; reason: 'wrongCode' }
type Intent = 'confirmMfa' | 'regenerateRecoveryCodes' | 'disableMfa'
type NewCodes = { ok: true; recoveryCodes: string[] }

/** The password asked again before a factor is added: throttled and audited as at sign-in. */
async function checkPasswordAgain(
	user: User,
	password: string,
	ip: string | null,
): Promise<Throttled | { ok: false; reason: 'wrongPassword' } | null> {
	const attempt = await beginSignInAttempt(user.email, ip)
	const details = { intent: 'confirmMfa' }
	if (!attempt.allowed) {
		if (attempt.firstInWindow)
			await recordAudit({ action: 'auth.sign_in_throttled', actor: user, entity: 'user', entityId: user.id, ip, details })
		return { ok: false, reason: 'throttled', retryAfter: attempt.retryAfter }
	}
	const result = await getAuthProvider().signIn(user.email, password)
	if (!result.ok || result.user.id !== user.id) {
		await recordAudit({ action: 'auth.sign_in_failed', actor: user, entity: 'user', entityId: user.id, ip, details })
		return { ok: false, reason: 'wrongPassword' }
	}
	await signInSucceeded(user.email, ip)
	return null
}

/** A code attempt counted before the code is checked: null when it may go on. */
async function codeAttempt(user: User, intent: Intent, ip: string | null): Promise<Throttled | null> {
	const attempt = await beginCodeAttempt(user.id, ip)
	if (attempt.allowed) return null
	if (attempt.firstInWindow)
		await recordAudit({ action: 'auth.mfa_throttled', actor: user, entity: 'user', entityId: user.id, ip, details: { intent } })
	return { ok: false, reason: 'throttled', retryAfter: attempt.retryAfter }
}

async function wrongCode(user: User, intent: Intent, ip: string | null): Promise<WrongCode> {
	await recordAudit({ action: 'auth.mfa_failed', actor: user, entity: 'user', entityId: user.id, ip, details: { intent } })
	return { ok: false, reason: 'wrongCode' }
}

/** Turns on the factor being set up with its first code; gives the recovery codes, shown once. */
export async function confirmOwnSecondFactor(
	user: User,
	{ code, password }: { code: string; password: string },
	ip: string | null,
): Promise<NewCodes | Throttled | WrongCode | { ok: false; reason: 'wrongPassword' | 'notStarted' }> {
	const refused = (await checkPasswordAgain(user, password, ip)) ?? (await codeAttempt(user, 'confirmMfa', ip))
	if (refused) return refused
	const confirmed = await confirmEnrolment(user.id, code)
	if (!confirmed.ok)
		return confirmed.reason === 'invalidCode' ? wrongCode(user, 'confirmMfa', ip) : ({ ok: false, reason: 'notStarted' } as const)
	await codeSucceeded(user.id, ip)
	await recordAudit({ action: 'auth.mfa_enabled', actor: user, entity: 'user', entityId: user.id, ip })
	await notifySecondFactorChange(user.id, 'enabled')
	return { ok: true, recoveryCodes: confirmed.recoveryCodes }
}

/** A current code checked (and counted) for `intent`: how it was given, or why not. */
async function acceptCode(user: User, code: string, intent: Intent, ip: string | null) {
	const refused = await codeAttempt(user, intent, ip)
	if (refused) return refused
	const checked = await acceptSecondFactorCode(user.id, code)
	if (!checked.ok) return wrongCode(user, intent, ip)
	await codeSucceeded(user.id, ip)
	return checked
}

/** New recovery codes in place of the old ones, with a current code; shown once. */
export async function regenerateOwnRecoveryCodes(user: User, code: string, ip: string | null): Promise<NewCodes | Throttled | WrongCode> {
	const checked = await acceptCode(user, code, 'regenerateRecoveryCodes', ip)
	if (!checked.ok) return checked
	const codes = await replaceRecoveryCodes(user.id)
	if (!codes) return wrongCode(user, 'regenerateRecoveryCodes', ip)
	await recordAudit({
		action: 'auth.mfa_recovery_codes_regenerated',
		actor: user,
		entity: 'user',
		entityId: user.id,
		ip,
		details: { with: checked.method },
	})
	await notifySecondFactorChange(user.id, 'recoveryCodesRegenerated')
	return { ok: true, recoveryCodes: codes }
}

/** Turns the factor off with a current code, unless REQUIRE_MFA_FOR covers the account. */
export async function disableOwnSecondFactor(
	user: User,
	code: string,
	ip: string | null,
): Promise<{ ok: true } | Throttled | WrongCode | { ok: false; reason: 'required' }> {
	if (await secondFactorRequiredFor(user.id)) return { ok: false, reason: 'required' } as const
	const checked = await acceptCode(user, code, 'disableMfa', ip)
	if (!checked.ok) return checked
	await removeSecondFactor(user.id)
	await recordAudit({ action: 'auth.mfa_disabled', actor: user, entity: 'user', entityId: user.id, ip, details: { with: checked.method } })
	await notifySecondFactorChange(user.id, 'disabled')
	return { ok: true } as const
}
