import { Form } from '@remix-run/react'
import { catalogText } from '~/catalogs/catalog-texts'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '~/utils/form.server'
import { definedLabels, FieldList, type FieldDefinition } from './field-list'
import { CsrfInput, ErrorSummary, FormButtons } from './forms'

/** What a catalog's create and edit form is given; `values` are the form's texts (the record's, or what the user sent back). */
export interface CatalogFormProps {
	action: string
	values: Record<string, string>
	errors: FieldErrors
	formError?: string | null
	submitLabel: string
	cancelHref: string
}

/** A field of a catalog's form: a field definition labelled `<catalog>.fields.<name>`, and the grid columns it spans. */
export type CatalogField = (FieldDefinition extends infer Field ? (Field extends unknown ? Omit<Field, 'label'> : never) : never) & {
	columns: string
}

/**
 * The create and edit form of a catalog record: the error summary, the CSRF token, the record's version
 * (hidden), its code and name, then the catalog's own fields, then the buttons. Its label is the catalog's
 * `formLabel` (`catalogText`), its fields' `<catalog>.fields.*`.
 */
export function CatalogForm({
	catalog,
	codeMax,
	fields,
	action,
	values,
	errors,
	formError,
	submitLabel,
	cancelHref,
}: CatalogFormProps & {
	/** The catalog's text tree in the locale files (its pages' `key`, e.g. `stations`). */
	catalog: string
	codeMax: number
	/** The catalog's own fields, after the code and name every catalog has. */
	fields: readonly CatalogField[]
}) {
	const { t } = useTranslation()
	const leading: CatalogField[] = [
		{ columns: 'col-md-4', name: 'code', hint: t('catalog.hints.code', { max: codeMax }), autoComplete: 'off', required: true },
		{ columns: 'col-md-8', name: 'name', autoComplete: 'off', required: true },
	]
	const labelled = [...leading, ...fields].map((field): FieldDefinition => ({ ...field, label: t(`${catalog}.fields.${field.name}`) }))
	return (
		<Form
			method="post"
			action={action}
			noValidate
			className="catalog-form card card-body mb-3"
			aria-label={catalogText(t, catalog, 'formLabel')}
		>
			<ErrorSummary errors={errors} formError={formError} labels={definedLabels(labelled)} />
			<CsrfInput />
			<input type="hidden" name="version" value={values.version ?? ''} />
			<div className="row">
				<FieldList fields={labelled} values={values} errors={errors} />
			</div>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
