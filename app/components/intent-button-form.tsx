import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CsrfInput } from './forms'

/** A form that is one button posting `intent` (to `action`, else the page), a hint above it when given. */
export function IntentButtonForm({
	intent,
	action,
	className,
	hint,
	buttonClassName,
	disabled,
	children,
}: {
	intent: string
	action?: string
	className?: string
	hint?: ReactNode
	buttonClassName: string
	disabled?: boolean
	children: ReactNode
}) {
	return (
		<Form method="post" action={action} className={className}>
			<CsrfInput />
			{hint ? <p className="mb-2">{hint}</p> : null}
			<input type="hidden" name="intent" value={intent} />
			<button type="submit" className={buttonClassName} disabled={disabled}>
				{children}
			</button>
		</Form>
	)
}
