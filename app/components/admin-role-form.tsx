import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '~/utils/form.server'
import { CsrfInput, FormButtons, ErrorSummary, Field, TextareaField, useFieldLabels } from './forms'

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
	const fieldLabels = useFieldLabels('admin.roles.fields', ['code', 'name', 'description'])
	return (
		<Form method="post" action={action} className="card card-body mb-4" noValidate>
			<ErrorSummary errors={errors} labels={fieldLabels} />
			<CsrfInput />
			<input type="hidden" name="intent" value="update" />
			<Field
				name="code"
				label={t('admin.roles.fields.code')}
				hint={t('admin.roles.codeHint')}
				defaultValue={values.code ?? ''}
				error={errors.code}
				required
				maxLength={50}
				autoComplete="off"
			/>
			<Field
				name="name"
				label={t('admin.roles.fields.name')}
				defaultValue={values.name ?? ''}
				error={errors.name}
				required
				maxLength={100}
			/>
			<TextareaField
				name="description"
				label={t('admin.roles.fields.description')}
				defaultValue={values.description ?? ''}
				error={errors.description}
				maxLength={500}
			/>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
