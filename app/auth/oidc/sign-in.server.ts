import * as oidcClient from 'openid-client'
import { redirect } from '@remix-run/node'
import { recordAudit } from '~/audit/audit.server'
import { getConfig } from '~/config.server'
import { getClientIp } from '~/utils/logger.server'
import { completeSignIn } from '../complete-sign-in.server'
import { hasSecondFactor } from '../mfa/mfa.server'
import { VERIFY_PATH, beginPendingSignIn } from '../mfa/pending-sign-in.server'
import { countSignIn } from '~/server/metrics.server'
import { destroyOidcSessions } from '../session-end.server'
import { getOidcConfiguration, providerKeys, ProviderUnavailableError, type OidcSettings } from './client.server'
import { applyDirectoryRoles } from './directory-roles.server'
import { clearFlowCookie, exchangeCode, readCallback, startFlow, type FlowFailure } from './flow.server'
import { resolveOidcAccount, userIdOfIdentity, type AccountRefusal } from './identities.server'
import { verifyLogoutToken } from './logout-token.server'
import { assignmentsForGroups } from './role-map'

export type SsoFailure = FlowFailure | AccountRefusal

/** The status of each refusal: the user's or the browser's doing 400, not allowed 403, the provider away 503. */
export const SSO_FAILURE_STATUS: Record<SsoFailure, 400 | 403 | 503> = {
	stale: 400,
	state: 400,
	providerError: 400,
	invalidToken: 400,
	denied: 403,
	noAccount: 403,
	unverifiedEmail: 403,
	linkedElsewhere: 403,
	locked: 403,
	unreachable: 503,
}

/** `amr` values (RFC 8176) that say more than a password was used. */
const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'sms', 'tel', 'fpt', 'face', 'iris', 'retina', 'vbm', 'sc'])

export function getOidcSettings(): OidcSettings | null {
	return getConfig().oidc
}

export interface SsoRefused {
	ok: false
	reason: SsoFailure
	status: 400 | 403 | 503
	redirectTo: string
	cookies: string[]
}

async function refuse(reason: SsoFailure, redirectTo: string, audit: { detail?: string; email?: string | null } = {}): Promise<SsoRefused> {
	countSignIn('failure', 'form')
	await recordAudit({
		action: 'auth.sso_failed',
		actorEmail: audit.email ?? null,
		ip: getClientIp(),
		details: { reason, ...(audit.detail ? { detail: audit.detail } : {}) },
	})
	return { ok: false, reason, status: SSO_FAILURE_STATUS[reason], redirectTo, cookies: [await clearFlowCookie()] }
}

/** The redirect to the provider that starts a sign-in, or the refusal when the provider cannot be reached. */
export async function beginSsoSignIn(settings: OidcSettings, redirectTo: unknown): Promise<Response | SsoRefused> {
	try {
		const { location, cookie } = await startFlow(await getOidcConfiguration(settings), settings, redirectTo)
		return redirect(location, { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof ProviderUnavailableError) return refuse('unreachable', typeof redirectTo === 'string' ? redirectTo : '/')
		throw error
	}
}

/**
 * The callback: the flow's checks and the code exchange (flow.server), the account (identities.server), the
 * directory's roles, and then the session, through the portal's own second step when the user has one (unless
 * OIDC_TRUST_AMR and the provider's `amr` says it asked for a second factor).
 */
export async function finishSsoSignIn(request: Request, settings: OidcSettings): Promise<Response | SsoRefused> {
	const callback = await readCallback(request)
	if (!callback.ok) return refuse(callback.reason, '/', { detail: callback.detail })
	const { flow } = callback
	let configuration
	try {
		configuration = await getOidcConfiguration(settings)
	} catch {
		return refuse('unreachable', flow.redirectTo)
	}
	const exchanged = await exchangeCode(configuration, settings, flow, callback.params)
	if (!exchanged.ok) return refuse(exchanged.reason, flow.redirectTo, { detail: exchanged.detail })
	const { claims, idToken } = exchanged
	const account = await resolveOidcAccount(settings.issuer, claims, { createAccounts: settings.createAccounts })
	if (!account.ok) return refuse(account.reason, flow.redirectTo, { email: account.email, detail: `sub ${claims.subject.slice(0, 64)}` })
	const { user } = account
	const ip = getClientIp()
	if (account.how !== 'known') {
		await recordAudit({
			action: account.how === 'created' ? 'auth.sso_account_created' : 'auth.sso_linked',
			actor: user,
			entity: 'user',
			entityId: user.id,
			ip,
			details: { issuer: settings.issuer, subject: claims.subject },
		})
	}
	await applyDirectoryRoles(user, assignmentsForGroups(settings.roleMap, claims.groups), ip)
	const oidc = { sid: claims.sid, idToken }
	const cookies = [await clearFlowCookie()]
	const providerSecondFactor = settings.trustAmr && claims.amr.some((method) => SECOND_FACTOR_AMR.has(method))
	if (!providerSecondFactor && (await hasSecondFactor(user.id))) {
		const headers = new Headers({ 'Set-Cookie': await beginPendingSignIn(user.id, flow.redirectTo, oidc) })
		for (const cookie of cookies) headers.append('Set-Cookie', cookie)
		return redirect(VERIFY_PATH, { headers })
	}
	const signedIn = await completeSignIn(request, user, {
		redirectTo: flow.redirectTo,
		oidc,
		cookies,
		...(providerSecondFactor ? { secondFactor: 'provider' as const } : {}),
	})
	return redirect(signedIn.redirect, { headers: signedIn.headers })
}

/**
 * A back-channel logout from the provider: the signed logout token checked (logout-token.server), then the
 * portal sessions it names ended at once, by the provider's session id or, naming only the user, all that
 * user's sessions signed in through the provider. Returns how many ended; throws LogoutTokenError.
 */
export async function backChannelLogout(settings: OidcSettings, token: string): Promise<number> {
	const target = await verifyLogoutToken(token, { issuer: settings.issuer, clientId: settings.clientId }, providerKeys(settings))
	let ended = 0
	if (target.sid) ended = await destroyOidcSessions({ sid: target.sid })
	else {
		const userId = await userIdOfIdentity(settings.issuer, target.sub!)
		if (userId !== null) ended = await destroyOidcSessions({ userId })
	}
	await recordAudit({ action: 'auth.sso_logout', ip: getClientIp(), details: { ...target, sessionsEnded: ended } })
	return ended
}

/**
 * Where signing out continues when the session began at the provider and the provider has an
 * `end_session_endpoint`: there, with the ID token as hint, back to the sign-in page. Null otherwise, also when
 * the provider cannot be reached (the portal session is ended all the same).
 */
export async function providerSignOutUrl(idToken: string | null): Promise<string | null> {
	const settings = getOidcSettings()
	if (!settings || !idToken) return null
	try {
		const configuration = await getOidcConfiguration(settings)
		if (!configuration.serverMetadata().end_session_endpoint) return null
		return oidcClient.buildEndSessionUrl(configuration, {
			id_token_hint: idToken,
			post_logout_redirect_uri: settings.postLogoutRedirectUri,
			client_id: settings.clientId,
		}).href
	} catch {
		return null
	}
}
