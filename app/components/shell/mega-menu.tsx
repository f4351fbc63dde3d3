import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { useHydrated } from '~/hooks/use-hydrated'
import { Dropdown } from './dropdown'
import { readMegaMenuSections, type MegaMenuSection } from './mega-menu-sections'
import { MENU_ID } from './menu-markup-context'

/**
 * Every function the user may open, by section (the template's mega menu). The page holds the menu once
 * (decision 0067): without JavaScript this is a link to it (the sidebar or the top navigation); with it, a
 * dropdown whose columns are read from that menu each time it opens, its current page marked.
 */
export function MegaMenu({ hasMenu }: { hasMenu: boolean }) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	if (!hasMenu) return null
	const label = <span>{t('topbar.allFunctions')}</span>
	if (!hydrated) {
		return (
			<a href={`#${MENU_ID}`} className="topbar__button mega-menu d-none d-lg-inline-flex">
				{label}
			</a>
		)
	}
	return <MegaMenuDropdown label={label} generalHeading={t('topbar.general')} />
}

function MegaMenuDropdown({ label, generalHeading }: { label: JSX.Element; generalHeading: string }) {
	const [sections, setSections] = useState<MegaMenuSection[]>([])
	const columnsRef = useRef<HTMLDivElement>(null)
	useClientNavigation(columnsRef)
	return (
		<Dropdown
			className="mega-menu d-none d-lg-block"
			align="start"
			summary={
				<>
					{label}
					<i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
				</>
			}
			panelClassName="mega-menu__panel"
			onToggle={(event) => {
				const menu = document.getElementById(MENU_ID)
				if (event.currentTarget.open && menu) setSections(readMegaMenuSections(menu, generalHeading))
			}}
		>
			<div ref={columnsRef} className="mega-menu__columns">
				{sections.map((section, index) => (
					<section key={index}>
						<h2 className="mega-menu__heading">{section.heading}</h2>
						<ul className="mega-menu__list">
							{section.entries.map((entry, position) => (
								<li key={position}>
									<a href={entry.href} aria-current={entry.current ? 'page' : undefined}>
										{entry.label}
									</a>
								</li>
							))}
						</ul>
					</section>
				))}
			</div>
		</Dropdown>
	)
}
