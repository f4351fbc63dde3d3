import { useTranslation } from 'react-i18next'
import { PROVINCES_BY_NAME, provinceName } from '~/catalogs/provinces'
import { STATION_LIMITS, STATION_STATUSES, STATIONS_PATH } from '~/catalogs/stations/stations'
import { inScope, type ProvinceScope } from '~/permissions/scope'
import { optionLabel, optionsWith, type ReferenceOption } from '~/reference-lists/definitions'
import { CatalogForm, type CatalogField, type CatalogFormProps } from '~/components/catalog-form'

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

/**
 * The station's create and edit form. `provinces`: where the user may write (regional scope, decision 0052);
 * the select offers those, and the record's own province when it lies outside them (the server refuses it).
 */
export function StationForm({
	types,
	provinces,
	...form
}: CatalogFormProps & { types: readonly ReferenceOption[]; provinces: ProvinceScope }) {
	const { t } = useTranslation()
	const { statusLabel } = useStationLabels(types)
	const provinceOptions = PROVINCES_BY_NAME.filter(
		(province) => inScope(provinces, province.code) || province.code === form.values.province,
	).map((province) => ({
		value: province.code,
		label: province.name,
	}))
	const fields: CatalogField[] = [
		{
			columns: 'col-md-4',
			kind: 'select',
			name: 'type',
			emptyOption: t('catalog.choose'),
			options: optionsWith(types, form.values.type),
			required: true,
		},
		{ columns: 'col-md-4', kind: 'select', name: 'province', emptyOption: t('catalog.choose'), options: provinceOptions, required: true },
		{
			columns: 'col-md-4',
			kind: 'select',
			name: 'status',
			fallback: 'active',
			options: STATION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
			required: true,
		},
		{ columns: 'col-12', name: 'address', autoComplete: 'off' },
		{ columns: 'col-md-4', name: 'latitude', hint: t('stations.hints.latitude'), inputMode: 'decimal', autoComplete: 'off' },
		{ columns: 'col-md-4', name: 'longitude', hint: t('stations.hints.longitude'), inputMode: 'decimal', autoComplete: 'off' },
		{ columns: 'col-md-4', name: 'commissionedAt', type: 'date', hint: t('catalog.hints.date') },
		{ columns: 'col-12', kind: 'textarea', name: 'note' },
	]
	return <CatalogForm catalog="stations" codeMax={STATION_LIMITS.code} fields={fields} {...form} />
}

export const stationHref = (id: number) => `${STATIONS_PATH}/${id}`
