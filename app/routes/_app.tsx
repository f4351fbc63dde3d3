import { NavLink, Outlet, Link } from '@remix-run/react'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/session.server'
import { FlashMessage } from '~/components/flash-message'
import { LanguageSwitcher } from '~/components/language-switcher'
import { SignOutForm } from '~/components/sign-out-form'
import { DEFAULT_LANGUAGE } from '~/i18n/languages'
import { useRootData } from '~/utils/root-data'

/** The authenticated frame. Each child route still checks the user itself: loaders run in parallel. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireUser(request)
	return null
}

export default function AppLayout() {
	const { t } = useTranslation()
	const root = useRootData()
	return (
		<div className="app-shell">
			<a href="#main" className="visually-hidden-focusable skip-link">
				{t('app.skipToContent')}
			</a>
			<header className="app-topbar">
				<Link to="/" className="app-topbar__brand">
					<i className="auth-page__logo" aria-hidden="true" />
					{t('app.name')}
				</Link>
				<nav aria-label={t('nav.account')} className="app-topbar__nav">
					<span className="app-topbar__user">{root?.user?.displayName}</span>
					<NavLink to="/account/change-password" className="btn btn-sm btn-link">
						{t('nav.changePassword')}
					</NavLink>
					<SignOutForm className="btn btn-sm btn-outline-light" />
					<LanguageSwitcher current={root?.language ?? DEFAULT_LANGUAGE} />
				</nav>
			</header>
			<main id="main" className="app-main container-fluid">
				<FlashMessage flash={root?.flash ?? null} />
				<Outlet />
			</main>
		</div>
	)
}
