import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { MENU_ID } from '~/components/shell/menu-markup-context'
import { SIDEBAR_TOGGLE_ID } from '~/components/shell/topbar'

/**
 * Without JavaScript every link loads a new page, so open dropdowns and the off-canvas menu start closed.
 * Client-side navigation keeps the DOM: close them here, so the page just chosen is not left covered.
 * Only on navigation, not when the page hydrates: what the user opened while the scripts loaded stays open.
 */
export function useCloseOnNavigation() {
	const { key } = useLocation()
	const shownKey = useRef(key)
	useEffect(() => {
		// The phone's menu opened by its address (#menu, decision 0067) stays open, now by its button's box:
		// the page's styles stop reading the address's target once hydrated, as it would outlast client-side navigations.
		const sidebarToggle = document.getElementById(SIDEBAR_TOGGLE_ID)
		const offCanvas = getComputedStyle(document.documentElement).getPropertyValue('--portal-menu-off-canvas').trim() === '1'
		if (sidebarToggle instanceof HTMLInputElement && offCanvas && document.getElementById(MENU_ID)?.matches(':target'))
			sidebarToggle.checked = !sidebarToggle.checked
	}, [])
	useEffect(() => {
		if (shownKey.current === key) return
		shownKey.current = key
		for (const dropdown of document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]')) dropdown.open = false
		const sidebarToggle = document.getElementById(SIDEBAR_TOGGLE_ID)
		if (sidebarToggle instanceof HTMLInputElement) sidebarToggle.checked = false
	}, [key])
}
