import type { User } from '~/db/schema'
import { formIntents } from '~/utils/form-action.server'
import { safeRedirect } from '~/utils/redirect'
import { markAllReadSchema, markReadSchema } from './forms.server'
import { markAllRead, markRead } from './notifications.server'

const PATH = '/notifications'

/** The forms of the notifications page (`/notifications`, also posted to by the bell), for `formAction`. */
export function notificationsPageIntents() {
	const formIntent = formIntents<User>()
	return {
		'mark-all-read': formIntent({
			permission: 'update',
			schema: markAllReadSchema,
			run: async (_form, user) => {
				await markAllRead(user.id)
				return { ok: true } as const
			},
			refusals: {},
			done: (_result, { data }) => ({ redirect: safeRedirect(data.redirectTo, PATH) }),
		}),
		'mark-read': formIntent({
			permission: 'update',
			schema: markReadSchema,
			run: async ({ data }, user) => {
				await markRead(user.id, data.id)
				return { ok: true } as const
			},
			refusals: {},
			done: (_result, { data }) => ({ redirect: safeRedirect(data.redirectTo, PATH) }),
		}),
	}
}
