import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { recordAudit } from '~/audit/audit.server'
import { listApiTokens, revokeApiToken } from '~/auth/api-token.server'
import { revokeAccess } from '~/auth/revoke.server'
import { endSessionByReference, getSessionEntries, SESSION_REFERENCE_PATTERN } from '~/auth/session-list.server'
import type { requireActiveSession } from '~/auth/session.server'
import { parseUserAgent } from '~/auth/user-agent'
import { getConfig } from '~/config.server'
import { notify } from '~/notifications/notifications.server'
import { flashSuccess } from '~/utils/flash.server'
import { invalid, issue, parseForm } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { SECURITY_PATH } from './security'

/**
 * The sessions and API tokens part of `/account/security`: what its loader shows and the intents its
 * action handles (ending one session, every other one, one token). The route stays a switch.
 */

type ActiveSession = Awaited<ReturnType<typeof requireActiveSession>>

export const SESSION_INTENTS = ['revokeSession', 'revokeOtherSessions', 'revokeToken'] as const
export type SessionIntent = (typeof SESSION_INTENTS)[number]

/** The user's sessions (this browser's marked) and live API tokens, with where each token was issued. */
export async function getSessionsAndTokens({ user, session }: Pick<ActiveSession, 'user' | 'session'>) {
	const [sessions, tokens] = await Promise.all([getSessionEntries(user.id, session.id_hash), listApiTokens(user.id)])
	const { idleMs, maxMs } = getConfig().apiToken
	return {
		sessions,
		tokens: tokens.map(({ userAgent, ...token }) => {
			const agent = parseUserAgent(userAgent)
			return { ...token, browser: agent.browser, browserVersion: agent.version, os: agent.os }
		}),
		tokenPolicy: { idleMinutes: idleMs / 60_000, maxHours: maxMs / 3_600_000 },
	}
}

const sessionIntentSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('revokeSession'),
		session: z.string().regex(SESSION_REFERENCE_PATTERN, issue('security.sessions.notFound')),
	}),
	z.object({ intent: z.literal('revokeOtherSessions') }),
	z.object({ intent: z.literal('revokeToken'), token: z.string().regex(/^[1-9]\d{0,11}$/, issue('security.tokens.notFound')) }),
])

/** A session or token the user does not have (any more): 404, told on the page, nothing changed. */
function notFound(key: 'security.sessions.notFound' | 'security.tokens.notFound') {
	return invalid({ values: {}, formError: key }, { status: 404 })
}

/** Handles one of SESSION_INTENTS posted by the signed-in user about their own account. */
export async function handleSessionIntent(request: Request, { user, session, token }: ActiveSession) {
	const form = await parseForm(request, sessionIntentSchema)
	if (!form.ok) {
		if (form.errors.session) return notFound('security.sessions.notFound')
		if (form.errors.token) return notFound('security.tokens.notFound')
		return invalid({ values: {}, formError: 'errors.badRequestBody' })
	}
	const ip = getClientIp()
	switch (form.data.intent) {
		case 'revokeSession': {
			const ended = await endSessionByReference(user.id, form.data.session, { keepIdHash: session.id_hash })
			if (!ended) return notFound('security.sessions.notFound')
			await recordAudit({ action: 'auth.session_revoked', actor: user, entity: 'user', entityId: user.id, ip, details: { session: ended } })
			await flashSuccess(request, 'security.sessions.ended')
			break
		}
		case 'revokeOtherSessions': {
			const ended = await revokeAccess(user.id, { keepSessionToken: token })
			await recordAudit({ action: 'auth.sessions_revoked', actor: user, entity: 'user', entityId: user.id, ip, details: { ended } })
			if (ended > 0)
				await notify(user.id, {
					type: 'sessions_ended',
					titleKey: 'notifications.sessionsEnded.title',
					bodyKey: 'notifications.sessionsEnded.body',
					params: { count: ended },
					link: SECURITY_PATH,
				})
			await flashSuccess(request, 'security.sessions.othersEnded', { count: ended })
			break
		}
		case 'revokeToken': {
			const tokenId = Number(form.data.token)
			if (!(await revokeApiToken(user.id, tokenId))) return notFound('security.tokens.notFound')
			await recordAudit({
				action: 'auth.api_token_revoked',
				actor: user,
				entity: 'user',
				entityId: user.id,
				ip,
				details: { token: tokenId },
			})
			await flashSuccess(request, 'security.tokens.revoked')
			break
		}
	}
	return redirect(SECURITY_PATH)
}
