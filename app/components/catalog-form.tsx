import { Form } from '@remix-run/react'
import { catalogText } from '~/catalogs/catalog-texts'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldError, FieldErrors } from '~/utils/form.server'
import { CsrfInput, ErrorSummary, Field, FormButtons, SelectField, TextareaField, useFieldLabels, type SelectOption } from './forms'

/** What a catalog's create and edit form is given; `values` are the form's texts (the record's, or what the user sent back). */
export interface CatalogFormProps {
	action: string
	values: Record<string, string>
	errors: FieldErrors
	formError?: string | null
	submitLabel: string
	cancelHref: string
}

/**
 * One control of a catalog form for the field `name`: labelled `<catalog>.fields.<name>`, showing
 * `values[name]` and `errors[name]`.
 */
export type CatalogControl =
	| ({ kind: 'input'; name: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue'>)
	/** `fallback`: the value chosen while the field has none (a new record's status). */
	| { kind: 'select'; name: string; options: readonly SelectOption[]; emptyOption?: string; fallback?: string; required?: boolean }
	| { kind: 'textarea'; name: string }
	/** A control of the catalog's own (a tool's station picker). */
	| { kind: 'custom'; name: string; render(field: { label: string; value: string; error: FieldError | undefined }): ReactNode }

/** A control and the grid columns it spans (Bootstrap classes, e.g. `col-md-4`). */
export interface CatalogFormCell {
	columns: string
	control: CatalogControl
}

function CatalogFormControl({
	control,
	label,
	values,
	errors,
}: {
	control: CatalogControl
	label: string
	values: Record<string, string>
	errors: FieldErrors
}) {
	const { name } = control
	switch (control.kind) {
		case 'input': {
			const { kind: _kind, name: _name, ...attributes } = control
			return <Field name={name} label={label} defaultValue={values[name]} error={errors[name]} {...attributes} />
		}
		case 'select':
			return (
				<SelectField
					name={name}
					label={label}
					defaultValue={values[name] || (control.fallback ?? '')}
					emptyOption={control.emptyOption}
					options={control.options}
					error={errors[name]}
					required={control.required}
				/>
			)
		case 'textarea':
			return <TextareaField name={name} label={label} defaultValue={values[name]} error={errors[name]} />
		case 'custom':
			return control.render({ label, value: values[name] ?? '', error: errors[name] })
	}
}

/**
 * The create and edit form of a catalog record: the error summary, the CSRF token, the record's version
 * (hidden), its code and name, then the catalog's own cells, then the buttons. Its label is the catalog's
 * `formLabel` (`catalogText`), its fields' `<catalog>.fields.*`.
 */
export function CatalogForm({
	catalog,
	fields,
	codeMax,
	cells,
	action,
	values,
	errors,
	formError,
	submitLabel,
	cancelHref,
}: CatalogFormProps & {
	/** The catalog's text tree in the locale files (its pages' `key`, e.g. `stations`). */
	catalog: string
	/** The catalog's fields, `version` among them (it travels hidden). */
	fields: readonly string[]
	codeMax: number
	cells: readonly CatalogFormCell[]
}) {
	const { t } = useTranslation()
	const fieldLabels = useFieldLabels(
		`${catalog}.fields`,
		fields.filter((field) => field !== 'version'),
	)
	const label = (name: string) => t(`${catalog}.fields.${name}`)
	const leading: CatalogFormCell[] = [
		{
			columns: 'col-md-4',
			control: { kind: 'input', name: 'code', hint: t('catalog.hints.code', { max: codeMax }), autoComplete: 'off', required: true },
		},
		{ columns: 'col-md-8', control: { kind: 'input', name: 'name', autoComplete: 'off', required: true } },
	]
	return (
		<Form
			method="post"
			action={action}
			noValidate
			className="catalog-form card card-body mb-3"
			aria-label={catalogText(t, catalog, 'formLabel')}
		>
			<ErrorSummary errors={errors} formError={formError} labels={fieldLabels} />
			<CsrfInput />
			<input type="hidden" name="version" value={values.version ?? ''} />
			<div className="row">
				{[...leading, ...cells].map(({ columns, control }) => (
					<div key={control.name} className={columns}>
						<CatalogFormControl control={control} label={label(control.name)} values={values} errors={errors} />
					</div>
				))}
			</div>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
