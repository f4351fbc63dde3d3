import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '~/utils/form.server'
import { CsrfInput, FormButtons, ErrorSummary } from './forms'
import { FieldList, definedLabels, type FieldDefinition } from './field-list'

/** Code, name and description of a role. */
export function RoleForm({
	action,
	values,
	errors,
	submitLabel,
	cancelHref,
}: {
	action: string
	values: Record<string, string>
	errors: FieldErrors
	submitLabel: string
	cancelHref: string
}) {
	const { t } = useTranslation()
	const fields: FieldDefinition[] = [
		{
			name: 'code',
			label: t('admin.roles.fields.code'),
			hint: t('admin.roles.codeHint'),
			required: true,
			maxLength: 50,
			autoComplete: 'off',
		},
		{ name: 'name', label: t('admin.roles.fields.name'), required: true, maxLength: 100 },
		{ kind: 'textarea', name: 'description', label: t('admin.roles.fields.description'), maxLength: 500 },
	]
	return (
		<Form method="post" action={action} className="card card-body mb-4" noValidate>
			<ErrorSummary errors={errors} labels={definedLabels(fields)} />
			<CsrfInput />
			<input type="hidden" name="intent" value="update" />
			<FieldList fields={fields} values={values} errors={errors} />
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
