import { entryLocation, menuHref, type MenuItem } from '~/permissions/menu'
import { Badge } from '~/components/badge'

/**
 * The menu's markup, without any active entry: rendered once per role set, language and access version
 * on the server (app/permissions/menu-markup.server.ts) and reused by every page. Each entry that can be
 * on the active trail carries `data-menu` (its code), `data-path` (where its page is) and, for a query
 * parameter, `data-query` (what the address's query must hold): the server marks the trail by
 * inserting attributes right after `data-menu="…"`, the browser after a client-side navigation by
 * setting the same attributes (`aria-current="page"` on the entry, `data-trail` and, in the sidebar,
 * `open` on the groups above it).
 */

/** Where an entry's page is, as the attributes the trail is found by (see hooks/use-menu-trail.ts). */
function locationData(item: MenuItem) {
	const { path, query } = entryLocation(item)
	return { 'data-path': path ?? undefined, 'data-query': query ?? undefined }
}

/** Above this many entries a submenu of the top navigation is laid out in three columns (the seed's rule). */
export const COLUMNS_THRESHOLD = 15

function entryContent(item: MenuItem) {
	return (
		<>
			{item.icon ? <i className={`bx ${item.icon}`} aria-hidden="true" /> : null}
			<span className="sidebar__label">{item.label}</span>
			{item.badge ? <Badge className={`rounded-pill text-bg-${item.badge.variant} sidebar__badge`}>{item.badge.text}</Badge> : null}
		</>
	)
}

/** The sidebar's entries: groups are `<details>` sharing a `name`, an accordion without JavaScript. */
export function SidebarEntries({ items, group = 'menu-l1' }: { items: readonly MenuItem[]; group?: string }) {
	return (
		<>
			{items.map((item) => {
				if (item.isTitle) {
					return (
						<li key={item.code} className="sidebar__title">
							{item.label}
						</li>
					)
				}
				if (item.children.length > 0) {
					return (
						<li key={item.code} className="sidebar__group">
							<details data-menu={item.code} {...locationData(item)} name={group}>
								<summary className="sidebar__link">
									{entryContent(item)}
									<i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
								</summary>
								<ul className="sidebar__list sidebar__list--nested">
									<SidebarEntries items={item.children} group={`${group}-${item.code}`} />
								</ul>
							</details>
						</li>
					)
				}
				const href = menuHref(item)
				return (
					<li key={item.code}>
						{href ? (
							<a data-menu={item.code} {...locationData(item)} href={href} className="sidebar__link">
								{entryContent(item)}
							</a>
						) : (
							<span className="sidebar__link">{entryContent(item)}</span>
						)}
					</li>
				)
			})}
		</>
	)
}

/** The top navigation's entries (horizontal layout): groups open as dropdowns without JavaScript. */
export function TopNavEntries({ items }: { items: readonly MenuItem[] }) {
	return (
		<>
			{items
				.filter((item) => !item.isTitle)
				.map((item) => {
					const icon = item.icon ? <i className={`bx ${item.icon}`} aria-hidden="true" /> : null
					if (item.children.length === 0) {
						const href = menuHref(item)
						return (
							<li key={item.code}>
								{href ? (
									<a data-menu={item.code} {...locationData(item)} href={href} className="topnav__link">
										{icon}
										<span>{item.label}</span>
									</a>
								) : null}
							</li>
						)
					}
					const entries = item.children.filter((child) => !child.isTitle)
					return (
						<li key={item.code}>
							<details data-menu={item.code} {...locationData(item)} className="topnav__group" data-dropdown="">
								<summary className="topnav__link">
									{icon}
									<span>{item.label}</span>
									<i className="bx bx-chevron-down disclosure-icon" aria-hidden="true" />
								</summary>
								<ul className={`topnav__submenu${entries.length > COLUMNS_THRESHOLD ? ' topnav__submenu--columns' : ''}`}>
									{item.children.map((child) =>
										child.isTitle ? (
											<li key={child.code} className="topnav__title">
												{child.label}
											</li>
										) : (
											<SubmenuEntry key={child.code} item={child} />
										),
									)}
								</ul>
							</details>
						</li>
					)
				})}
		</>
	)
}

function SubmenuEntry({ item }: { item: MenuItem }) {
	const href = menuHref(item)
	if (item.children.length > 0) {
		return (
			<li className="topnav__nested" data-menu={item.code} {...locationData(item)}>
				<span className="topnav__nested-label">{item.label}</span>
				<ul>
					{item.children.map((child) => (
						<SubmenuEntry key={child.code} item={child} />
					))}
				</ul>
			</li>
		)
	}
	return (
		<li>
			{href ? (
				<a data-menu={item.code} {...locationData(item)} href={href}>
					{item.label}
				</a>
			) : (
				<span>{item.label}</span>
			)}
		</li>
	)
}
