import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CsrfInput } from './forms'

/** One action of an IntentForm: a submit button posting `intent`. */
export interface IntentButton {
	intent: string
	className: string
	/** The button's accessible name where its text alone would not say which record (e.g. "Withdraw: <title>"). */
	label?: string
	disabled?: boolean
	children: ReactNode
}

/**
 * A POST form that is its buttons, one per intent: a table row's "sign out", "revoke", "withdraw", a saved view's
 * delete (the record named in a hidden `field`), or a page's own one-button action ("lock", "set up two-step
 * sign-in"), with a `hint` above it. The CSRF token comes with it. It works without JavaScript; `action` is the
 * page's own address when left out.
 */
export function IntentForm({
	action,
	className,
	field,
	value,
	hint,
	buttons,
}: {
	action?: string
	className?: string
	/** The hidden field that names the record, e.g. `id`; none for the page's own record. */
	field?: string
	value?: string | number
	/** A sentence above the buttons, saying what they do. */
	hint?: ReactNode
	buttons: readonly IntentButton[]
}) {
	return (
		<Form method="post" action={action} className={className}>
			<CsrfInput />
			{field === undefined ? null : <input type="hidden" name={field} value={value} />}
			{hint ? <p className="mb-2">{hint}</p> : null}
			{buttons.map((button) => (
				<button
					key={button.intent}
					type="submit"
					name="intent"
					value={button.intent}
					className={button.className}
					disabled={button.disabled}
					aria-label={button.label}
				>
					{button.children}
				</button>
			))}
		</Form>
	)
}
