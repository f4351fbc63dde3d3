/** One function of the mega menu: its link, its label and whether it is the current page. */
export interface MegaMenuEntry {
	href: string
	label: string
	current: boolean
}

/** A column of the mega menu: a group of the menu with its entries (nested groups flattened), or the top-level entries. */
export interface MegaMenuSection {
	heading: string
	entries: MegaMenuEntry[]
}

/** An entry's or a group's label in the menu's markup: the sidebar's `.sidebar__label`, the top navigation's `<span>`, else its text. */
function labelOf(element: Element): string {
	return (element.querySelector('.sidebar__label, :scope > span') ?? element).textContent?.trim() ?? ''
}

function entryOf(link: Element): MegaMenuEntry {
	return { href: link.getAttribute('href') ?? '', label: labelOf(link), current: link.getAttribute('aria-current') === 'page' }
}

/**
 * The mega menu's columns, read from the page's one copy of the menu (the sidebar or the top navigation,
 * components/shell/menu-markup.tsx): the top-level entries under `generalHeading`, then each group with
 * every link below it. The current page is marked as the menu marks it.
 */
export function readMegaMenuSections(menu: Element, generalHeading: string): MegaMenuSection[] {
	const general: MegaMenuEntry[] = []
	const groups: MegaMenuSection[] = []
	for (const item of menu.querySelector('ul')?.children ?? []) {
		const group = item.querySelector(':scope > details')
		if (group) {
			const entries = [...group.querySelectorAll('a[href]')].map(entryOf)
			const summary = group.querySelector(':scope > summary')
			if (entries.length > 0 && summary) groups.push({ heading: labelOf(summary), entries })
			continue
		}
		const link = item.querySelector(':scope > a[href]')
		if (link) general.push(entryOf(link))
	}
	return general.length > 0 ? [{ heading: generalHeading, entries: general }, ...groups] : groups
}
