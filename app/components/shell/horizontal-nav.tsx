import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { useMenuTrail } from '~/hooks/use-menu-trail'
import { MENU_ID } from './menu-markup-context'

/** The menu as a top navigation bar (horizontal layout), from the server's markup; groups open as dropdowns without JavaScript. */
export function HorizontalNav({ html, location }: { html: string; location: { pathname: string; search: string } }) {
	const { t } = useTranslation()
	const navRef = useRef<HTMLElement>(null)
	useClientNavigation(navRef)
	useMenuTrail(navRef, location, html, { openGroups: false })
	return (
		<nav ref={navRef} id={MENU_ID} className="topnav" aria-label={t('menu.label')}>
			<ul className="topnav__list" dangerouslySetInnerHTML={{ __html: html }} />
		</nav>
	)
}
