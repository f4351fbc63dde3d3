import type { NewNotification } from './notifications.server'

/** What the bell tells a user whose password was reset for them (by an administrator or the CLI): `count` sessions ended. */
export function passwordResetNotice(count: number): NewNotification {
	return {
		type: 'password_reset',
		titleKey: 'notifications.passwordReset.title',
		bodyKey: 'notifications.passwordReset.body',
		params: { count },
	}
}

/** What the bell tells a user whose sessions were ended (`count` of them); `link`: where they can see the rest. */
export function sessionsEndedNotice(count: number, link?: string): NewNotification {
	return {
		type: 'sessions_ended',
		titleKey: 'notifications.sessionsEnded.title',
		bodyKey: 'notifications.sessionsEnded.body',
		params: { count },
		...(link ? { link } : {}),
	}
}
