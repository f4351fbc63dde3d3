import { useNavigate } from '@remix-run/react'
import { useEffect, type RefObject } from 'react'

/**
 * Client-side navigation for the plain `<a href>` links inside `container`, with one listener for all of
 * them. Menus use it instead of a Remix `<Link>` per entry: a user granted 2,000 functions has 2,000 menu
 * entries, and a `<Link>` per entry made rendering the page cost far more than its data. Without
 * JavaScript the links are ordinary links; a modified click, another target or another origin is left to
 * the browser.
 */
export function useClientNavigation(container: RefObject<HTMLElement>) {
	const navigate = useNavigate()
	useEffect(() => {
		const root = container.current
		if (!root) return
		const onClick = (event: MouseEvent) => {
			if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
			const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
			if (!(anchor instanceof HTMLAnchorElement) || !root.contains(anchor)) return
			if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
			const url = new URL(anchor.href, window.location.href)
			if (url.origin !== window.location.origin) return
			event.preventDefault()
			navigate(url.pathname + url.search + url.hash)
		}
		root.addEventListener('click', onClick)
		return () => root.removeEventListener('click', onClick)
	}, [container, navigate])
}
