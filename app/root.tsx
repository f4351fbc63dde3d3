import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	isRouteErrorResponse,
	useRouteError,
	type ShouldRevalidateFunction,
} from '@remix-run/react'
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from 'remix-i18next/react'
import { ErrorPage, errorTexts } from './components/error-page'
import { pageTitle } from './utils/meta'
import { DEFAULT_LANGUAGE, languageTag } from './i18n/languages'
import appStylesHref from './styles/app.css'
// Written by the build: Bootstrap's rules for the classes the app uses (scripts/used-css.mjs).
import bootstrapHref from './styles/bootstrap.used.css'
import { useRootData } from './utils/root-data'
import type { loader as rootLoader } from './root.server'
import { useNonce } from './utils/nonce'
import { DEFAULT_LAYOUT, bodyAttributes } from './layout/settings'
import { checkVersion } from './layout/version-check'
import { useEffect } from 'react'

/** The title of pages that name none of their own. */
export const meta: MetaFunction<typeof rootLoader> = ({ matches }) => pageTitle(undefined, matches)

export const links: LinksFunction = () => [
	{ rel: 'stylesheet', href: bootstrapHref },
	{ rel: 'stylesheet', href: '/vendor/boxicons/css/boxicons.min.css' },
	{ rel: 'stylesheet', href: appStylesHref },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export { loader } from './root.server'

// The session, language and flash can change after any form post; plain navigations re-read them too.
export const shouldRevalidate: ShouldRevalidateFunction = () => true

export function Layout({ children }: { children: ReactNode }) {
	const data = useRootData()
	const language = data?.language ?? DEFAULT_LANGUAGE
	const nonce = useNonce()
	useHydratedMark()
	return (
		<html lang={languageTag(language)} data-language={language}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body {...bodyAttributes(data?.layout ?? DEFAULT_LAYOUT)}>
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	const data = useRootData()
	useChangeLanguage(data?.language ?? DEFAULT_LANGUAGE)
	useVersionCheck(data?.build)
	return <Outlet />
}

/**
 * Marks `<html data-hydrated>` once the page's scripts have taken over. The layout's effects run after those
 * of every route below it, so from then on no start-up effect can undo what a user does (browser tests and
 * synthetic checks wait for it).
 */
function useHydratedMark() {
	useEffect(() => {
		document.documentElement.setAttribute('data-hydrated', '')
	}, [])
}

/** The seed's start-up check: a browser that last ran another build reloads once. */
function useVersionCheck(build: { version: string; buildDate: string } | undefined) {
	useEffect(() => {
		if (!build) return
		try {
			if (checkVersion(window.localStorage, build) === 'reload') window.location.reload()
		} catch {
			/* storage unavailable (private mode, policy): nothing to compare with */
		}
	}, [build])
}

export function ErrorBoundary() {
	const error = useRouteError()
	const { t } = useTranslation()
	if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
		const texts = errorTexts(error.status, error.data)
		return <ErrorPage status={error.status} title={t(texts.title)} body={t(texts.body)} />
	}
	const texts = errorTexts(500, null)
	return <ErrorPage status={500} title={t(texts.title)} body={t(texts.body)} />
}
