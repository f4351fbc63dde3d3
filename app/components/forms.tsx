import { Link } from '@remix-run/react'
import {
	useEffect,
	useId,
	useRef,
	type InputHTMLAttributes,
	type ReactNode,
	type SelectHTMLAttributes,
	type TextareaHTMLAttributes,
} from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldError, FieldErrors } from '~/utils/form.server'
import { useRootData } from '~/utils/root-data'

/** The hidden per-form CSRF token every POST form carries. */
export function CsrfInput() {
	const root = useRootData()
	return <input type="hidden" name="csrf" value={root?.csrfToken ?? ''} />
}

/**
 * The id of a form's control for `name`: the error summary links to it. A page with two forms that
 * share a field name gives one of them its own `id`.
 */
export function fieldId(name: string) {
	return `field-${name}`
}

export function useFieldErrorText() {
	const { t } = useTranslation()
	return (error: FieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined)
}

/** What every labelled control takes: its name, label, hint and error, an id other than `fieldId(name)`, its wrapper's `className` (`mb-3` without it). */
interface LabelledProps {
	name: string
	label: string
	error?: FieldError
	hint?: string
	id?: string
	className?: string
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, keyof LabelledProps>, LabelledProps {}

/** A labelled input with its hint and translated error, wired for screen readers. */
export function Field({ name, label, error, hint, id, className, ...input }: FieldProps) {
	return (
		<LabelledControl
			{...{ name, label, error, hint, id, className }}
			control={({ invalid, ...wiring }) => <input {...wiring} className={`form-control${invalid}`} {...input} />}
		/>
	)
}

/** A password box: never filled in again; `autoComplete` says which (`current-password`, `new-password`). */
export function PasswordField({ autoComplete, ...field }: Omit<FieldProps, 'type' | 'required' | 'defaultValue'>) {
	return <Field {...field} type="password" autoComplete={autoComplete} required />
}

/** The new password and its confirmation, as every form that sets one asks for them (`changePassword.*`). */
export function NewPasswordFields({ errors }: { errors: Partial<Record<'newPassword' | 'confirmPassword', FieldError>> }) {
	const { t } = useTranslation()
	return (
		<>
			<PasswordField
				name="newPassword"
				label={t('changePassword.newPassword')}
				autoComplete="new-password"
				hint={t('changePassword.hint')}
				error={errors.newPassword}
			/>
			<PasswordField
				name="confirmPassword"
				label={t('changePassword.confirmPassword')}
				autoComplete="new-password"
				error={errors.confirmPassword}
			/>
		</>
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

/**
 * The GOV.UK error pattern: what went wrong, at the top of the form, each field's error a link to the
 * field. The server renders it with `autofocus` (without JavaScript the browser focuses it on load);
 * with JavaScript it takes focus after each failed post and the page title starts with "Error:" while
 * it is shown (the server's title says so for a document post, see `pageTitle`).
 *
 * `labels` name the form's fields in the user's language; an error of a field they do not name (a
 * hidden `version`, the whole form) is listed as text, without a link. `errors` should be the action data's own
 * object: a new object moves focus again.
 */
export function ErrorSummary({
	errors,
	formError,
	labels,
	title,
	children,
}: {
	errors?: FieldErrors
	formError?: string | null
	labels?: Readonly<Record<string, string>>
	/** The heading, when "There is a problem" says too little. */
	title?: string
	/** More about the failure, after the list. */
	children?: ReactNode
}) {
	const { t } = useTranslation()
	const errorText = useFieldErrorText()
	const summary = useRef<HTMLDivElement>(null)
	const headingId = useId()
	const fields = Object.entries(errors ?? {})
	const failed = fields.length > 0 || Boolean(formError) || Boolean(children)
	useEffect(() => {
		if (!failed) return
		summary.current?.focus()
		const prefix = t('validation.errorTitlePrefix')
		if (document.title.startsWith(prefix)) return
		const prefixed = `${prefix}${document.title}`
		document.title = prefixed
		return () => {
			if (document.title === prefixed) document.title = prefixed.slice(prefix.length)
		}
	}, [failed, errors, formError, t])
	if (!failed) return null
	return (
		<div ref={summary} className="alert alert-danger error-summary" role="alert" aria-labelledby={headingId} tabIndex={-1} autoFocus>
			<h2 id={headingId} className="h6 alert-heading">
				{title ?? t('validation.summaryTitle')}
			</h2>
			{formError || fields.length > 0 ? (
				<ul className="mb-0">
					{formError ? <li>{formError}</li> : null}
					{fields.map(([name, error]) => {
						const label = Object.hasOwn(labels ?? {}, name) ? labels?.[name] : undefined
						const message = errorText(error)
						return (
							<li key={name}>
								{label ? (
									<a className="alert-link" href={`#${fieldId(name)}`}>
										{t('validation.summaryItem', { label, message })}
									</a>
								) : (
									message
								)}
							</li>
						)
					})}
				</ul>
			) : null}
			{children}
		</div>
	)
}

/** ErrorSummary's `labels`: each field the form shows, labelled by its key under `prefix` (e.g. `stations.fields`). */
export function useFieldLabels(prefix: string, shown: readonly string[]): Record<string, string> {
	const { t } = useTranslation()
	return Object.fromEntries(shown.map((field) => [field, t(`${prefix}.${field}`)]))
}

/**
 * A control under its label, its hint and translated error below it; `control` renders it with the wiring
 * given (its id and name, `invalid` for its class, and the ARIA attributes that tie the hint and error to it).
 */
function LabelledControl({
	name,
	label,
	error,
	hint,
	id,
	className = 'mb-3',
	control,
}: LabelledProps & {
	control(wiring: {
		id: string
		name: string
		invalid: string
		'aria-invalid': true | undefined
		'aria-describedby': string | undefined
	}): ReactNode
}) {
	const controlId = id ?? fieldId(name)
	const errorText = useFieldErrorText()(error)
	const hintId = hint ? `${controlId}-hint` : undefined
	const errorId = errorText ? `${controlId}-error` : undefined
	return (
		<div className={className}>
			<label htmlFor={controlId} className="form-label">
				{label}
			</label>
			{control({
				id: controlId,
				name,
				invalid: errorText ? ' is-invalid' : '',
				'aria-invalid': errorText ? true : undefined,
				'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
			})}
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

export interface SelectOption {
	value: string
	label: string
	/** The option's own language (a language's name written in it), as a BCP 47 tag. */
	lang?: string
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof LabelledProps>, LabelledProps {
	options: readonly SelectOption[]
	/** A first option with an empty value (e.g. "— none —"); without it the select always has a value. */
	emptyOption?: string
}

/** A labelled select with its hint and translated error, wired like Field. */
export function SelectField({ name, label, error, hint, id, className, options, emptyOption, ...select }: SelectFieldProps) {
	return (
		<LabelledControl
			{...{ name, label, error, hint, id, className }}
			control={({ invalid, ...wiring }) => (
				<select {...wiring} className={`form-select${invalid}`} {...select}>
					{emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
					{options.map((option) => (
						<option key={option.value} value={option.value} lang={option.lang}>
							{option.label}
						</option>
					))}
				</select>
			)}
		/>
	)
}

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof LabelledProps>, LabelledProps {}

/** A labelled multi-line text with its hint and translated error, wired like Field. */
export function TextareaField({ name, label, error, hint, id, className, rows = 3, ...textarea }: TextareaFieldProps) {
	return (
		<LabelledControl
			{...{ name, label, error, hint, id, className }}
			control={({ invalid, ...wiring }) => <textarea {...wiring} rows={rows} className={`form-control${invalid}`} {...textarea} />}
		/>
	)
}

/** A form's buttons: submit, and cancel back to `cancelHref`. */
export function FormButtons({ submitLabel, cancelHref }: { submitLabel: string; cancelHref: string }) {
	const { t } = useTranslation()
	return (
		<div className="d-flex flex-wrap gap-2">
			<button type="submit" className="btn btn-primary">
				{submitLabel}
			</button>
			<Link to={cancelHref} className="btn btn-outline-secondary">
				{t('catalog.cancel')}
			</Link>
		</div>
	)
}
