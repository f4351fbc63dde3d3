import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { importPageAction, importPageLoader, type CatalogImportSpec } from '~/catalogs/import-route.server'
import { TOOL_FIELDS, TOOL_PAGES, TOOL_STATUSES } from '~/catalogs/tools'
import { toolImport } from '~/catalogs/tools.server'
import { CsvImportPage } from '~/components/csv-import'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { choicesHelp, TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import catalogStyles from '~/styles/catalogs.css'
import { keepHeaders } from '~/utils/headers'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const headers = keepHeaders('Connection')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

const IMPORT: CatalogImportSpec = { pages: TOOL_PAGES, adapter: toolImport, choices: TOOL_CATEGORY_LIST }

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_LIST', 'import')
	return importPageLoader(request, user, IMPORT)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, scope } = await requirePermission(request, 'CONGCU_LIST', 'import')
	return importPageAction(request, user, IMPORT, scope)
}

export default function ToolImportPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof loader>()
	return (
		<CsvImportPage
			pages={TOOL_PAGES}
			page={page}
			answer={useActionData<typeof action>()}
			columns={TOOL_FIELDS}
			formatHelp={[
				t('tools.csvHelp.category', { values: choicesHelp(page.choices) }),
				t('tools.csvHelp.status', { values: TOOL_STATUSES.join(', ') }),
				t('tools.csvHelp.station'),
				t('tools.csvHelp.value'),
				t('csv.formatDates'),
			]}
		/>
	)
}
