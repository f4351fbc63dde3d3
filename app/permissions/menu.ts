import type { FunctionRow } from '~/db/schema'
import { can, type Grants } from './grants'

export interface MenuItem {
	code: string
	label: string
	icon: string | null
	path: string | null
	param: string | null
	isTitle: boolean
	/** The seed's `isLayout`: reachable, not shown. */
	isHidden: boolean
	badge: { text: string; variant: string } | null
	children: MenuItem[]
}

export type MenuFunction = Pick<
	FunctionRow,
	'id' | 'code' | 'parent_id' | 'sort_order' | 'label_key' | 'labels' | 'icon' | 'path' | 'param' | 'is_title' | 'is_hidden' | 'badge_text' | 'badge_variant'
>

/** Turns a function's label key and per-language overrides into the text for `language`. */
export type Translate = (fn: MenuFunction) => string

export const MAX_MENU_DEPTH = 3

/** The function tree, indexed once (per change of the functions), walked per request. */
export interface MenuIndex {
	childrenOf: ReadonlyMap<number | null, readonly MenuFunction[]>
	codeOf: ReadonlyMap<number, string>
}

export function indexMenu(functions: readonly MenuFunction[]): MenuIndex {
	const childrenOf = new Map<number | null, MenuFunction[]>()
	for (const fn of functions) {
		const siblings = childrenOf.get(fn.parent_id) ?? []
		siblings.push(fn)
		childrenOf.set(fn.parent_id, siblings)
	}
	for (const siblings of childrenOf.values()) siblings.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
	return { childrenOf, codeOf: new Map(functions.map((fn) => [fn.id, fn.code])) }
}

/**
 * The menu a user sees: a function is visible when the user has `view` on it, and always under its
 * ancestors: an ancestor the user may not view is shown as a group only (no link of its own) when
 * something below it is visible. A parent needs at least one visible child; a title needs a visible
 * entry after it (before the next title). Hidden entries are kept (flagged) for the API and left out of
 * rendered menus by `visibleItems`. At most three levels.
 */
export function buildMenu({ childrenOf }: MenuIndex, grants: Grants, translate: Translate): MenuItem[] {
	const build = (parentId: number | null, depth: number): MenuItem[] => {
		const items: MenuItem[] = []
		for (const fn of childrenOf.get(parentId) ?? []) {
			if (fn.is_title) {
				items.push(toItem(fn, translate, [], { linked: true }))
				continue
			}
			// Below the third level the tree is cut: a third-level entry is shown as a leaf.
			const hasChildren = depth < MAX_MENU_DEPTH && (childrenOf.get(fn.id)?.length ?? 0) > 0
			const children = hasChildren ? build(fn.id, depth + 1) : []
			const showsChild = children.some((child) => !child.isTitle)
			if (hasChildren && !showsChild) continue
			const viewable = can(grants, fn.code, 'view')
			if (!viewable && !showsChild) continue
			items.push(toItem(fn, translate, children, { linked: viewable }))
		}
		return dropEmptyTitles(items)
	}
	return build(null, 1)
}

function toItem(fn: MenuFunction, translate: Translate, children: MenuItem[], { linked }: { linked: boolean }): MenuItem {
	return {
		code: fn.code,
		label: translate(fn),
		icon: fn.icon,
		path: linked ? fn.path : null,
		param: linked ? fn.param : null,
		isTitle: Boolean(fn.is_title),
		isHidden: Boolean(fn.is_hidden),
		badge: fn.badge_text ? { text: fn.badge_text, variant: fn.badge_variant ?? 'primary' } : null,
		children,
	}
}

function dropEmptyTitles(items: MenuItem[]): MenuItem[] {
	return items.filter((item, index) => {
		if (!item.isTitle) return true
		for (const next of items.slice(index + 1)) {
			if (next.isTitle) return false
			if (!next.isHidden) return true
		}
		return false
	})
}

/** What a rendered menu shows: hidden entries removed, and groups left with nothing to show. */
export function visibleItems(items: readonly MenuItem[]): MenuItem[] {
	const result: MenuItem[] = []
	for (const item of items) {
		if (item.isHidden) continue
		if (item.children.length === 0) {
			result.push(item)
			continue
		}
		const children = visibleItems(item.children)
		if (children.some((child) => !child.isTitle)) result.push({ ...item, children })
	}
	return dropEmptyTitles(result)
}

/** The first page a user may open, in menu order (`/` lands there). */
export function firstPage(items: readonly MenuItem[]): MenuItem | null {
	for (const item of items) {
		if (item.isTitle || item.isHidden) continue
		if (item.children.length > 0) {
			const nested = firstPage(item.children)
			if (nested) return nested
		} else if (item.path) {
			return item
		}
	}
	return null
}

/** Where an entry links: its path, with its route parameter as a sub-path (`/x`) or a query (`a=1`). */
export function menuHref(item: Pick<MenuItem, 'path' | 'param'>): string | null {
	if (!item.path) return null
	if (!item.param) return item.path
	return item.param.startsWith('/') ? `${item.path}${item.param}` : `${item.path}?${item.param}`
}

/**
 * The active entry for a path: the entry whose path matches, else the one matching the parent path
 * (`/danhmuc/tram/12` → `/danhmuc/tram`). Returns the codes from the top level down to it.
 */
export function activeTrail(items: readonly MenuItem[], pathname: string): string[] {
	const find = (path: string, nodes: readonly MenuItem[], trail: string[]): string[] | null => {
		for (const node of nodes) {
			const here = [...trail, node.code]
			if (node.path === path) return here
			const nested = find(path, node.children, here)
			if (nested) return nested
		}
		return null
	}
	let path = pathname.replace(/\/+$/, '') || '/'
	while (path) {
		const trail = find(path, items, [])
		if (trail) return trail
		if (path === '/') break
		path = path.slice(0, path.lastIndexOf('/')) || '/'
	}
	return []
}
