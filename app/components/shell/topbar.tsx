import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { LanguageCode } from '~/i18n/languages'
import type { LayoutSettings } from '~/layout/settings'
import type { NotificationView } from '~/notifications/notifications.server'
import { AppLauncher, type LauncherApp } from './app-launcher'
import { FullscreenToggle } from './fullscreen-toggle'
import { LanguageMenu } from './language-menu'
import { MegaMenu } from './mega-menu'
import { NotificationsMenu } from './notifications-menu'
import { SettingsPanel } from './settings-panel'
import { UserMenu } from './user-menu'

export const SIDEBAR_TOGGLE_ID = 'sidebar-toggle'

export interface TopbarProps {
	/** Whether the page has a menu for the mega menu to show. */
	hasMenu: boolean
	language: LanguageCode
	user: { displayName: string; email: string }
	notifications: { unread: number; latest: NotificationView[] }
	apps: LauncherApp[]
	/** Null when none is configured: no link. */
	helpUrl: string | null
	layout: LayoutSettings
	searchQuery?: string
}

export function Topbar({ hasMenu, language, user, notifications, apps, helpUrl, layout, searchQuery }: TopbarProps) {
	const { t } = useTranslation()
	return (
		<header className="topbar">
			<div className="topbar__start">
				{/* Opens the menu without JavaScript: the frame's CSS reacts to this box being checked. */}
				<input type="checkbox" id={SIDEBAR_TOGGLE_ID} className="sidebar-toggle visually-hidden" />
				<label htmlFor={SIDEBAR_TOGGLE_ID} className="topbar__button topbar__menu-toggle" title={t('topbar.toggleMenu')}>
					<i className="bx bx-menu" aria-hidden="true" />
					<span className="visually-hidden">{t('topbar.toggleMenu')}</span>
				</label>
				<Link to="/" className="topbar__brand" aria-label={t('app.name')}>
					<i className="auth-page__logo" aria-hidden="true" />
					<span className="topbar__brand-name">{t('app.name')}</span>
				</Link>
				<Form method="get" action="/search" role="search" className="topbar__search">
					<label htmlFor="topbar-search" className="visually-hidden">
						{t('search.label')}
					</label>
					<input
						id="topbar-search"
						type="search"
						name="q"
						className="form-control form-control-sm"
						placeholder={t('search.placeholder')}
						defaultValue={searchQuery}
						key={searchQuery}
						maxLength={200}
					/>
					<button type="submit" className="topbar__search-button">
						<i className="bx bx-search" aria-hidden="true" />
						<span className="visually-hidden">{t('search.submit')}</span>
					</button>
				</Form>
				{/* Phones have no room for the box: the search page has its own. */}
				<Link to="/search" className="topbar__button topbar__search-link" title={t('search.label')}>
					<i className="bx bx-search" aria-hidden="true" />
					<span className="visually-hidden">{t('search.label')}</span>
				</Link>
				<MegaMenu hasMenu={hasMenu} />
			</div>
			<div className="topbar__end">
				<LanguageMenu current={language} />
				<AppLauncher apps={apps} />
				<FullscreenToggle />
				{helpUrl ? (
					<a href={helpUrl} target="_blank" rel="noopener noreferrer" className="topbar__button" title={t('topbar.help')}>
						<i className="bx bx-help-circle" aria-hidden="true" />
						<span className="visually-hidden">
							{t('topbar.help')} ({t('topbar.opensInNewTab')})
						</span>
					</a>
				) : null}
				<NotificationsMenu unread={notifications.unread} latest={notifications.latest} />
				<UserMenu displayName={user.displayName} email={user.email} />
				<SettingsPanel settings={layout} />
			</div>
		</header>
	)
}
