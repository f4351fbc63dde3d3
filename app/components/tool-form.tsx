import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { TOOL_FIELDS, TOOL_LIMITS, TOOL_STATUSES } from '~/catalogs/tools'
import { optionLabel, optionsWith, type ReferenceOption } from '~/reference-lists/definitions'
import type { FieldErrors } from '~/utils/form.server'
import { CsrfInput, FormButtons, Field, ErrorSummary, SelectField, TextareaField, useFieldLabels } from './forms'

export interface StationChoice {
	id: number
	code: string
	name: string
}

/**
 * Labels of tool fields and values, shared by the list, the form, the history and the conflict message.
 * `categories` are the tool categories in the reader's language (the loader reads them).
 */
export function useToolLabels(stations: readonly StationChoice[] | null | undefined, categories: readonly ReferenceOption[]) {
	const { t } = useTranslation()
	const categoryLabel = (category: string) => optionLabel(categories, category)
	const statusLabel = (status: string) => (TOOL_STATUSES.includes(status as never) ? t(`tools.statuses.${status}`) : status)
	const fieldLabel = (field: string) => t(`tools.fields.${field}`, { defaultValue: field })
	const stationLabel = (id: string) => {
		const station = stations?.find((s) => String(s.id) === id)
		return station ? `${station.code} · ${station.name}` : `#${id}`
	}
	const valueLabel = (field: string, value: string) =>
		field === 'category' ? categoryLabel(value) : field === 'status' ? statusLabel(value) : field === 'stationId' ? stationLabel(value) : value
	return { categoryLabel, statusLabel, fieldLabel, valueLabel }
}

/**
 * The station of a tool: a select of every station when there are few, otherwise a text field for a
 * station code (or id). Both send `stationId`, and both work without JavaScript.
 */
export function StationPicker({
	stations,
	value,
	error,
	className,
	label,
	emptyLabel,
	id,
}: {
	stations: readonly StationChoice[] | null
	value: string
	error?: FieldErrors[string]
	className?: string
	label: string
	emptyLabel: string
	id?: string
}) {
	const { t } = useTranslation()
	if (stations) {
		return (
			<SelectField
				id={id}
				name="stationId"
				label={label}
				className={className}
				defaultValue={value}
				emptyOption={emptyLabel}
				options={stations.map((station) => ({ value: String(station.id), label: `${station.code} · ${station.name}` }))}
				error={error}
			/>
		)
	}
	return (
		<div className={className ?? 'mb-3'}>
			<Field id={id} name="stationId" label={label} defaultValue={value} error={error} hint={t('tools.hints.station')} autoComplete="off" />
		</div>
	)
}

/** The fields the form shows (the record's `version` travels hidden). */
const EDITABLE_FIELDS = TOOL_FIELDS.filter((field) => field !== 'version')

export function ToolForm({
	action,
	values,
	errors,
	formError,
	stations,
	categories,
	submitLabel,
	cancelHref,
}: {
	action: string
	values: Record<string, string>
	errors: FieldErrors
	formError?: string | null
	stations: readonly StationChoice[] | null
	categories: readonly ReferenceOption[]
	submitLabel: string
	cancelHref: string
}) {
	const { t } = useTranslation()
	const { statusLabel } = useToolLabels(stations, categories)
	const fieldLabels = useFieldLabels('tools.fields', EDITABLE_FIELDS)
	return (
		<Form method="post" action={action} noValidate className="catalog-form card card-body mb-3" aria-label={t('tools.formLabel')}>
			<ErrorSummary errors={errors} formError={formError} labels={fieldLabels} />
			<CsrfInput />
			<input type="hidden" name="version" value={values.version ?? ''} />
			<div className="row">
				<div className="col-md-4">
					<Field
						name="code"
						label={t('tools.fields.code')}
						defaultValue={values.code}
						error={errors.code}
						hint={t('catalog.hints.code', { max: TOOL_LIMITS.code })}
						autoComplete="off"
						required
					/>
				</div>
				<div className="col-md-8">
					<Field name="name" label={t('tools.fields.name')} defaultValue={values.name} error={errors.name} autoComplete="off" required />
				</div>
				<div className="col-md-4">
					<SelectField
						name="category"
						label={t('tools.fields.category')}
						defaultValue={values.category ?? ''}
						emptyOption={t('catalog.choose')}
						options={optionsWith(categories, values.category)}
						error={errors.category}
						required
					/>
				</div>
				<div className="col-md-4">
					<Field name="serialNumber" label={t('tools.fields.serialNumber')} defaultValue={values.serialNumber} error={errors.serialNumber} autoComplete="off" />
				</div>
				<div className="col-md-4">
					<SelectField
						name="status"
						label={t('tools.fields.status')}
						defaultValue={values.status || 'in_stock'}
						options={TOOL_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
						error={errors.status}
						required
					/>
				</div>
				<div className="col-md-8">
					<StationPicker
						stations={stations}
						value={values.stationId ?? ''}
						error={errors.stationId}
						label={t('tools.fields.stationId')}
						emptyLabel={t('tools.noStation')}
					/>
				</div>
				<div className="col-6 col-md-2">
					<Field name="quantity" type="number" min={0} step={1} label={t('tools.fields.quantity')} defaultValue={values.quantity} error={errors.quantity} required />
				</div>
				<div className="col-6 col-md-2">
					<Field name="unit" label={t('tools.fields.unit')} defaultValue={values.unit} error={errors.unit} autoComplete="off" required />
				</div>
				<div className="col-md-4">
					<Field name="purchaseDate" type="date" label={t('tools.fields.purchaseDate')} defaultValue={values.purchaseDate} error={errors.purchaseDate} hint={t('catalog.hints.date')} />
				</div>
				<div className="col-md-4">
					<Field
						name="value"
						label={t('tools.fields.value')}
						defaultValue={values.value}
						error={errors.value}
						hint={t('tools.hints.value')}
						inputMode="decimal"
						autoComplete="off"
					/>
				</div>
				<div className="col-12">
					<TextareaField name="note" label={t('tools.fields.note')} defaultValue={values.note} error={errors.note} />
				</div>
			</div>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}
