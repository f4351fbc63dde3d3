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
 * A POST form acting on one record of a list (a table row's "sign out", "revoke", "withdraw", a saved view's
 * delete): the CSRF token, the record in a hidden field, a submit button per intent. It works without
 * JavaScript; `action` is the list's own address when left out.
 */
export function IntentForm({
	action,
	className,
	field,
	value,
	buttons,
}: {
	action?: string
	className?: string
	/** The hidden field that names the record, e.g. `id`. */
	field: string
	value: string | number
	buttons: readonly IntentButton[]
}) {
	return (
		<Form method="post" action={action} className={className}>
			<CsrfInput />
			<input type="hidden" name={field} value={value} />
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
