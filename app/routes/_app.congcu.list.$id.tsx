import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { recordIntent } from '~/catalogs/catalog.server'
import { catalogRecordAction, loadCatalogRecord } from '~/catalogs/catalog-record-route.server'
import { formatMinor } from '~/catalogs/decimal'
import { TOOL_RECORD, toolPageValues } from '~/catalogs/tool-record.server'
import { MONEY_SCALE, TOOL_PAGES } from '~/catalogs/tools'
import { stationChoices } from '~/catalogs/tools.server'
import { StatusBadge } from '~/components/catalog'
import { CatalogRecordPage } from '~/components/catalog-record'
import { stationHref } from '~/components/station-form'
import { ToolForm, useToolLabels } from '~/components/tool-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'CONGCU_LIST' }, '/congcu/list/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants, scope, scopeOf } = await requirePermission(request, 'CONGCU_LIST', 'view')
	return loadCatalogRecord(
		request,
		params,
		grants,
		TOOL_RECORD,
		async (tool, allowed) => {
			const stations = allowed.update ? await stationChoices(scopeOf('CONGCU_LIST', 'update')) : null
			return { values: toolPageValues(tool, stations !== null), stations, categories: await optionsFor(TOOL_CATEGORY_LIST, request) }
		},
		scope,
	)
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { scope: view } = await requirePermission(request, 'CONGCU_LIST', 'view')
	const intent = await recordIntent(request)
	const { user, scope } = await requirePermission(request, 'CONGCU_LIST', intent)
	return catalogRecordAction(request, params, user, intent, TOOL_RECORD, { view, write: scope })
}

export default function ToolPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof loader>()
	const { record: tool, stations, categories } = page
	const labels = useToolLabels(stations, categories)
	return (
		<CatalogRecordPage
			pages={TOOL_PAGES}
			page={page}
			answer={useActionData<typeof action>()}
			labels={labels}
			form={(props) => <ToolForm {...props} stations={stations} categories={categories} />}
			facts={
				<>
					<dt className="col-sm-3">{t('tools.fields.stationId')}</dt>
					<dd className="col-sm-9">
						{tool.station_id !== null ? (
							<Link to={stationHref(tool.station_id)} className="link-on-page">
								{tool.station_code} · {tool.station_name}
							</Link>
						) : (
							t('tools.noStation')
						)}
					</dd>
				</>
			}
			fields={[
				{ label: t('tools.fields.code'), value: tool.code },
				{ label: t('tools.fields.name'), value: tool.name },
				{ label: t('tools.fields.category'), value: labels.categoryLabel(tool.category) },
				{ label: t('tools.fields.serialNumber'), value: tool.serial_number ?? '—' },
				{ label: t('tools.fields.status'), value: <StatusBadge status={tool.status} label={labels.statusLabel(tool.status)} /> },
				{
					label: t('tools.fields.quantity'),
					value: (
						<>
							{formatNumber(tool.quantity, i18n.language)} {tool.unit}
						</>
					),
				},
				{ label: t('tools.fields.purchaseDate'), value: tool.purchase_date ? formatCalendarDate(tool.purchase_date, i18n.language) : '—' },
				{
					label: t('tools.fields.value'),
					value: tool.value_minor === null ? '—' : formatMinor(tool.value_minor, MONEY_SCALE, i18n.language),
				},
				{ label: t('tools.fields.note'), value: tool.note ?? '—', preWrap: true },
			]}
		/>
	)
}
