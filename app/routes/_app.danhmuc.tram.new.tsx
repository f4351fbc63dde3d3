import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { stationSchemaFor } from '~/catalogs/station-schema.server'
import { STATIONS_PATH } from '~/catalogs/stations'
import { createStation } from '~/catalogs/stations.server'
import { PageHeader } from '~/components/page-header'
import { StationForm, stationHref } from '~/components/station-form'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import { listedCodes } from '~/reference-lists/reference-lists.server'
import catalogStyles from '~/styles/catalogs.css'
import { invalid, parseForm } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'DANHMUC_TRAM', 'create')
	return { title: (await getT(request))('stations.new'), types: await optionsFor(STATION_TYPE_LIST, request) }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'create')
	const form = await parseForm(request, stationSchemaFor(await listedCodes(STATION_TYPE_LIST)))
	if (!form.ok) return invalid(form)
	const result = await createStation(form.data, user)
	if (!result.ok) {
		return result.reason === 'typeNotListed'
			? invalid({ errors: { type: { key: 'catalog.errors.invalidChoice' } }, values: form.values }, { status: 400 })
			: invalid({ errors: { code: { key: 'catalog.errors.codeTaken' } }, values: form.values }, { status: 409 })
	}
	await flashSuccess(request, 'stations.created', { code: form.data.code })
	return redirect(stationHref(result.id))
}

export default function NewStationPage() {
	const { t } = useTranslation()
	const { types } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="station-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={STATIONS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('stations.backToList')}
				</Link>
			</nav>
			<PageHeader title={t('stations.new')} id="station-heading" />
			<StationForm
				action={`${STATIONS_PATH}/new`}
				values={actionData?.values ?? { status: 'active' }}
				errors={actionData?.errors ?? {}}
				types={types}
				submitLabel={t('catalog.create')}
				cancelHref={STATIONS_PATH}
			/>
		</section>
	)
}
