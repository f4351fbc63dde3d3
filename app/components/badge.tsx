import type { ReactNode } from 'react'

/**
 * Punctuation for text browsers and screen readers only: it keeps apart words that the layout sets apart
 * on screen (lynx and w3m ignore the CSS and would run them together).
 */
export function Separator({ text }: { text: string }) {
	return <span className="visually-hidden">{text}</span>
}

/** A badge, in parentheses for text browsers and screen readers ("Stations (3)"), plain on screen. */
export function Badge({ className, children }: { className: string; children: ReactNode }) {
	return (
		<>
			<Separator text=" (" />
			<span className={`badge ${className}`}>{children}</span>
			<Separator text=")" />
		</>
	)
}
