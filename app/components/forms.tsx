import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
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

/** The ids and ARIA wiring of a labelled control with an optional hint and error. */
function useDescribedControl(name: string, id: string | undefined, error: FieldError | undefined, hint: string | undefined) {
	const generated = useId()
	const controlId = id ?? `${name}-${generated}`
	const errorText = useFieldErrorText()(error)
	const hintId = hint ? `${controlId}-hint` : undefined
	const errorId = errorText ? `${controlId}-error` : undefined
	return {
		controlId,
		errorText,
		hintId,
		errorId,
		aria: {
			'aria-invalid': errorText ? true : undefined,
			'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
		},
	}
}

function HintAndError({ hint, hintId, errorText, errorId }: { hint?: string; hintId?: string; errorText?: string; errorId?: string }) {
	return (
		<>
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
		</>
	)
}

export interface SelectOption {
	value: string
	label: string
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
	name: string
	label: string
	options: readonly SelectOption[]
	/** A first option with an empty value (e.g. "— none —"); without it the select always has a value. */
	emptyOption?: string
	error?: FieldError
	hint?: string
}

/** A labelled select with its hint and translated error, wired like Field. */
export function SelectField({ name, label, options, emptyOption, error, hint, id, className, ...select }: SelectFieldProps) {
	const { controlId, errorText, hintId, errorId, aria } = useDescribedControl(name, id, error, hint)
	return (
		<div className={className ?? 'mb-3'}>
			<label htmlFor={controlId} className="form-label">
				{label}
			</label>
			<select id={controlId} name={name} className={`form-select${errorText ? ' is-invalid' : ''}`} {...aria} {...select}>
				{emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<HintAndError hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
		</div>
	)
}

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> {
	name: string
	label: string
	error?: FieldError
	hint?: string
}

/** A labelled multi-line text with its hint and translated error, wired like Field. */
export function TextareaField({ name, label, error, hint, id, rows = 3, ...textarea }: TextareaFieldProps) {
	const { controlId, errorText, hintId, errorId, aria } = useDescribedControl(name, id, error, hint)
	return (
		<div className="mb-3">
			<label htmlFor={controlId} className="form-label">
				{label}
			</label>
			<textarea id={controlId} name={name} rows={rows} className={`form-control${errorText ? ' is-invalid' : ''}`} {...aria} {...textarea} />
			<HintAndError hint={hint} hintId={hintId} errorText={errorText} errorId={errorId} />
		</div>
	)
}
