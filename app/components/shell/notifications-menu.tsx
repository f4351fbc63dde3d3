import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { NotificationView } from '~/notifications/notifications.server'
import { CsrfInput } from '../forms'
import { Dropdown } from './dropdown'
import { DateTime } from './date-time'

export function NotificationText({ notification }: { notification: NotificationView }) {
	const { t } = useTranslation()
	return (
		<>
			<span className="notification__title">{t(notification.titleKey, notification.params)}</span>
			{notification.bodyKey ? <span className="notification__body">{t(notification.bodyKey, notification.params)}</span> : null}
			<DateTime at={notification.createdAt} className="notification__time" />
		</>
	)
}

/** The bell: unread count (nothing at 0), the latest few, "mark all read" and "view all". */
export function NotificationsMenu({ unread, latest }: { unread: number; latest: NotificationView[] }) {
	const { t } = useTranslation()
	const location = useLocation()
	return (
		<Dropdown
			summary={
				<>
					<i className="bx bx-bell" aria-hidden="true" />
					{unread > 0 ? (
						<span className="badge rounded-pill text-bg-danger topbar__badge" aria-hidden="true">
							{unread > 99 ? '99+' : unread}
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
				<ul className="notifications-list">
					{latest.map((notification) => (
						<li key={notification.id} className={notification.read ? '' : 'unread'}>
							<NotificationText notification={notification} />
						</li>
					))}
				</ul>
			)}
			<Link to="/notifications" className="dropdown-footer">
				{t('notifications.viewAll')}
			</Link>
		</Dropdown>
	)
}
