import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import { CatalogListPage } from '~/components/catalog-list'
import { CatalogNewRecordPage, CatalogRecordPage } from '~/components/catalog-record'
import type { CatalogFormProps } from '~/components/catalog-form'
import { CsvImportPage } from '~/components/csv-import'
import type { FieldErrors } from '~/utils/form.server'
import { GaugeForm, useGaugeLabels } from './gauge-form'
import { GAUGE_FIELDS, GAUGE_KINDS, GAUGE_PAGES, type GaugeFilter, type GaugeListRow, type GaugeSort } from './gauges'
import type { GAUGE_ROUTES as ROUTES } from './routes.server'

/** The gauges' pages, which the generated catalog routes render (app/catalogs/routes/*). */

function GaugeListPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof ROUTES.list.loader>()
	const { valueLabel } = useGaugeLabels()
	return (
		<CatalogListPage<GaugeListRow, GaugeFilter, GaugeSort>
			pages={GAUGE_PAGES}
			page={page}
			filters={[
				{
					name: 'kind',
					label: t('gauges.fields.kind'),
					allLabel: t('list.all'),
					options: GAUGE_KINDS.map((value) => ({ value, label: valueLabel('kind', value) })),
				},
			]}
			columns={[
				{ key: 'kind', label: t('gauges.fields.kind'), sortable: true, cell: (gauge) => valueLabel('kind', gauge.kind) },
				{ key: 'capacity', label: t('gauges.fields.capacity'), sortable: true, alignEnd: true, cell: (gauge) => String(gauge.capacity) },
			]}
		/>
	)
}

const gaugeForm = (props: CatalogFormProps) => <GaugeForm {...props} />

function GaugeRecordPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof ROUTES.record.loader>()
	const labels = useGaugeLabels()
	const { record } = page
	return (
		<CatalogRecordPage
			pages={GAUGE_PAGES}
			page={page}
			answer={useActionData()}
			labels={labels}
			form={gaugeForm}
			facts={null}
			fields={[
				{ label: t('gauges.fields.code'), value: record.code },
				{ label: t('gauges.fields.name'), value: record.name },
				{ label: t('gauges.fields.kind'), value: labels.valueLabel('kind', record.kind) },
				{ label: t('gauges.fields.capacity'), value: String(record.capacity) },
			]}
		/>
	)
}

function GaugeImportPage() {
	return (
		<CsvImportPage
			pages={GAUGE_PAGES}
			page={useLoaderData<typeof importPageLoader>()}
			answer={useActionData<typeof importPageAction>()}
			columns={GAUGE_FIELDS}
			formatHelp={[]}
		/>
	)
}

function GaugeNewPage() {
	const answer = useActionData() as { values: Record<string, string>; errors: FieldErrors } | undefined
	return <CatalogNewRecordPage pages={GAUGE_PAGES} answer={answer} initialValues={{ kind: 'pressure' }} form={gaugeForm} />
}

export const GAUGE_PAGE_COMPONENTS = { list: GaugeListPage, record: GaugeRecordPage, new: GaugeNewPage, import: GaugeImportPage }
