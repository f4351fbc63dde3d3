import { useTranslation } from 'react-i18next'
import { TOOL_LIMITS, TOOL_STATUSES } from '~/catalogs/tools/tools'
import { optionLabel, optionsWith, type ReferenceOption } from '~/reference-lists/definitions'
import type { FieldErrors } from '~/utils/form.server'
import { CatalogForm, type CatalogField, type CatalogFormProps } from '~/components/catalog-form'
import { Field, SelectField } from '~/components/forms'

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
		field === 'category'
			? categoryLabel(value)
			: field === 'status'
				? statusLabel(value)
				: field === 'stationId'
					? stationLabel(value)
					: value
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
	const field = { id, name: 'stationId', label, defaultValue: value, error }
	if (stations) {
		const options = stations.map((station) => ({ value: String(station.id), label: `${station.code} · ${station.name}` }))
		return <SelectField {...field} className={className} emptyOption={emptyLabel} options={options} />
	}
	return (
		<div className={className ?? 'mb-3'}>
			<Field {...field} hint={t('tools.hints.station')} autoComplete="off" />
		</div>
	)
}

/** The tool's create and edit form. */
export function ToolForm({
	stations,
	categories,
	...form
}: CatalogFormProps & { stations: readonly StationChoice[] | null; categories: readonly ReferenceOption[] }) {
	const { t } = useTranslation()
	const { statusLabel } = useToolLabels(stations, categories)
	const fields: CatalogField[] = [
		{
			columns: 'col-md-4',
			kind: 'select',
			name: 'category',
			emptyOption: t('catalog.choose'),
			options: optionsWith(categories, form.values.category),
			required: true,
		},
		{ columns: 'col-md-4', name: 'serialNumber', autoComplete: 'off' },
		{
			columns: 'col-md-4',
			kind: 'select',
			name: 'status',
			fallback: 'in_stock',
			options: TOOL_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
			required: true,
		},
		{
			columns: 'col-md-8',
			kind: 'custom',
			name: 'stationId',
			render: (field) => <StationPicker stations={stations} {...field} emptyLabel={t('tools.noStation')} />,
		},
		{ columns: 'col-6 col-md-2', name: 'quantity', type: 'number', min: 0, step: 1, required: true },
		{ columns: 'col-6 col-md-2', name: 'unit', autoComplete: 'off', required: true },
		{ columns: 'col-md-4', name: 'purchaseDate', type: 'date', hint: t('catalog.hints.date') },
		{ columns: 'col-md-4', name: 'value', hint: t('tools.hints.value'), inputMode: 'decimal', autoComplete: 'off' },
		{ columns: 'col-12', kind: 'textarea', name: 'note' },
	]
	return <CatalogForm catalog="tools" codeMax={TOOL_LIMITS.code} fields={fields} {...form} />
}
