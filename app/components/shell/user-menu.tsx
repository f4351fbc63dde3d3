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
				<li>
					<Link to="/contacts/profile" className="dropdown-item">
						<i className="bx bx-user" aria-hidden="true" />
						{t('nav.profile')}
					</Link>
				</li>
				<li>
					<Link to={SECURITY_PATH} className="dropdown-item">
						<i className="bx bx-shield-quarter" aria-hidden="true" />
						{t('security.title')}
					</Link>
				</li>
				<li>
					<Link to="/account/change-password" className="dropdown-item">
						<i className="bx bx-lock-alt" aria-hidden="true" />
						{t('nav.changePassword')}
					</Link>
				</li>
				<li className="dropdown-divider" aria-hidden="true" />
				<li>
					<SignOutForm className="dropdown-item text-danger" icon />
				</li>
			</ul>
		</Dropdown>
	)
}
