import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData, useSearchParams } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorPage, errorTexts } from '~/components/error-page'
import { Footer } from '~/components/shell/footer'
import { HorizontalNav } from '~/components/shell/horizontal-nav'
import { ProgressBar } from '~/components/shell/progress-bar'
import { Toasts } from '~/components/shell/toasts'
import { Topbar } from '~/components/shell/topbar'
import { Sidebar } from '~/components/sidebar'
import { getSessionState, idleExpiresInMs, touchIntervalMs } from '~/auth/session.server'
import { getConfig } from '~/config.server'
import { useSessionExpiry } from '~/hooks/use-session-expiry'
import { SessionExpiryNotice } from '~/components/shell/session-expiry'
import { useCloseOnNavigation } from '~/hooks/use-close-on-navigation'
import { useDropdownDismiss } from '~/hooks/use-dropdown-dismiss'
import { getLanguage } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE } from '~/i18n/languages'
import { DEFAULT_LAYOUT } from '~/layout/settings'
import { DROPDOWN_SIZE, bellNotifications } from '~/notifications/notifications.server'
import { routeHandle } from '~/permissions/access'
import { requireUserWithGrants } from '~/permissions/grants.server'
import { menuMarkup, menuMarkupStrings, type MenuMarkupParts } from '~/components/shell/menu-markup.server'
import { DOCUMENT_MENU, useMenuMarkup } from '~/components/shell/menu-markup-context'
import { isDocumentRequest, setRenderOnly } from '~/utils/render-only.server'
import { getLayoutSettings } from '~/layout/settings.server'
import { errorFields, logger } from '~/utils/logger.server'
import { useRootData } from '~/utils/root-data'

export const handle = routeHandle({ authenticated: true })

const NO_MENU: MenuMarkupParts = { nav: [] }

function loadMenu(...args: Parameters<typeof menuMarkup>): { menu: MenuMarkupParts; menuError: boolean } {
	try {
		return { menu: menuMarkup(...args), menuError: false }
	} catch (error) {
		logger.error('menu.load_failed', errorFields(error))
		return { menu: NO_MENU, menuError: true }
	}
}

/** The authenticated frame: menu, notifications, launcher. Each child route still checks its own permission. */
export async function loader({ request }: LoaderFunctionArgs) {
	const [{ user, ...access }, language] = await Promise.all([requireUserWithGrants(request), getLanguage(request)])
	const config = getConfig()
	const url = new URL(request.url)
	const { menu, menuError } = loadMenu(access, language, {
		layout: getLayoutSettings(request).layout,
		pathname: url.pathname,
		search: url.search,
	})
	// A document carries the menu in its markup; only client-side data requests get it as data.
	const documentRequest = isDocumentRequest()
	if (documentRequest) setRenderOnly(DOCUMENT_MENU, menu)
	const bell = await bellNotifications(user.id, DROPDOWN_SIZE)
	return {
		menu: documentRequest ? null : menuMarkupStrings(menu),
		menuError,
		notifications: bell,
		apps: config.launcher,
		helpUrl: config.helpUrl,
		activityIntervalMs: touchIntervalMs(config.session.idleMs),
		idleExpiresInMs: idleExpiresInMs(await getSessionState(request), config.session.idleMs),
	}
}

function Shell({ children }: { children: ReactNode }) {
	const root = useRootData()
	const frame = useRouteLoaderData<typeof loader>('routes/_app')
	const location = useLocation()
	const { pathname } = location
	const [searchParams] = useSearchParams()
	useDropdownDismiss()
	useCloseOnNavigation()
	const session = useSessionExpiry({
		intervalMs: frame?.activityIntervalMs ?? 60_000,
		expiresInMs: frame?.idleExpiresInMs ?? null,
		dataKey: frame,
	})
	const layout = root?.layout ?? DEFAULT_LAYOUT
	const menu = useMenuMarkup(frame?.menu)
	return (
		<div className="app-shell">
			<ProgressBar />
			<SkipLink />
			<Topbar
				hasMenu={menu.nav !== ''}
				language={root?.language ?? DEFAULT_LANGUAGE}
				user={{ displayName: root?.user?.displayName ?? '', email: root?.user?.email ?? '' }}
				notifications={frame?.notifications ?? { unread: 0, latest: [] }}
				apps={frame?.apps ?? []}
				helpUrl={frame?.helpUrl ?? null}
				layout={layout}
				searchQuery={pathname === '/search' ? (searchParams.get('q') ?? '') : undefined}
			/>
			{layout.layout === 'horizontal' ? <HorizontalNav html={menu.nav} location={location} /> : null}
			<div className="app-body">
				{layout.layout === 'vertical' ? <Sidebar html={menu.nav} menuError={frame?.menuError ?? false} /> : null}
				<div className="app-content">
					<main id="main" className="app-main" tabIndex={-1}>
						<Toasts flash={root?.flash ?? null} />
						<SessionExpiryNotice session={session} onStay={session.stay} />
						{layout.layout === 'horizontal' && frame?.menuError ? <MenuErrorNotice /> : null}
						{children}
					</main>
					<Footer
						version={root?.build.version ?? ''}
						buildDate={root?.build.buildDate ?? new Date(0).toISOString()}
						commit={root?.build.commit ?? 'unknown'}
					/>
				</div>
			</div>
		</div>
	)
}

function SkipLink() {
	const { t } = useTranslation()
	return (
		<a href="#main" className="visually-hidden-focusable skip-link">
			{t('app.skipToContent')}
		</a>
	)
}

function MenuErrorNotice() {
	const { t } = useTranslation()
	return (
		<p className="alert alert-danger" role="alert">
			{t('menu.loadFailed')}
		</p>
	)
}

export default function AppLayout() {
	return (
		<Shell>
			<Outlet />
		</Shell>
	)
}

/** A refused request inside the frame (403 above all, 404, 400) keeps the menu, so the user has a way on. */
export function ErrorBoundary() {
	const error = useRouteError()
	const { t } = useTranslation()
	if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
		const texts = errorTexts(error.status, error.data)
		return (
			<Shell>
				<ErrorPage status={error.status} title={t(texts.title)} body={t(texts.body)} />
			</Shell>
		)
	}
	throw error
}
