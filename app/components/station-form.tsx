import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PROVINCES_BY_NAME, provinceName } from '~/catalogs/provinces'
import { STATION_FIELDS, STATION_LIMITS, STATION_STATUSES, STATIONS_PATH } from '~/catalogs/stations'
import { optionLabel, optionsWith, type ReferenceOption } from '~/reference-lists/definitions'
import type { FieldErrors } from '~/utils/form.server'
import { CsrfInput, FormButtons, Field, ErrorSummary, SelectField, TextareaField, useFieldLabels } from './forms'

/**
 * Labels of station fields and values, shared by the list, the form, the history and the conflict
 * message. `types` are the station types in the reader's language (the loader reads them).
 */
export function useStationLabels(types: readonly ReferenceOption[]) {
	const { t } = useTranslation()
	const typeLabel = (type: string) => optionLabel(types, type)
	const statusLabel = (status: string) => (STATION_STATUSES.includes(status as never) ? t(`stations.statuses.${status}`) : status)
	const fieldLabel = (field: string) => t(`stations.fields.${field}`, { defaultValue: field })
	const valueLabel = (field: string, value: string) =>
		field === 'type' ? typeLabel(value) : field === 'status' ? statusLabel(value) : field === 'province' ? provinceName(value) : value
	return { typeLabel, statusLabel, fieldLabel, valueLabel }
}

/** The create and edit form; `values` are the form's texts (the record's, or what the user sent back). */
/** The fields the form shows (the record's `version` travels hidden). */
const EDITABLE_FIELDS = STATION_FIELDS.filter((field) => field !== 'version')

export function StationForm({
	action,
	values,
	errors,
	formError,
	types,
	submitLabel,
	cancelHref,
}: {
	action: string
	values: Record<string, string>
	errors: FieldErrors
	formError?: string | null
	types: readonly ReferenceOption[]
	submitLabel: string
	cancelHref: string
}) {
	const { t } = useTranslation()
	const { statusLabel } = useStationLabels(types)
	const fieldLabels = useFieldLabels('stations.fields', EDITABLE_FIELDS)
	return (
		<Form method="post" action={action} noValidate className="catalog-form card card-body mb-3" aria-label={t('stations.formLabel')}>
			<ErrorSummary errors={errors} formError={formError} labels={fieldLabels} />
			<CsrfInput />
			<input type="hidden" name="version" value={values.version ?? ''} />
			<div className="row">
				<div className="col-md-4">
					<Field
						name="code"
						label={t('stations.fields.code')}
						defaultValue={values.code}
						error={errors.code}
						hint={t('catalog.hints.code', { max: STATION_LIMITS.code })}
						autoComplete="off"
						required
					/>
				</div>
				<div className="col-md-8">
					<Field name="name" label={t('stations.fields.name')} defaultValue={values.name} error={errors.name} autoComplete="off" required />
				</div>
				<div className="col-md-4">
					<SelectField
						name="type"
						label={t('stations.fields.type')}
						defaultValue={values.type ?? ''}
						emptyOption={t('catalog.choose')}
						options={optionsWith(types, values.type)}
						error={errors.type}
						required
					/>
				</div>
				<div className="col-md-4">
					<SelectField
						name="province"
						label={t('stations.fields.province')}
						defaultValue={values.province ?? ''}
						emptyOption={t('catalog.choose')}
						options={PROVINCES_BY_NAME.map((province) => ({ value: province.code, label: province.name }))}
						error={errors.province}
						required
					/>
				</div>
				<div className="col-md-4">
					<SelectField
						name="status"
						label={t('stations.fields.status')}
						defaultValue={values.status || 'active'}
						options={STATION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
						error={errors.status}
						required
					/>
				</div>
				<div className="col-12">
					<Field name="address" label={t('stations.fields.address')} defaultValue={values.address} error={errors.address} autoComplete="off" />
				</div>
				<div className="col-md-4">
					<Field
						name="latitude"
						label={t('stations.fields.latitude')}
						defaultValue={values.latitude}
						error={errors.latitude}
						hint={t('stations.hints.latitude')}
						inputMode="decimal"
						autoComplete="off"
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="longitude"
						label={t('stations.fields.longitude')}
						defaultValue={values.longitude}
						error={errors.longitude}
						hint={t('stations.hints.longitude')}
						inputMode="decimal"
						autoComplete="off"
					/>
				</div>
				<div className="col-md-4">
					<Field
						name="commissionedAt"
						type="date"
						label={t('stations.fields.commissionedAt')}
						defaultValue={values.commissionedAt}
						error={errors.commissionedAt}
						hint={t('catalog.hints.date')}
					/>
				</div>
				<div className="col-12">
					<TextareaField name="note" label={t('stations.fields.note')} defaultValue={values.note} error={errors.note} />
				</div>
			</div>
			<FormButtons submitLabel={submitLabel} cancelHref={cancelHref} />
		</Form>
	)
}

export const stationHref = (id: number) => `${STATIONS_PATH}/${id}`
