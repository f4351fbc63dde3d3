import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { useMenuTrail } from '~/hooks/use-menu-trail'
import { MENU_ID } from './shell/menu-markup-context'

/** How far down the active entry may sit before the sidebar scrolls it into view (the seed's numbers). */
const SCROLL_THRESHOLD_PX = 500
const SCROLL_EXTRA_PX = 300
const SCROLL_DELAY_MS = 300

/**
 * The permitted menu, from the markup the server renders once per role set (see
 * components/shell/menu-markup.tsx): groups are `<details>` sharing a `name`, so opening one closes its
 * siblings (an accordion) without JavaScript; the active entry and its parents are open and marked.
 */
export function Sidebar({ html, menuError }: { html: string; menuError: boolean }) {
	const { t } = useTranslation()
	const location = useLocation()
	const { pathname } = location
	const navRef = useRef<HTMLElement>(null)
	useClientNavigation(navRef)
	useMenuTrail(navRef, location, html, { openGroups: true })

	useEffect(() => {
		const nav = navRef.current
		const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
		if (!nav || !active || active.offsetTop <= SCROLL_THRESHOLD_PX) return
		const timer = setTimeout(
			() => nav.scrollTo({ top: active.offsetTop + SCROLL_EXTRA_PX - nav.clientHeight, behavior: 'smooth' }),
			SCROLL_DELAY_MS,
		)
		return () => clearTimeout(timer)
	}, [pathname])

	return (
		<nav ref={navRef} id={MENU_ID} className="sidebar" aria-label={t('menu.label')}>
			{menuError ? (
				<p className="sidebar__notice" role="alert">
					{t('menu.loadFailed')}
				</p>
			) : null}
			<ul className="sidebar__list" dangerouslySetInnerHTML={{ __html: html }} />
		</nav>
	)
}
