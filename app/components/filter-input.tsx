import type { InputHTMLAttributes } from 'react'

/**
 * A filter of a list's search form that is typed rather than chosen (a number, an email, a date): its label
 * above its input, as ListToolbar draws its selects; for the toolbar's `extra`. `wide` gives it the room
 * of a longer value (an email).
 */
export function FilterInput({
	id,
	label,
	wide = false,
	...input
}: { id: string; name: string; label: string; wide?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
	return (
		<div className={wide ? 'list-filters__wide' : undefined}>
			<label htmlFor={id} className="form-label">
				{label}
			</label>
			<input id={id} className="form-control" {...input} />
		</div>
	)
}
