import { useTranslation } from 'react-i18next'
import { CatalogForm, type CatalogFormProps } from '~/components/catalog-form'
import { GAUGE_CODE_MAX, GAUGE_KINDS } from './gauges'

/** The gauge form's own fields: the kind and the capacity, after the code and name every catalog has. */
export function GaugeForm(props: CatalogFormProps) {
	const { t } = useTranslation()
	return (
		<CatalogForm
			{...props}
			catalog="gauges"
			codeMax={GAUGE_CODE_MAX}
			fields={[
				{
					columns: 'col-md-6',
					kind: 'select',
					name: 'kind',
					options: GAUGE_KINDS.map((value) => ({ value, label: t(`gauges.kinds.${value}`) })),
					required: true,
				},
				{ columns: 'col-md-6', name: 'capacity', inputMode: 'numeric', required: true },
			]}
		/>
	)
}

/** How a gauge's fields and values read in the reader's language. */
export function useGaugeLabels() {
	const { t } = useTranslation()
	return {
		fieldLabel: (field: string) => t(`gauges.fields.${field}`),
		valueLabel: (field: string, value: string) => (field === 'kind' && value ? t(`gauges.kinds.${value}`) : value),
	}
}
