import type { FunctionRow } from '~/db/schema'
import { fullyDecoded, isSitePath } from '~/utils/redirect'
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
	| 'id'
	| 'code'
	| 'parent_id'
	| 'sort_order'
	| 'label_key'
	| 'labels'
	| 'icon'
	| 'path'
	| 'param'
	| 'is_title'
	| 'is_hidden'
	| 'badge_text'
	| 'badge_variant'
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

const SCHEME = /^[a-z][a-z\d+.-]*:/i

/**
 * Whether a route parameter is a sub-path (`/active`) or a query (`status=active`) that cannot lead off the
 * site, whatever it is joined to (the old client joins them itself): fully decoded, no `//`, no scheme, and
 * a site path (no backslash or control character) as a sub-path or as the query of one.
 */
export function isSiteParam(param: string): boolean {
	const decoded = fullyDecoded(param)
	if (decoded === null || decoded.includes('//') || SCHEME.test(decoded)) return false
	return isSitePath(param.startsWith('/') ? param : `/?${param}`)
}

/**
 * Whether a function's page is a path of this site: its path, its parameter, and the link they make
 * together. The form refuses anything else; a row written before it did (or by hand) is shown without a
 * link, and so gives no link, redirect or API path anywhere.
 */
export function linksOnSite(fn: Pick<MenuFunction, 'path' | 'param'>): boolean {
	if (fn.path === null || !isSitePath(fn.path)) return false
	return fn.param === null || (isSiteParam(fn.param) && isSitePath(menuHref(fn)!))
}

function toItem(fn: MenuFunction, translate: Translate, children: MenuItem[], { linked }: { linked: boolean }): MenuItem {
	const onSite = linked && linksOnSite(fn)
	return {
		code: fn.code,
		label: translate(fn),
		icon: fn.icon,
		path: onSite ? fn.path : null,
		param: onSite ? fn.param : null,
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

/**
 * Where an entry's page is: its path, with a sub-path parameter (`/x`) appended, and the query a query
 * parameter (`a=1`) asks for.
 */
export function entryLocation(item: Pick<MenuItem, 'path' | 'param'>): { path: string | null; query: string | null } {
	if (!item.path || !item.param) return { path: item.path, query: null }
	return item.param.startsWith('/') ? { path: `${item.path}${item.param}`, query: null } : { path: item.path, query: item.param }
}

/** Where an entry links: its path, with its route parameter as a sub-path (`/x`) or a query (`a=1`). */
export function menuHref(item: Pick<MenuItem, 'path' | 'param'>): string | null {
	const { path, query } = entryLocation(item)
	return path && query ? `${path}?${query}` : path
}

/** Whether the address's query (`?…`) holds every name=value of an entry's query parameter. */
export function queryMatches(query: string, search: string): boolean {
	const current = new URLSearchParams(search)
	for (const [name, value] of new URLSearchParams(query)) if (!current.getAll(name).includes(value)) return false
	return true
}

/**
 * Of the entries at one path, the one for the address's query: one whose query parameter it holds, else
 * one without a query parameter, else the first (the server and the browser choose alike).
 */
export function bestEntry<T>(entries: readonly T[], queryOf: (entry: T) => string | null, search: string): T | undefined {
	return (
		entries.find((entry) => {
			const query = queryOf(entry)
			return query !== null && queryMatches(query, search)
		}) ??
		entries.find((entry) => queryOf(entry) === null) ??
		entries[0]
	)
}

/** The entries of a menu by the path of their page, each with the codes from the top level down to it, in menu order. */
const entriesByPath = new WeakMap<readonly MenuItem[], Map<string, { trail: string[]; query: string | null }[]>>()

function pathIndex(items: readonly MenuItem[]) {
	let index = entriesByPath.get(items)
	if (!index) {
		const built = new Map<string, { trail: string[]; query: string | null }[]>()
		const walk = (nodes: readonly MenuItem[], trail: string[]) => {
			for (const node of nodes) {
				const here = [...trail, node.code]
				const { path, query } = entryLocation(node)
				if (path) built.set(path, [...(built.get(path) ?? []), { trail: here, query }])
				walk(node.children, here)
			}
		}
		walk(items, [])
		entriesByPath.set(items, built)
		index = built
	}
	return index
}

/**
 * The active entry for an address: the entry whose page is at the path (else at the parent path,
 * `/danhmuc/tram/12` → `/danhmuc/tram`), preferring one whose query parameter the query holds (see
 * `bestEntry`). Returns the codes from the top level down to it.
 */
export function activeTrail(items: readonly MenuItem[], pathname: string, search = ''): string[] {
	const index = pathIndex(items)
	let path = pathname.replace(/\/+$/, '') || '/'
	for (;;) {
		const entries = index.get(path)
		if (entries) return bestEntry(entries, (entry) => entry.query, search)!.trail
		if (path === '/') return []
		path = path.slice(0, path.lastIndexOf('/')) || '/'
	}
}
