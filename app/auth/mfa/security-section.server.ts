import { data, redirect } from '@remix-run/node'
import { recordAudit } from '~/audit/audit.server'
import type { Session, User } from '~/db/schema'
import { flashSuccess } from '~/utils/flash.server'
import { parseForm, noteFormFailed, type FieldErrors } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { getAuthProvider } from '../provider.server'
import { beginCodeAttempt, beginSignInAttempt, codeSucceeded, signInSucceeded } from '../throttle.server'
import { getT } from '~/i18n/i18n.server'
import { mfaIntentSchema } from './forms.server'
import {
	acceptSecondFactorCode,
	confirmEnrolment,
	getSecondFactor,
	removeSecondFactor,
	replaceRecoveryCodes,
	startEnrolment,
} from './mfa.server'
import { notifySecondFactorChange } from './notices.server'
import { qrCodeSvg } from '~/utils/qr-code.server'
import { SECURITY_PATH, satisfiedBySignIn, secondFactorRequiredFor } from './requirement.server'
import { groupedSecret, totpUri } from './totp.server'

/** The intents of the second-factor forms on the security page. */
export const MFA_INTENTS = ['startMfa', 'confirmMfa', 'regenerateRecoveryCodes', 'disableMfa'] as const
export type MfaIntent = (typeof MFA_INTENTS)[number]

/**
 * `required`: with a second factor, whether it must stay on (REQUIRE_MFA_FOR); without one, whether this
 * session must set one up (not when its sign-in gave a second factor the requirement accepts).
 */
export type MfaSectionData =
	| { status: 'none'; required: boolean }
	/** Being set up: the QR code (SVG markup made here from our own key) and the key as text. */
	| { status: 'pending'; required: boolean; qrSvg: string; key: string }
	| { status: 'active'; required: boolean; confirmedAt: number; recoveryCodesLeft: number }

/** What the security page shows about the user's second factor. */
export async function getMfaSection(request: Request, user: User, session: Pick<Session, 'second_factor'>): Promise<MfaSectionData> {
	const [state, required] = await Promise.all([getSecondFactor(user.id), secondFactorRequiredFor(user.id)])
	if (state.status === 'active')
		return { status: 'active', required, confirmedAt: state.confirmedAt, recoveryCodesLeft: state.recoveryCodesLeft }
	const mustSetUp = required && !satisfiedBySignIn(session.second_factor)
	if (state.status === 'none') return { status: 'none', required: mustSetUp }
	return {
		status: 'pending',
		required: mustSetUp,
		qrSvg: await qrCodeSvg(totpUri(state.secret, user.email)),
		key: groupedSecret(state.secret),
	}
}

export interface MfaActionData {
	mfa: {
		intent: MfaIntent
		errors: FieldErrors
		formError: string | null
		/** New recovery codes, shown this once (never stored in plain). */
		recoveryCodes: string[] | null
	}
}

function answer(
	intent: MfaIntent,
	{ errors = {}, formError = null, recoveryCodes = null }: Partial<MfaActionData['mfa']>,
	status = 200,
	headers?: HeadersInit,
) {
	if (status >= 400) noteFormFailed()
	return data<MfaActionData>(
		{ mfa: { intent, errors, formError, recoveryCodes } },
		{ status, headers: { 'Cache-Control': 'no-store', ...headers } },
	)
}

/** The password asked again before a factor is added: throttled and audited as at sign-in. */
async function refuseWrongPassword(request: Request, user: User, password: string, ip: string | null) {
	const attempt = await beginSignInAttempt(user.email, ip)
	if (!attempt.allowed) {
		const t = await getT(request)
		if (attempt.firstInWindow)
			await recordAudit({
				action: 'auth.sign_in_throttled',
				actor: user,
				entity: 'user',
				entityId: user.id,
				ip,
				details: { intent: 'confirmMfa' },
			})
		return answer('confirmMfa', { formError: t('login.throttled', { count: Math.ceil(attempt.retryAfter / 60) }) }, 429, {
			'Retry-After': String(attempt.retryAfter),
		})
	}
	const result = await getAuthProvider().signIn(user.email, password)
	if (!result.ok || result.user.id !== user.id) {
		await recordAudit({
			action: 'auth.sign_in_failed',
			actor: user,
			entity: 'user',
			entityId: user.id,
			ip,
			details: { intent: 'confirmMfa' },
		})
		return answer('confirmMfa', { errors: { password: { key: 'mfa.setup.wrongPassword' } } }, 400)
	}
	await signInSucceeded(user.email, ip)
	return null
}

