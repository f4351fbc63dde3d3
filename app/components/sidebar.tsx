import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useClientNavigation } from '~/hooks/use-client-navigation'
import { activeTrail, menuHref, type MenuItem } from '~/permissions/menu'

/** How far down the active entry may sit before the sidebar scrolls it into view (the seed's numbers). */
const SCROLL_THRESHOLD_PX = 500
const SCROLL_EXTRA_PX = 300
const SCROLL_DELAY_MS = 300

/**
 * The permitted menu. Groups are `<details>` sharing a `name`, so opening one closes its siblings
 * (an accordion) without JavaScript; the active entry and its parents are open and marked.
 */
export function Sidebar({ menu, menuError }: { menu: MenuItem[]; menuError: boolean }) {
	const { t } = useTranslation()
	const { pathname } = useLocation()
	const trail = activeTrail(menu, pathname)
	const navRef = useRef<HTMLElement>(null)
	useClientNavigation(navRef)

	useEffect(() => {
		const nav = navRef.current
		const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
		if (!nav || !active || active.offsetTop <= SCROLL_THRESHOLD_PX) return
		const timer = setTimeout(() => nav.scrollTo({ top: active.offsetTop + SCROLL_EXTRA_PX - nav.clientHeight, behavior: 'smooth' }), SCROLL_DELAY_MS)
		return () => clearTimeout(timer)
	}, [pathname])

	return (
		<nav ref={navRef} className="sidebar" aria-label={t('menu.label')}>
			{menuError ? (
				<p className="sidebar__notice" role="alert">
					{t('menu.loadFailed')}
				</p>
			) : null}
			<ul className="sidebar__list">
				{menu.map((item) => (
					<MenuNode key={item.code} item={item} trail={trail} depth={1} group="menu-l1" />
				))}
			</ul>
		</nav>
	)
}

function MenuNode({ item, trail, depth, group }: { item: MenuItem; trail: string[]; depth: number; group: string }) {
	const onTrail = trail.includes(item.code)
	const isActive = trail[trail.length - 1] === item.code
	if (item.isTitle) {
		return <li className="sidebar__title">{item.label}</li>
	}
	const content = (
		<>
			{item.icon ? <i className={`bx ${item.icon}`} aria-hidden="true" /> : null}
			<span className="sidebar__label">{item.label}</span>
			{item.badge ? <span className={`badge rounded-pill text-bg-${item.badge.variant} sidebar__badge`}>{item.badge.text}</span> : null}
		</>
	)
	if (item.children.length > 0) {
		return (
			<li className={`sidebar__group${onTrail ? ' sidebar__group--active' : ''}`}>
				<details name={group} open={onTrail}>
					<summary className="sidebar__link">{content}</summary>
					<ul className="sidebar__list sidebar__list--nested">
						{item.children.map((child) => (
							<MenuNode key={child.code} item={child} trail={trail} depth={depth + 1} group={`${group}-${item.code}`} />
						))}
					</ul>
				</details>
			</li>
		)
	}
	const href = menuHref(item)
	return (
		<li>
			{href ? (
				<a href={href} className={`sidebar__link${isActive ? ' active' : ''}`} aria-current={isActive ? 'page' : undefined}>
					{content}
				</a>
			) : (
				<span className="sidebar__link">{content}</span>
			)}
		</li>
	)
}
