import type { ReactNode } from 'react'

/**
 * A titled card of a page: a region named by its own heading (`id`), so that screen readers list it among
 * the page's landmarks. `className` places the section (a grid column), `cardClassName` styles the card.
 */
export function CardSection({
	id,
	heading,
	className,
	cardClassName,
	children,
}: {
	id: string
	heading: ReactNode
	className?: string
	cardClassName?: string
	children: ReactNode
}) {
	return (
		<section className={className} aria-labelledby={id}>
			<div className={cardClassName ? `card card-body ${cardClassName}` : 'card card-body'}>
				<h2 id={id} className="h5">
					{heading}
				</h2>
				{children}
			</div>
		</section>
	)
}
