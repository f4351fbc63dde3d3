import { useEffect, type RefObject } from 'react'
import { bestEntry } from '~/permissions/menu'

/**
 * Marks, in a menu rendered from the server's markup (see components/shell/menu-markup.tsx), the entry
 * of the address and the groups above it, as the server does for the page it sends: the entry whose
 * `data-path` is the path (else its parent path's, `/danhmuc/tram/12` → `/danhmuc/tram`), preferring
 * one whose `data-query` the query holds, gets `aria-current="page"`, the groups above it `data-trail`
 * (and, when `openGroups`, `open`).
 */
export function markMenuTrail(
	root: HTMLElement,
	{ pathname, search }: { pathname: string; search: string },
	{ openGroups }: { openGroups: boolean },
) {
	for (const element of root.querySelectorAll('[data-menu][aria-current]')) element.removeAttribute('aria-current')
	for (const element of root.querySelectorAll('[data-trail]')) element.removeAttribute('data-trail')
	let path = pathname.replace(/\/+$/, '') || '/'
	let entry: Element | undefined
	for (;;) {
		entry = bestEntry(
			[...root.querySelectorAll(`[data-menu][data-path="${CSS.escape(path)}"]`)],
			(element) => element.getAttribute('data-query'),
			search,
		)
		if (entry || path === '/') break
		path = path.slice(0, path.lastIndexOf('/')) || '/'
	}
	if (!entry) return
	if (entry.tagName === 'A') entry.setAttribute('aria-current', 'page')
	for (let node: Element | null = entry; node && node !== root; node = node.parentElement) {
		if (node.tagName !== 'DETAILS' || !node.hasAttribute('data-menu')) continue
		node.setAttribute('data-trail', '')
		if (openGroups) node.setAttribute('open', '')
	}
}

/** Keeps the trail of a server-rendered menu in step with client-side navigations. */
export function useMenuTrail(
	container: RefObject<HTMLElement>,
	location: { pathname: string; search: string },
	html: string,
	options: { openGroups: boolean },
) {
	const { openGroups } = options
	const { pathname, search } = location
	useEffect(() => {
		if (container.current) markMenuTrail(container.current, { pathname, search }, { openGroups })
	}, [container, pathname, search, html, openGroups])
}
