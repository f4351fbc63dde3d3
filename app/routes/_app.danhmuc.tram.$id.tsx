import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { recordIntent } from '~/catalogs/catalog.server'
import { catalogRecordAction, loadCatalogRecord } from '~/catalogs/catalog-record-route.server'
import { provinceName } from '~/catalogs/provinces'
import { STATION_RECORD } from '~/catalogs/station-record.server'
import { STATION_PAGES } from '~/catalogs/stations'
import { TOOL_FUNCTION } from '~/catalogs/tools'
import { StatusBadge } from '~/components/catalog'
import { CatalogRecordPage } from '~/components/catalog-record'
import { StationForm, useStationLabels } from '~/components/station-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' }, '/danhmuc/tram/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants, scope, scopeOf } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	return loadCatalogRecord(
		request,
		params,
		grants,
		STATION_RECORD,
		async () => ({
			types: await optionsFor(STATION_TYPE_LIST, request),
			addTool: can(grants, TOOL_FUNCTION, 'create'),
			provinces: scopeOf('DANHMUC_TRAM', 'update'),
		}),
		scope,
	)
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { scope: view } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	const intent = await recordIntent(request)
	const { user, scope } = await requirePermission(request, 'DANHMUC_TRAM', intent)
	return catalogRecordAction(request, params, user, intent, STATION_RECORD, { view, write: scope })
}

export default function StationPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof loader>()
	const { record: station, values, types, addTool, provinces } = page
	const labels = useStationLabels(types)
	const toolsHref = `/congcu/list?stationId=${station.id}`
	return (
		<CatalogRecordPage
			pages={STATION_PAGES}
			page={page}
			answer={useActionData<typeof action>()}
			labels={labels}
			form={(props) => <StationForm {...props} types={types} provinces={provinces} />}
			deleteRefused={(count) => (
				<div className="alert alert-danger" role="alert">
					<p className="mb-1">{t('stations.deleteRefused', { count })}</p>
					<Link to={toolsHref} className="alert-link">
						{t('stations.showTools')}
					</Link>
				</div>
			)}
			facts={
				<>
					<dt className="col-sm-3">{t('stations.toolCount')}</dt>
					<dd className="col-sm-9">
						<Link to={toolsHref} className="link-on-page">
							{formatNumber(station.tool_count, i18n.language)}
						</Link>
						{addTool ? (
							<>
								{' · '}
								<Link to={`/congcu/list/new?stationId=${station.id}`} className="link-on-page">
									{t('stations.addTool')}
								</Link>
							</>
						) : null}
					</dd>
				</>
			}
			fields={[
				{ label: t('stations.fields.code'), value: station.code },
				{ label: t('stations.fields.name'), value: station.name },
				{ label: t('stations.fields.type'), value: labels.typeLabel(station.type) },
				{ label: t('stations.fields.province'), value: provinceName(station.province) },
				{ label: t('stations.fields.address'), value: station.address ?? '—' },
				{ label: t('stations.fields.coordinates'), value: values.latitude ? `${values.latitude}, ${values.longitude}` : '—' },
				{ label: t('stations.fields.status'), value: <StatusBadge status={station.status} label={labels.statusLabel(station.status)} /> },
				{
					label: t('stations.fields.commissionedAt'),
					value: station.commissioned_at ? formatCalendarDate(station.commissioned_at, i18n.language) : '—',
				},
				{ label: t('stations.fields.note'), value: station.note ?? '—', preWrap: true },
			]}
		/>
	)
}
