import { useId, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldError } from '~/utils/form.server'
import { useRootData } from '~/utils/root-data'

/** The hidden per-form CSRF token every POST form carries. */
export function CsrfInput() {
	const root = useRootData()
	return <input type="hidden" name="csrf" value={root?.csrfToken ?? ''} />
}

export function useFieldErrorText() {
	const { t } = useTranslation()
	return (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined)
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
	name: string
	label: string
	error?: FieldError
	hint?: string
}

/** A labelled input with its hint and translated error, wired for screen readers. */
export function Field({ name, label, error, hint, id, ...input }: FieldProps) {
	const generated = useId()
	const inputId = id ?? `${name}-${generated}`
	const errorText = useFieldErrorText()(error)
	const hintId = hint ? `${inputId}-hint` : undefined
	const errorId = errorText ? `${inputId}-error` : undefined
	return (
		<div className="mb-3">
			<label htmlFor={inputId} className="form-label">
				{label}
			</label>
			<input
				id={inputId}
				name={name}
				className={`form-control${errorText ? ' is-invalid' : ''}`}
				aria-invalid={errorText ? true : undefined}
				aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
				{...input}
			/>
			{hint ? (
				<div id={hintId} className="form-text">
					{hint}
				</div>
			) : null}
			{errorText ? (
				<div id={errorId} className="invalid-feedback d-block">
					{errorText}
				</div>
			) : null}
		</div>
	)
}

/** A form-level message (not tied to one field), announced to screen readers. */
export function FormAlert({ message, tone = 'danger' }: { message?: string | null; tone?: 'danger' | 'info' | 'success' }) {
	if (!message) return null
	return (
		<div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
			{message}
		</div>
	)
}
