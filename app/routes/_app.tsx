import { routeHandle } from '~/permissions/access'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, NavLink, Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '~/components/error-page'
import { FlashMessage } from '~/components/flash-message'
import { LanguageSwitcher } from '~/components/language-switcher'
import { Sidebar } from '~/components/sidebar'
import { SignOutForm } from '~/components/sign-out-form'
import { getLanguage } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE } from '~/i18n/languages'
import { requireUserWithGrants } from '~/permissions/grants.server'
import { visibleItems, type MenuItem } from '~/permissions/menu'
import { menuFor } from '~/permissions/menu.server'
import { errorFields, logger } from '~/utils/logger.server'
import { useRootData } from '~/utils/root-data'

export const handle = routeHandle({ authenticated: true })

/** The authenticated frame and its menu. Each child route still checks its own permission: loaders run in parallel. */
export async function loader({ request }: LoaderFunctionArgs) {
	const [{ grants }, language] = await Promise.all([requireUserWithGrants(request), getLanguage(request)])
	try {
		return { menu: visibleItems(await menuFor(grants, language)), menuError: false }
	} catch (error) {
		logger.error('menu.load_failed', errorFields(error))
		return { menu: [] as MenuItem[], menuError: true }
	}
}

function Shell({ children }: { children: ReactNode }) {
	const { t } = useTranslation()
	const root = useRootData()
	const frame = useRouteLoaderData<typeof loader>('routes/_app')
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
			<div className="app-body">
				<Sidebar menu={frame?.menu ?? []} menuError={frame?.menuError ?? false} />
				<main id="main" className="app-main">
					<FlashMessage flash={root?.flash ?? null} />
					{children}
				</main>
			</div>
		</div>
	)
}

export default function AppLayout() {
	return (
		<Shell>
			<Outlet />
		</Shell>
	)
}

/** Errors of pages inside the frame (403 above all) keep the menu, so the user has a way on. */
export function ErrorBoundary() {
	const error = useRouteError()
	const { t } = useTranslation()
	if (isRouteErrorResponse(error) && error.status === 403) {
		return (
			<Shell>
				<ErrorPage status={403} title={t('errors.forbiddenTitle')} body={t('errors.forbiddenBody')} />
			</Shell>
		)
	}
	if (isRouteErrorResponse(error) && error.status === 404) {
		return (
			<Shell>
				<ErrorPage status={404} title={t('errors.notFoundTitle')} body={t('errors.notFoundBody')} />
			</Shell>
		)
	}
	throw error
}
