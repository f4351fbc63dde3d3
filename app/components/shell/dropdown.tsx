import type { ReactNode, SyntheticEvent } from 'react'

/**
 * A top-bar dropdown that opens without JavaScript (`<details>`); `useDropdownDismiss` adds Escape and
 * outside-click closing once JavaScript runs.
 */
export function Dropdown({
	summary,
	children,
	className = '',
	panelClassName = '',
	align = 'end',
	onToggle,
}: {
	summary: ReactNode
	children: ReactNode
	className?: string
	panelClassName?: string
	align?: 'start' | 'end'
	onToggle?: (event: SyntheticEvent<HTMLDetailsElement>) => void
}) {
	return (
		<details className={`dropdown-details ${className}`} data-dropdown="" onToggle={onToggle}>
			<summary className="topbar__button">{summary}</summary>
			<div className={`dropdown-panel dropdown-panel--${align} ${panelClassName}`}>{children}</div>
		</details>
	)
}
