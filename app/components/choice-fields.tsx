import type { InputHTMLAttributes, ReactNode } from 'react'
import type { FieldError } from '~/utils/form.server'
import { fieldId, useFieldErrorText } from './forms'

/** A labelled checkbox (or radio, given `type`) in Bootstrap's `form-check`, `className` added to it; `as` is its element (`li` in a list). */
export function CheckField({
	id,
	label,
	className,
	as: Wrapper = 'div',
	...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { id: string; label: ReactNode; className?: string; as?: 'div' | 'li' }) {
	return (
		<Wrapper className={className ? `form-check ${className}` : 'form-check'}>
			<input className="form-check-input" type="checkbox" id={id} {...input} />
			<label className="form-check-label" htmlFor={id}>
				{label}
			</label>
		</Wrapper>
	)
}

/**
 * A group of checkboxes or radios under its legend, with the group's translated error above them and tied to
 * the group; its id is `fieldId(name)`, where the error summary links.
 */
export function ChoiceFieldset({
	name,
	legend,
	error,
	children,
}: {
	name: string
	legend: string
	error?: FieldError
	children: ReactNode
}) {
	const errorText = useFieldErrorText()(error)
	const errorId = `${name}-error`
	return (
		<fieldset id={fieldId(name)} className="mb-3" aria-describedby={errorText ? errorId : undefined}>
			<legend className="form-label fs-6">{legend}</legend>
			{errorText ? (
				<div id={errorId} className="invalid-feedback d-block">
					{errorText}
				</div>
			) : null}
			{children}
		</fieldset>
	)
}
