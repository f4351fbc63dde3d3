import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SignOutForm } from '../sign-out-form'
import { Dropdown } from './dropdown'
import { Separator } from '~/components/badge'
import { SECURITY_PATH } from '~/account/security'

function initials(name: string) {
	const parts = name.trim().split(/\s+/)
	return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase()
}

/** The menu's pages of one's own account. */
const ACCOUNT_LINKS = [
	{ to: '/contacts/profile', icon: 'bx-user', labelKey: 'nav.profile' },
	{ to: SECURITY_PATH, icon: 'bx-shield-quarter', labelKey: 'security.title' },
	{ to: '/account/change-password', icon: 'bx-lock-alt', labelKey: 'nav.changePassword' },
] as const

/** The signed-in user: name, profile, security, change password, sign-out (a POST). */
export function UserMenu({ displayName, email }: { displayName: string; email: string }) {
	const { t } = useTranslation()
	return (
		<Dropdown
			summary={
				<>
					<span className="avatar" aria-hidden="true">
						{initials(displayName)}
						<Separator text=" · " />
					</span>
					<span className="topbar__username">{displayName}</span>
					<Separator text=", " />
					<span className="visually-hidden">{t('topbar.userMenu')}</span>
				</>
			}
		>
			<div className="dropdown-heading">
				<span className="d-block fw-semibold">{displayName}</span>
				<span className="d-block small text-body-secondary">{email}</span>
			</div>
			<ul className="dropdown-list">
				{ACCOUNT_LINKS.map((link) => (
					<li key={link.to}>
						<Link to={link.to} className="dropdown-item">
							<i className={`bx ${link.icon}`} aria-hidden="true" />
							{t(link.labelKey)}
						</Link>
					</li>
				))}
				<li className="dropdown-divider" aria-hidden="true" />
				<li>
					<SignOutForm className="dropdown-item text-danger" icon />
				</li>
			</ul>
		</Dropdown>
	)
}
