import { useTranslation } from 'react-i18next'
import type { MenuItem } from '~/permissions/menu'
import { SidebarEntries } from './menu-markup'

/**
 * A role's or a user's menu as the sidebar shows it, for an administrator who does not hold it: built on
 * the server from those grants alone (`visibleMenuFor`), so it is exactly what that role or user gets.
 */
export function MenuPreview({ items, heading, id }: { items: readonly MenuItem[]; heading: string; id: string }) {
	const { t } = useTranslation()
	return (
		<section aria-labelledby={id} className="mt-4">
			<h2 className="h5" id={id}>
				{heading}
			</h2>
			{items.length === 0 ? (
				<p>{t('admin.menuPreview.empty')}</p>
			) : (
				<nav aria-labelledby={id} className="menu-preview">
					<ul className="sidebar__list">
						<SidebarEntries items={items} group={`${id}-l1`} />
					</ul>
				</nav>
			)}
		</section>
	)
}
