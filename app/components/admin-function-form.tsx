import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { BADGE_VARIANTS } from '~/admin/functions'
import { LANGUAGES } from '~/i18n/languages'
import type { FieldErrors } from '~/utils/form.server'
import { CsrfInput, FormButtons, ErrorSummary, Field, SelectField, useFieldLabels } from './forms'

export interface ParentChoice {
	id: number
	code: string
	label: string
	depth: number
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
	return (
		<div className="form-check">
			<input className="form-check-input" type="checkbox" name={name} id={`fn-${name}`} defaultChecked={checked} />
			<label className="form-check-label" htmlFor={`fn-${name}`}>
				{label}
			</label>
		</div>
	)
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
	const fieldLabels = {
		...useFieldLabels('admin.functions.fields', ['code', 'sortOrder', 'icon', 'path', 'param', 'badgeText', 'badgeVariant']),
		parentId: t('admin.functions.fields.parent'),
		...Object.fromEntries(LANGUAGES.map((language) => [`label_${language.code}`, language.name])),
	}
	return (
		<Form method="post" action={action} className="card card-body" noValidate>
			<ErrorSummary errors={errors} labels={fieldLabels} />
			<CsrfInput />
			<input type="hidden" name="intent" value="update" />
			<div className="row">
				<div className="col-md-6">
					<Field
						name="code"
						label={t('admin.functions.fields.code')}
						hint={t('admin.functions.codeHint')}
						defaultValue={values.code ?? ''}
						error={errors.code}
						required
						maxLength={64}
						autoComplete="off"
					/>
				</div>
				<div className="col-md-6">
					<SelectField
						name="parentId"
						label={t('admin.functions.fields.parent')}
						emptyOption={t('admin.functions.noParent')}
						options={parents.map((parent) => ({
							value: String(parent.id),
							label: `${'— '.repeat(parent.depth)}${parent.label} (${parent.code})`,
						}))}
						defaultValue={values.parentId ?? ''}
						error={errors.parentId}
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="sortOrder"
						type="number"
						inputMode="numeric"
						label={t('admin.functions.fields.sortOrder')}
						defaultValue={values.sortOrder ?? '10'}
						error={errors.sortOrder}
						required
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="icon"
						label={t('admin.functions.fields.icon')}
						hint={t('admin.functions.iconHint')}
						defaultValue={values.icon ?? ''}
						error={errors.icon}
						maxLength={64}
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="path"
						label={t('admin.functions.fields.path')}
						hint={t('admin.functions.pathHint')}
						defaultValue={values.path ?? ''}
						error={errors.path}
						maxLength={200}
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="param"
						label={t('admin.functions.fields.param')}
						hint={t('admin.functions.paramHint')}
						defaultValue={values.param ?? ''}
						error={errors.param}
						maxLength={200}
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="badgeText"
						label={t('admin.functions.fields.badgeText')}
						defaultValue={values.badgeText ?? ''}
						error={errors.badgeText}
						maxLength={20}
					/>
				</div>
				<div className="col-md-4">
					<SelectField
						name="badgeVariant"
						label={t('admin.functions.fields.badgeVariant')}
						emptyOption="—"
						options={BADGE_VARIANTS.map((variant) => ({ value: variant, label: t(`admin.functions.badgeVariants.${variant}`) }))}
						defaultValue={values.badgeVariant ?? ''}
						error={errors.badgeVariant}
					/>
				</div>
			</div>
			<fieldset className="mb-3">
				<legend className="form-label fs-6">{t('admin.functions.flags')}</legend>
				<Check name="enabled" label={t('admin.functions.fields.enabled')} checked={values.enabled === 'on'} />
				<Check name="isHidden" label={t('admin.functions.fields.isHidden')} checked={values.isHidden === 'on'} />
				<Check name="isTitle" label={t('admin.functions.fields.isTitle')} checked={values.isTitle === 'on'} />
			</fieldset>
			<fieldset className="mb-3">
				<legend className="form-label fs-6">{t('admin.functions.labels')}</legend>
				<p className="form-text mt-0">{t('admin.functions.labelsHint')}</p>
				<div className="row">
					{LANGUAGES.map((language) => (
						<div key={language.code} className="col-md-4">
							<Field
								name={`label_${language.code}`}
								label={language.name}
								lang={language.tag}
								defaultValue={values[`label_${language.code}`] ?? ''}
								error={errors[`label_${language.code}`]}
								maxLength={100}
							/>
						</div>
					))}
				</div>
			</fieldset>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
