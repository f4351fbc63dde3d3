import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { activeTrail, menuHref, type MenuItem } from '~/permissions/menu'

/** Above this many entries a submenu is laid out in three columns (the seed's rule). */
export const COLUMNS_THRESHOLD = 15

/** The menu as a top navigation bar (horizontal layout); groups open as dropdowns without JavaScript. */
export function HorizontalNav({ menu, pathname }: { menu: MenuItem[]; pathname: string }) {
	const { t } = useTranslation()
	const trail = activeTrail(menu, pathname)
	const navRef = useRef<HTMLElement>(null)
	useClientNavigation(navRef)
	return (
		<nav ref={navRef} className="topnav" aria-label={t('menu.label')}>
			<ul className="topnav__list">
				{menu
					.filter((item) => !item.isTitle)
					.map((item) => (
						<TopNavItem key={item.code} item={item} trail={trail} />
					))}
			</ul>
		</nav>
	)
}

function TopNavItem({ item, trail }: { item: MenuItem; trail: string[] }) {
	const active = trail.includes(item.code)
	const icon = item.icon ? <i className={`bx ${item.icon}`} aria-hidden="true" /> : null
	if (item.children.length === 0) {
		const href = menuHref(item)
		return (
			<li>
				{href ? (
					<a href={href} className={`topnav__link${active ? ' active' : ''}`} aria-current={trail.at(-1) === item.code ? 'page' : undefined}>
						{icon}
						<span>{item.label}</span>
					</a>
				) : null}
			</li>
		)
	}
	const entries = item.children.filter((child) => !child.isTitle)
	return (
		<li>
			<details className="topnav__group" data-dropdown="">
				<summary className={`topnav__link${active ? ' active' : ''}`}>
					{icon}
					<span>{item.label}</span>
					<i className="bx bx-chevron-down" aria-hidden="true" />
				</summary>
				<ul className={`topnav__submenu${entries.length > COLUMNS_THRESHOLD ? ' topnav__submenu--columns' : ''}`}>
					{item.children.map((child) =>
						child.isTitle ? (
							<li key={child.code} className="topnav__title">
								{child.label}
							</li>
						) : (
							<SubmenuEntry key={child.code} item={child} trail={trail} />
						),
					)}
				</ul>
			</details>
		</li>
	)
}

function SubmenuEntry({ item, trail }: { item: MenuItem; trail: string[] }) {
	const href = menuHref(item)
	if (item.children.length > 0) {
		return (
			<li className="topnav__nested">
				<span className="topnav__nested-label">{item.label}</span>
				<ul>
					{item.children.map((child) => (
						<SubmenuEntry key={child.code} item={child} trail={trail} />
					))}
				</ul>
			</li>
		)
	}
	return (
		<li>
			{href ? (
				<a href={href} className={trail.at(-1) === item.code ? 'active' : undefined} aria-current={trail.at(-1) === item.code ? 'page' : undefined}>
					{item.label}
				</a>
			) : (
				<span>{item.label}</span>
			)}
		</li>
	)
}
