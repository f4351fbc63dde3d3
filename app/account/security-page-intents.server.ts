import { confirmFactorSchema, codeSchema } from '~/auth/mfa/forms.server'
import { startEnrolment } from '~/auth/mfa/mfa.server'
import { confirmOwnSecondFactor, disableOwnSecondFactor, regenerateOwnRecoveryCodes } from '~/auth/mfa/own-factor.server'
import { revokeSessionSchema } from '~/auth/session-list.server'
import type { Session, User } from '~/db/schema'
import { formIntents } from '~/utils/form-action.server'
import { getClientIp } from '~/utils/logger.server'
import { keepNothing, throttled, wrongCode } from './refusals.server'
import { SECURITY_PATH } from './security'
import { endOwnOtherSessions, endOwnSession, revokeOwnApiToken, revokeTokenSchema } from './security.server'

/** Who posts on their own security page: the user, this browser's session and its token (kept when the others end). */
export interface SecurityPageAuth {
	user: User
	session: Session
	token: string
}

const sessionNotFound = { status: 404, formError: 'security.sessions.notFound', keep: false }
const tokenNotFound = { status: 404, formError: 'security.tokens.notFound', keep: false }

/**
 * The forms of the signed-in user's security page (`/account/security`), for `formAction`. The sessions' come
 * first: an unknown form is answered as the first, whose errors the page shows at its top.
 */
export function securityPageIntents() {
	const formIntent = formIntents<SecurityPageAuth>()
	return {
		revokeSession: formIntent({
			permission: 'update',
			schema: revokeSessionSchema,
			onInvalid: sessionNotFound,
			run: ({ data }, { user, session }) => endOwnSession(user, data.session, session.id_hash, getClientIp()),
			refusals: { sessionNotFound },
			done: () => ({ redirect: SECURITY_PATH, toast: 'security.sessions.ended' }),
		}),
		revokeOtherSessions: formIntent({
			permission: 'update',
			run: (_form, { user, token }) => endOwnOtherSessions(user, token, getClientIp()),
			refusals: {},
			done: ({ ended }) => ({ redirect: SECURITY_PATH, toast: 'security.sessions.othersEnded', toastValues: { count: ended } }),
		}),
		revokeToken: formIntent({
			permission: 'update',
			schema: revokeTokenSchema,
			onInvalid: tokenNotFound,
			run: ({ data }, { user }) => revokeOwnApiToken(user, Number(data.token), getClientIp()),
			refusals: { tokenNotFound },
			done: () => ({ redirect: SECURITY_PATH, toast: 'security.tokens.revoked' }),
		}),
		startMfa: formIntent({
			permission: 'update',
			run: async (_form, { user }) => {
				await startEnrolment(user.id)
				return { ok: true } as const
			},
			refusals: {},
			done: () => ({ redirect: SECURITY_PATH }),
		}),
		confirmMfa: formIntent({
			permission: 'update',
			schema: confirmFactorSchema,
			keep: keepNothing,
			run: ({ data }, { user }) => confirmOwnSecondFactor(user, data, getClientIp()),
			refusals: {
				throttled: (result) => throttled(result.retryAfter),
				wrongPassword: { status: 400, errors: { password: { key: 'mfa.setup.wrongPassword' } } },
				wrongCode,
				notStarted: { status: 409, formError: 'mfa.setup.notStarted' },
			},
			done: ({ recoveryCodes }) => ({ answer: { recoveryCodes } }),
		}),
		regenerateRecoveryCodes: formIntent({
			permission: 'update',
			schema: codeSchema,
			keep: keepNothing,
			run: ({ data }, { user }) => regenerateOwnRecoveryCodes(user, data.code, getClientIp()),
			refusals: { throttled: (result) => throttled(result.retryAfter), wrongCode },
			done: ({ recoveryCodes }) => ({ answer: { recoveryCodes } }),
		}),
		disableMfa: formIntent({
			permission: 'update',
			schema: codeSchema,
			keep: keepNothing,
			run: ({ data }, { user }) => disableOwnSecondFactor(user, data.code, getClientIp()),
			refusals: {
				throttled: (result) => throttled(result.retryAfter),
				wrongCode,
				required: { status: 403, formError: 'mfa.disable.required' },
			},
			done: () => ({ redirect: SECURITY_PATH, toast: 'mfa.disable.done' }),
		}),
	}
}

export type SecurityPageIntent = keyof ReturnType<typeof securityPageIntents>
