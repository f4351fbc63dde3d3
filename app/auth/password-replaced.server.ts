import { recordAudit } from '~/audit/audit.server'
import type { User } from '~/db/schema'
import { notify } from '~/notifications/notifications.server'
import { getClientIp } from '~/utils/logger.server'
import { revokeAccess } from './revoke.server'

/**
 * What follows a new password its owner set, by changing it (signed in: that session stays) or through a
 * reset link (every session ends): the account's other sessions and API tokens end, the change is audited,
 * and the owner is told. Returns how many sessions ended.
 */
export async function passwordReplaced(user: User, how: { changed: { keepSessionToken: string } } | { reset: true }): Promise<number> {
	const changed = 'changed' in how
	const ended = await revokeAccess(user.id, changed ? { keepSessionToken: how.changed.keepSessionToken } : {})
	await recordAudit({
		action: changed ? 'auth.password_changed' : 'auth.password_reset',
		actor: user,
		entity: 'user',
		entityId: user.id,
		ip: getClientIp(),
		details: changed ? { otherSessionsEnded: ended } : { sessionsEnded: ended },
	})
	await notify(user.id, {
		type: 'password_changed',
		titleKey: 'notifications.passwordChanged.title',
		bodyKey: changed && ended > 0 ? 'notifications.passwordChanged.bodySessions' : 'notifications.passwordChanged.body',
		...(changed ? { params: { count: ended } } : {}),
		link: '/contacts/profile',
	})
	return ended
}
