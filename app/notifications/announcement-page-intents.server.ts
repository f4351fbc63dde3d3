import type { User } from '~/db/schema'
import { readerTimeZone } from '~/i18n/time-zone.server'
import { formIntents } from '~/utils/form-action.server'
import { getClientIp } from '~/utils/logger.server'
import { publicOrigin } from '~/utils/public-url.server'
import { audienceUsersById, findAudienceUsers } from './announcement-list.server'
import { announcementSchema, composeValues, createAnnouncement, postedIds, withdrawAnnouncement } from './announcements.server'

const PATH = '/admin/notifications'

/** The audience as ticked: what the compose form shows again with any answer that is not a redirect. */
async function chosenAudience(formData: FormData) {
	const userIds = postedIds(formData, 'users') ?? []
	return { chosenRoles: postedIds(formData, 'roles') ?? [], chosenUsers: await audienceUsersById(userIds), matches: null }
}

/** The roles and users ticked: whole ids, or a field error each (a forged choice). */
async function postedAudience(formData: FormData) {
	const roleIds = postedIds(formData, 'roles')
	const userIds = postedIds(formData, 'users')
	if (roleIds && userIds) return { ok: true as const, roleIds, userIds }
	const unknown = { key: 'admin.notifications.errors.unknownChoice' }
	return { ok: false as const, errors: { ...(roleIds ? {} : { roles: unknown }), ...(userIds ? {} : { users: unknown }) } }
}

/** The forms of the notifications administration page (`/admin/notifications`), for `formAction`. */
export function announcementPageIntents(request: Request) {
	const formIntent = formIntents<User>()
	return {
		send: formIntent({
			permission: 'create',
			schema: (user) => announcementSchema(readerTimeZone(user)),
			check: postedAudience,
			extra: chosenAudience,
			run: ({ data, checked }, user) =>
				createAnnouncement(
					{ ...data, body: data.body!, roleIds: checked.roleIds, userIds: checked.userIds },
					{ actor: user, siteUrl: publicOrigin(request) ?? '', ip: getClientIp() },
				),
			refusals: { invalid: (result) => ({ status: 400, errors: result.errors }) },
			done: (result) => ({ redirect: PATH, toast: result.scheduled ? 'admin.notifications.scheduled' : 'admin.notifications.queued' }),
		}),
		// Not a failure: the form comes back with the search done and nothing lost.
		'find-users': formIntent({
			permission: 'create',
			keep: composeValues,
			extra: chosenAudience,
			run: async ({ formData }) => ({ ok: true, found: await findAudienceUsers(String(formData.get('userQuery') ?? '')) }) as const,
			refusals: {},
			done: ({ found }, { formData, values }) => {
				const query = String(formData.get('userQuery') ?? '')
				const chosen = postedIds(formData, 'users') ?? []
				return {
					answer: {
						values: { ...values, userQuery: query.slice(0, 100) },
						matches: found.filter((match) => !chosen.includes(match.id)),
					},
				}
			},
		}),
		withdraw: formIntent({
			permission: 'delete',
			run: async ({ formData }, user) => {
				const id = Number(formData.get('id'))
				if (!Number.isInteger(id) || id <= 0) return { ok: false, reason: 'notFound' } as const
				return withdrawAnnouncement(id, { actor: user, ip: getClientIp() })
			},
			refusals: {},
			done: (result) => ({
				redirect: PATH,
				toast: result.alreadyWithdrawn ? 'admin.notifications.alreadyWithdrawn' : 'admin.notifications.withdrawn',
			}),
		}),
	}
}

export type AnnouncementPageIntent = keyof ReturnType<typeof announcementPageIntents>
