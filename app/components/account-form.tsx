import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldError, FieldErrors } from '~/utils/form.server'
import { CsrfInput, ErrorSummary, Field } from './forms'

/** What an account page's action answers (`formAction`'s): the form's message is a key, with its values (a throttle's minutes). */
export interface AccountAnswer {
	errors?: FieldErrors
	values?: Record<string, string>
	formError?: string | null
	formErrorValues?: Record<string, string | number>
}

/** The error summary of an account page's form, its form-level message put into words. */
export function AccountErrorSummary({ answer, labels }: { answer: AccountAnswer | undefined; labels: Readonly<Record<string, string>> }) {
	const { t } = useTranslation()
	const formError = answer?.formError ? t(answer.formError, answer.formErrorValues ?? {}) : null
	return <ErrorSummary errors={answer?.errors} formError={formError} labels={labels} />
}

/**
 * The form of an account page (signing in, its code, a reset link asked for, a password set): its CSRF
 * token, its fields, and its submit button, held while the form is sent. The button is full width, or in a
 * row with `beside` (a way back) when the page gives one.
 */
export function AccountForm({ submitLabel, beside, children }: { submitLabel: string; beside?: ReactNode; children: ReactNode }) {
	const submitting = useNavigation().state === 'submitting'
	const submit = (
		<button type="submit" className={beside === undefined ? 'btn btn-primary w-100' : 'btn btn-primary'} disabled={submitting}>
			{submitLabel}
		</button>
	)
	return (
		<Form method="post" noValidate>
			<CsrfInput />
			{children}
			{beside === undefined ? (
				submit
			) : (
				<div className="d-flex gap-2 flex-wrap">
					{submit}
					{beside}
				</div>
			)}
		</Form>
	)
}

/** The account's email address, the user name a browser fills in (`login.email`). */
export function EmailField({ error, defaultValue = '' }: { error?: FieldError; defaultValue?: string }) {
	const { t } = useTranslation()
	return (
		<Field name="email" type="email" label={t('login.email')} autoComplete="username" required defaultValue={defaultValue} error={error} />
	)
}
