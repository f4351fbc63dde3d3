import type { User } from '~/db/schema'
import { languageCookie } from '~/i18n/language.server'
import { formIntents } from '~/utils/form-action.server'
import { getClientIp } from '~/utils/logger.server'
import { profileSchemas } from './forms.server'
import { setOwnEmailNotifications, updateOwnNames } from './own-profile.server'
import { updateProfile } from './users.server'

const PATH = '/contacts/profile'
const saved = { redirect: PATH, toast: 'profile.saved' }

/** The forms of the signed-in user's profile page (`/contacts/profile`), for `formAction`. */
export function profilePageIntents(request: Request) {
	const formIntent = formIntents<User>()
	return {
		profile: formIntent({
			permission: 'update',
			schema: profileSchemas.profile,
			run: ({ data }, user) => updateOwnNames(user, data, getClientIp()),
			refusals: {},
			done: () => saved,
		}),
		language: formIntent({
			permission: 'update',
			schema: profileSchemas.language,
			run: async ({ data }, user) => {
				await updateProfile(user.id, { preferredLanguage: data.preferredLanguage || null })
				return { ok: true } as const
			},
			refusals: {},
			done: (_result, { data }) => ({
				...saved,
				headers: data.preferredLanguage ? { 'Set-Cookie': languageCookie(data.preferredLanguage, request) } : undefined,
			}),
		}),
		'time-zone': formIntent({
			permission: 'update',
			schema: profileSchemas.timeZone,
			run: async ({ data }, user) => {
				await updateProfile(user.id, { timeZone: data.timeZone || null })
				return { ok: true } as const
			},
			refusals: {},
			done: () => saved,
		}),
		'email-notifications': formIntent({
			permission: 'update',
			schema: profileSchemas.emailNotifications,
			run: ({ data }, user) => setOwnEmailNotifications(user, data.emailNotifications, getClientIp()),
			refusals: {},
			done: () => saved,
		}),
	}
}
