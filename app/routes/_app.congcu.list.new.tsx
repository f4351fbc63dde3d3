import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { loadNewCatalogRecord, newCatalogRecordAction } from '~/catalogs/catalog-record-route.server'
import { TOOL_RECORD } from '~/catalogs/tool-record.server'
import { TOOL_PAGES } from '~/catalogs/tools'
import { stationChoices } from '~/catalogs/tools.server'
import { CatalogNewRecordPage } from '~/components/catalog-record'
import { ToolForm } from '~/components/tool-form'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requirePermission(request, 'CONGCU_LIST', 'create')
	// `?stationId=` preselects a station (the "add a tool" link of a station).
	const preselected = new URL(request.url).searchParams.get('stationId') ?? ''
	return loadNewCatalogRecord(request, TOOL_PAGES, async () => ({
		stations: await stationChoices(scope),
		categories: await optionsFor(TOOL_CATEGORY_LIST, request),
		preselected: preselected.slice(0, 40),
	}))
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, scope } = await requirePermission(request, 'CONGCU_LIST', 'create')
	return newCatalogRecordAction(request, user, TOOL_RECORD, scope)
}

export default function NewToolPage() {
	const { t } = useTranslation()
	const { stations, categories, preselected } = useLoaderData<typeof loader>()
	return (
		<CatalogNewRecordPage
			pages={TOOL_PAGES}
			answer={useActionData<typeof action>()}
			initialValues={{ status: 'in_stock', quantity: '1', unit: t('tools.defaultUnit'), stationId: preselected }}
			form={(props) => <ToolForm {...props} stations={stations} categories={categories} />}
		/>
	)
}
