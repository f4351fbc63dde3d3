import { useEffect } from 'react'

/**
 * Dropdowns are `<details data-dropdown>`: they open without JavaScript. With it, a click outside
 * or Escape closes them (Escape returns focus to the dropdown's button), and opening one closes the others.
 */
export function useDropdownDismiss() {
	useEffect(() => {
		const openDropdowns = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]')]
		const onClick = (event: MouseEvent) => {
			const target = event.target as Node
			for (const dropdown of openDropdowns()) if (!dropdown.contains(target)) dropdown.open = false
		}
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== 'Escape') return
			for (const dropdown of openDropdowns()) {
				const hadFocus = dropdown.contains(document.activeElement)
				dropdown.open = false
				if (hadFocus) dropdown.querySelector('summary')?.focus()
			}
		}
		const onToggle = (event: Event) => {
			const opened = event.target as HTMLDetailsElement
			if (!opened.matches?.('details[data-dropdown]') || !opened.open) return
			for (const dropdown of openDropdowns()) if (dropdown !== opened && !dropdown.contains(opened)) dropdown.open = false
		}
		document.addEventListener('click', onClick)
		document.addEventListener('keydown', onKeyDown)
		document.addEventListener('toggle', onToggle, true)
		return () => {
			document.removeEventListener('click', onClick)
			document.removeEventListener('keydown', onKeyDown)
			document.removeEventListener('toggle', onToggle, true)
		}
	}, [])
}
