import { Form, Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { NotificationView } from '~/notifications/notifications.server'
import { CsrfInput } from '../forms'
import { Dropdown } from './dropdown'
import { DateTime } from './date-time'
import { Badge, Separator } from '~/components/badge'

/** The values a notification's text is rendered with: role codes become the reader's names for them. */
function textValues(notification: NotificationView, t: TFunction): Record<string, string | number> {
	const { params } = notification
	if (notification.type !== 'roles_changed' || typeof params.roleCodes !== 'string') return params
	let custom: Record<string, string> = {}
	try {
		custom = JSON.parse(String(params.roleNames ?? '{}')) as Record<string, string>
	} catch {
		/* names unknown: codes stand */
	}
	const names = params.roleCodes
		.split(',')
		.filter(Boolean)
		.map((code) => custom[code] ?? t(`roles.${code}`, { defaultValue: code }))
	return { ...params, roles: names.join(', ') || '—' }
}

export function NotificationText({ notification }: { notification: NotificationView }) {
	const { t } = useTranslation()
	const values = textValues(notification, t)
	const body = notification.body ?? (notification.bodyKey ? t(notification.bodyKey, values) : null)
	return (
		<>
			<span className="notification__title">{notification.title ?? t(notification.titleKey, values)}</span>
			{body !== null ? (
				<>
					<Separator text=": " />
					<span className="notification__body">{body}</span>
				</>
			) : null}
			<Separator text=" (" />
			<DateTime at={notification.createdAt} className="notification__time" />
			<Separator text=")" />
		</>
	)
}

/** How often, with JavaScript, the bell asks for the unread count while the page is visible. */
export const UNREAD_POLL_MS = 60_000

/** The unread count from the page's data, refreshed in the background while the page stays open. */
function useUnreadCount(fromPage: number): number {
	const poll = useFetcher<{ unread: number | null }>()
	const [unread, setUnread] = useState(fromPage)
	useEffect(() => setUnread(fromPage), [fromPage])
	useEffect(() => {
		if (poll.state === 'idle' && typeof poll.data?.unread === 'number') setUnread(poll.data.unread)
	}, [poll.state, poll.data])
	const { load } = poll
	useEffect(() => {
		const timer = window.setInterval(() => {
			if (document.visibilityState === 'visible') load('/api/notifications/unread')
		}, UNREAD_POLL_MS)
		return () => window.clearInterval(timer)
	}, [load])
	return unread
}

/** The bell: unread count (nothing at 0), the latest few, "mark all read" and "view all". */
export function NotificationsMenu({ unread: unreadOnPage, latest }: { unread: number; latest: NotificationView[] }) {
	const { t } = useTranslation()
	const location = useLocation()
	const unread = useUnreadCount(unreadOnPage)
	return (
		<Dropdown
			summary={
				<>
					<i className="bx bx-bell" aria-hidden="true" />
					{unread > 0 ? (
						<span aria-hidden="true">
							<Badge className="rounded-pill text-bg-danger topbar__badge">{unread > 99 ? '99+' : unread}</Badge>
						</span>
					) : null}
					<span className="visually-hidden">{t('notifications.summary', { count: unread })}</span>
				</>
			}
			panelClassName="notifications-panel"
		>
			<div className="dropdown-heading d-flex align-items-center justify-content-between gap-2">
				<span>{t('notifications.title')}</span>
				{unread > 0 ? (
					<Form method="post" action="/notifications">
						<CsrfInput />
						<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
						<button type="submit" name="intent" value="mark-all-read" className="btn btn-link btn-sm p-0">
							{t('notifications.markAllRead')}
						</button>
					</Form>
				) : null}
			</div>
			{latest.length === 0 ? (
				<p className="dropdown-empty">{t('notifications.empty')}</p>
			) : (
				<div className="notifications-scroll" role="region" tabIndex={0} aria-label={t('notifications.latest')}>
					<ul className="notifications-list">
						{latest.map((notification) => (
							<li key={notification.id} className={notification.read ? '' : 'unread'}>
								<NotificationText notification={notification} />
							</li>
						))}
					</ul>
				</div>
			)}
			<Link to="/notifications" className="dropdown-footer">
				{t('notifications.viewAll')}
			</Link>
		</Dropdown>
	)
}
