import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { menuHref, type MenuItem } from '~/permissions/menu'
import { Dropdown } from './dropdown'

function leaves(item: MenuItem): MenuItem[] {
	return item.children.length === 0 ? [item] : item.children.flatMap(leaves)
}

/** Every function the user may open, by section: the real content of the template's mega menu. */
export function MegaMenu({ menu }: { menu: MenuItem[] }) {
	const { t } = useTranslation()
	const columnsRef = useRef<HTMLDivElement>(null)
	useClientNavigation(columnsRef)
	const sections = menu.filter((item) => !item.isTitle)
	if (sections.length === 0) return null
	const standalone = sections.filter((item) => item.children.length === 0)
	const groups = sections.filter((item) => item.children.length > 0)
	return (
		<Dropdown
			className="mega-menu d-none d-lg-block"
			align="start"
			summary={
				<>
					<span>{t('topbar.allFunctions')}</span>
					<i className="bx bx-chevron-down" aria-hidden="true" />
				</>
			}
			panelClassName="mega-menu__panel"
		>
			<div ref={columnsRef} className="mega-menu__columns">
				{standalone.length > 0 ? (
					<section>
						<h2 className="mega-menu__heading">{t('topbar.general')}</h2>
						<MegaList items={standalone} />
					</section>
				) : null}
				{groups.map((group) => (
					<section key={group.code}>
						<h2 className="mega-menu__heading">{group.label}</h2>
						<MegaList items={leaves(group)} />
					</section>
				))}
			</div>
		</Dropdown>
	)
}

function MegaList({ items }: { items: MenuItem[] }) {
	return (
		<ul className="mega-menu__list">
			{items
				.filter((item) => !item.isTitle && menuHref(item))
				.map((item) => (
					<li key={item.code}>
						<a href={menuHref(item)!}>{item.label}</a>
					</li>
				))}
		</ul>
	)
}