/**
 * The second-factor forms of the security page: set up (a new key), confirm with a first code (gives the
 * recovery codes; the password is asked again), new recovery codes and turning it off (each with a
 * current code). Codes count against
 * the same limits as at sign-in. Call with the posted intent (see MFA_INTENTS).
 */
export async function handleMfaIntent(request: Request, user: User, intent: MfaIntent) {
	const form = await parseForm(request, mfaIntentSchema)
	const ip = getClientIp()
	if (intent === 'startMfa') {
		await startEnrolment(user.id)
		return redirect(SECURITY_PATH)
	}
	if (intent === 'disableMfa' && (await secondFactorRequiredFor(user.id))) {
		return answer(intent, { formError: (await getT(request))('mfa.disable.required') }, 403)
	}
	const code = form.ok ? form.data.code : undefined
	const password = form.ok ? form.data.password : undefined
	if (!form.ok || !code || (intent === 'confirmMfa' && !password)) {
		const errors: FieldErrors = form.ok ? {} : { ...form.errors }
		if (intent === 'confirmMfa' && !password) errors.password ??= { key: 'validation.required' }
		if (!code) errors.code ??= { key: 'validation.required' }
		return answer(intent, { errors }, 400)
	}
	if (intent === 'confirmMfa') {
		const refused = await refuseWrongPassword(request, user, password!, ip)
		if (refused) return refused
	}

	const attempt = await beginCodeAttempt(user.id, ip)
	if (!attempt.allowed) {
		const t = await getT(request)
		if (attempt.firstInWindow)
			await recordAudit({ action: 'auth.mfa_throttled', actor: user, entity: 'user', entityId: user.id, ip, details: { intent } })
		return answer(intent, { formError: t('login.throttled', { count: Math.ceil(attempt.retryAfter / 60) }) }, 429, {
			'Retry-After': String(attempt.retryAfter),
		})
	}
	const wrongCode = async () => {
		await recordAudit({ action: 'auth.mfa_failed', actor: user, entity: 'user', entityId: user.id, ip, details: { intent } })
		return answer(intent, { errors: { code: { key: 'mfa.verify.invalidCode' } } }, 400)
	}

	if (intent === 'confirmMfa') {
		const confirmed = await confirmEnrolment(user.id, code)
		if (!confirmed.ok) {
			if (confirmed.reason === 'invalidCode') return wrongCode()
			return answer(intent, { formError: (await getT(request))('mfa.setup.notStarted') }, 409)
		}
		await codeSucceeded(user.id, ip)
		await recordAudit({ action: 'auth.mfa_enabled', actor: user, entity: 'user', entityId: user.id, ip })
		await notifySecondFactorChange(user.id, 'enabled')
		return answer(intent, { recoveryCodes: confirmed.recoveryCodes })
	}

	const checked = await acceptSecondFactorCode(user.id, code)
	if (!checked.ok) return wrongCode()
	await codeSucceeded(user.id, ip)
	if (intent === 'regenerateRecoveryCodes') {
		const codes = await replaceRecoveryCodes(user.id)
		if (!codes) return wrongCode()
		await recordAudit({
			action: 'auth.mfa_recovery_codes_regenerated',
			actor: user,
			entity: 'user',
			entityId: user.id,
			ip,
			details: { with: checked.method },
		})
		await notifySecondFactorChange(user.id, 'recoveryCodesRegenerated')
		return answer(intent, { recoveryCodes: codes })
	}
	await removeSecondFactor(user.id)
	await recordAudit({ action: 'auth.mfa_disabled', actor: user, entity: 'user', entityId: user.id, ip, details: { with: checked.method } })
	await notifySecondFactorChange(user.id, 'disabled')
	await flashSuccess(request, 'mfa.disable.done')
	return redirect(SECURITY_PATH)
}
