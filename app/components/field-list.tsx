import { Fragment, type ReactNode } from 'react'
import type { FieldError, FieldErrors } from '~/utils/form.server'
import { Field, SelectField, TextareaField, type FieldProps, type SelectFieldProps, type TextareaFieldProps } from './forms'

/** What a field of the caller's own renders with: its label, its value and its error. */
export interface CustomFieldProps {
	label: string
	value: string
	error: FieldError | undefined
}

/**
 * A field written as data, for `FieldList`: an input (`kind` left out), a select or a multi-line text, with the
 * props of `Field`, `SelectField` or `TextareaField` but its value and error, which the list gives; or a
 * control of the caller's own (`custom`, e.g. a tool's station picker), rendered with its label, value and error.
 */
export type FieldDefinition = {
	/**
	 * The value shown while the form keeps none for the field (a new record's default, the saved value). A kept
	 * empty value is the user's choice and stays, except in a select without `emptyOption`: none of its options
	 * is empty, so it shows the fallback (a new record's status).
	 */
	fallback?: string
	/** The grid columns it spans inside the caller's `.row` (Bootstrap classes, e.g. `col-md-4`); without them it is not wrapped. */
	columns?: string
} & (
	| ({ kind?: 'input' } & Omit<FieldProps, 'defaultValue' | 'error'>)
	| ({ kind: 'select' } & Omit<SelectFieldProps, 'defaultValue' | 'error'>)
	| ({ kind: 'textarea' } & Omit<TextareaFieldProps, 'defaultValue' | 'error'>)
	| { kind: 'custom'; name: string; label: string; render(field: CustomFieldProps): ReactNode }
)

/** A form's fields from their definitions, each showing its kept value (else its `fallback`, else nothing) and its error. */
export function FieldList({
	fields,
	values,
	errors,
}: {
	fields: readonly FieldDefinition[]
	values: Readonly<Record<string, string | undefined>>
	errors: FieldErrors
}) {
	return fields.map((field) => {
		const control = <DefinedField field={field} value={shownValue(field, values[field.name])} error={errors[field.name]} />
		return field.columns ? (
			<div key={field.name} className={field.columns}>
				{control}
			</div>
		) : (
			<Fragment key={field.name}>{control}</Fragment>
		)
	})
}

function shownValue(field: FieldDefinition, kept: string | undefined) {
	const emptyIsNoChoice = field.kind === 'select' && field.emptyOption === undefined
	return (emptyIsNoChoice ? kept || undefined : kept) ?? field.fallback ?? ''
}

/** ErrorSummary's `labels` of fields written as data. */
export function definedLabels(fields: readonly FieldDefinition[]): Record<string, string> {
	return Object.fromEntries(fields.map((field) => [field.name, field.label]))
}

function DefinedField({ field, value, error }: { field: FieldDefinition; value: string; error: FieldError | undefined }) {
	switch (field.kind) {
		case 'select': {
			const { kind: _kind, fallback: _fallback, columns: _columns, ...select } = field
			return <SelectField {...select} defaultValue={value} error={error} />
		}
		case 'textarea': {
			const { kind: _kind, fallback: _fallback, columns: _columns, ...textarea } = field
			return <TextareaField {...textarea} defaultValue={value} error={error} />
		}
		case 'custom':
			return field.render({ label: field.label, value, error })
		default: {
			const { kind: _kind, fallback: _fallback, columns: _columns, ...input } = field
			return <Field {...input} defaultValue={value} error={error} />
		}
	}
}
