import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BADGE_VARIANTS } from '~/admin/functions'
import { LANGUAGES } from '~/i18n/languages'
import type { FieldErrors } from '~/utils/form.server'
import { CheckField } from './choice-fields'
import { CsrfInput, FormButtons, ErrorSummary } from './forms'
import { FieldList, definedLabels, type FieldDefinition } from './field-list'

export interface ParentChoice {
	id: number
	code: string
	label: string
	depth: number
}

/** Every field of a function: code, place in the tree, menu appearance, label overrides. */
export function FunctionForm({
	action,
	values,
	errors,
	parents,
	submitLabel,
	cancelHref,
}: {
	action: string
	values: Record<string, string>
	errors: FieldErrors
	parents: readonly ParentChoice[]
	submitLabel: string
	cancelHref: string
}) {
	const { t } = useTranslation()
	const label = (name: string) => t(`admin.functions.fields.${name}`)
	const fields: FieldDefinition[] = [
		{
			columns: 'col-md-6',
			name: 'code',
			label: label('code'),
			hint: t('admin.functions.codeHint'),
			required: true,
			maxLength: 64,
			autoComplete: 'off',
		},
		{
			columns: 'col-md-6',
			kind: 'select',
			name: 'parentId',
			label: label('parent'),
			emptyOption: t('admin.functions.noParent'),
			options: parents.map((parent) => ({
				value: String(parent.id),
				label: `${'— '.repeat(parent.depth)}${parent.label} (${parent.code})`,
			})),
		},
		{
			columns: 'col-md-4',
			name: 'sortOrder',
			type: 'number',
			inputMode: 'numeric',
			label: label('sortOrder'),
			fallback: '10',
			required: true,
		},
		{ columns: 'col-md-4', name: 'icon', label: label('icon'), hint: t('admin.functions.iconHint'), maxLength: 64 },
		{ columns: 'col-md-4', name: 'path', label: label('path'), hint: t('admin.functions.pathHint'), maxLength: 200 },
		{ columns: 'col-md-4', name: 'param', label: label('param'), hint: t('admin.functions.paramHint'), maxLength: 200 },
		{ columns: 'col-md-4', name: 'badgeText', label: label('badgeText'), maxLength: 20 },
		{
			columns: 'col-md-4',
			kind: 'select',
			name: 'badgeVariant',
			label: label('badgeVariant'),
			emptyOption: '—',
			options: BADGE_VARIANTS.map((variant) => ({ value: variant, label: t(`admin.functions.badgeVariants.${variant}`) })),
		},
	]
	// The menu label in each language, in the language it is written in.
	const labelFields: FieldDefinition[] = LANGUAGES.map((language) => ({
		columns: 'col-md-4',
		name: `label_${language.code}`,
		label: language.name,
		lang: language.tag,
		maxLength: 100,
	}))
	return (
		<Form method="post" action={action} className="card card-body" noValidate>
			<ErrorSummary errors={errors} labels={definedLabels([...fields, ...labelFields])} />
			<CsrfInput />
			<input type="hidden" name="intent" value="update" />
			<div className="row">
				<FieldList fields={fields} values={values} errors={errors} />
			</div>
			<fieldset className="mb-3">
				<legend className="form-label fs-6">{t('admin.functions.flags')}</legend>
				{['enabled', 'isHidden', 'isTitle'].map((name) => (
					<CheckField key={name} name={name} id={`fn-${name}`} label={label(name)} defaultChecked={values[name] === 'on'} />
				))}
			</fieldset>
			<fieldset className="mb-3">
				<legend className="form-label fs-6">{t('admin.functions.labels')}</legend>
				<p className="form-text mt-0">{t('admin.functions.labelsHint')}</p>
				<div className="row">
					<FieldList fields={labelFields} values={values} errors={errors} />
				</div>
			</fieldset>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
