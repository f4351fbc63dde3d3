import type { Actor } from '~/audit/audit.server'
import { resetUserSecondFactor } from '~/auth/mfa/admin-reset.server'
import { unlinkUserIdentity } from '~/auth/oidc/identities.server'
import { getSessionState } from '~/auth/session.server'
import { getConfig } from '~/config.server'
import { formIntents, type Done } from '~/utils/form-action.server'
import { publicOrigin } from '~/utils/public-url.server'
import {
	changeAdminUserEmail,
	deleteAdminUser,
	resetAdminUserPassword,
	revokeAdminUserSessions,
	setAdminUserLocked,
} from './user-account.server'
import { revokeSessionSchema } from '~/auth/session-list.server'
import { revokeAdminUserSession } from './user-sessions.server'
import { keptRoleValues, USERS_PATH, userHref } from './users'
import { changeEmailSchema, resetPasswordSchema, userProfileSchema } from './user-forms.server'
import { postedAssignments, updateAdminUser } from './users.server'

/** Who acts on which user: what the page's `permit` gives each form once the grant is checked and the user found. */
export interface UserPageAuth {
	user: Actor
	id: number
}

const lastAdmin = { status: 409, formError: 'admin.errors.lastAdmin' }
const self = { status: 409, formError: 'admin.errors.self' }
const notLinked = { status: 409, formError: 'sso.identity.notLinked' }

/** Back to the user's page with `toast`, which counts the sessions the change ended. */
function backCountingSessions(auth: UserPageAuth, toast: string, result: { sessionsEnded: number }): Done {
	return { redirect: userHref(auth.id), toast, toastValues: { count: result.sessionsEnded } }
}

/** The profile form's fields as posted, with its role choices: what it shows again when refused. */
function profileValues(formData: FormData): Record<string, string> {
	const values: Record<string, string> = {}
	for (const name of ['displayName', 'firstName', 'lastName']) values[name] = String(formData.get(name) ?? '')
	return { ...values, ...keptRoleValues(formData) }
}

/** The forms of a user's administration page (`/admin/users/:id`), for `formAction`. */
export function userPageIntents(request: Request) {
	const formIntent = formIntents<UserPageAuth>()
	const setLocked = (locked: boolean) =>
		formIntent({
			permission: 'update',
			run: (_form, auth) => setAdminUserLocked(auth.id, locked, auth.user),
			refusals: { self, lastAdmin },
			done: (result, _form, auth) => backCountingSessions(auth, locked ? 'admin.users.lockedDone' : 'admin.users.unlockedDone', result),
		})
	return {
		update: formIntent({
			permission: 'update',
			schema: userProfileSchema,
			check: postedAssignments,
			keep: profileValues,
			run: ({ data, checked }, auth) => updateAdminUser(auth.id, data, checked.assignments, auth.user),
			refusals: { lastAdmin: { status: 409, errors: { roles: { key: 'admin.errors.lastAdmin' } } } },
			done: (result, _form, auth) => ({ redirect: userHref(auth.id), toast: result.changed ? 'admin.users.saved' : 'admin.noChanges' }),
		}),
		changeEmail: formIntent({
			permission: 'update',
			schema: changeEmailSchema,
			run: ({ data }, auth) => changeAdminUserEmail(auth.id, data.email, auth.user, { origin: publicOrigin(request) }),
			refusals: { emailTaken: { status: 409, errors: { email: { key: 'admin.errors.emailTaken' } } } },
			done: (result, _form, auth) => backCountingSessions(auth, result.changed ? 'admin.users.emailChanged' : 'admin.noChanges', result),
		}),
		lock: setLocked(true),
		unlock: setLocked(false),
		resetPassword: formIntent({
			permission: 'update',
			schema: resetPasswordSchema,
			run: ({ data }, auth) => resetAdminUserPassword(auth.id, data.password, auth.user),
			refusals: {},
			done: (result, _form, auth) =>
				result.generated ? { answer: { password: result.password } } : backCountingSessions(auth, 'admin.users.passwordResetDone', result),
		}),
		revokeSessions: formIntent({
			permission: 'update',
			run: (_form, auth) => revokeAdminUserSessions(auth.id, auth.user),
			refusals: {},
			// Ending one's own sessions signs this browser out too: the next page asks to sign in.
			done: (result, _form, auth) => backCountingSessions(auth, 'admin.users.sessionsRevoked', result),
		}),
		revokeSession: formIntent({
			permission: 'update',
			schema: revokeSessionSchema,
			onInvalid: { status: 404, formError: 'security.sessions.notFound', keep: false },
			run: async ({ data }, auth) => {
				const state = await getSessionState(request)
				return revokeAdminUserSession(auth.id, data.session, auth.user, {
					keepIdHash: state.status === 'active' ? state.session.id_hash : null,
				})
			},
			refusals: { sessionNotFound: { status: 404, formError: 'security.sessions.notFound', keep: false } },
			done: (_result, _form, auth) => ({ redirect: userHref(auth.id), toast: 'security.sessions.ended' }),
		}),
		resetMfa: formIntent({
			permission: 'update',
			run: (_form, auth) => resetUserSecondFactor(auth.id, auth.user),
			refusals: { self: { status: 409, formError: 'mfa.admin.self' } },
			done: (_result, _form, auth) => ({ redirect: userHref(auth.id), toast: 'mfa.admin.resetDone' }),
		}),
		unlinkSso: formIntent({
			permission: 'update',
			run: async (_form, auth) => {
				const issuer = getConfig().oidc?.issuer
				return issuer ? unlinkUserIdentity(auth.id, issuer, auth.user) : ({ ok: false, reason: 'notLinked' } as const)
			},
			refusals: { notLinked },
			done: (result, _form, auth) => backCountingSessions(auth, 'sso.identity.unlinked', result),
		}),
		delete: formIntent({
			permission: 'delete',
			run: (_form, auth) => deleteAdminUser(auth.id, auth.user),
			refusals: { self, lastAdmin },
			done: (result) => ({ redirect: USERS_PATH, toast: 'admin.users.deleted', toastValues: { email: result.email } }),
		}),
	}
}

export type UserPageIntent = keyof ReturnType<typeof userPageIntents>
