import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { toolSchemaFor } from '~/catalogs/tool-schema.server'
import { TOOLS_PATH } from '~/catalogs/tools'
import { createTool, resolveStation, stationChoices } from '~/catalogs/tools.server'
import { PageHeader } from '~/components/page-header'
import { ToolForm } from '~/components/tool-form'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import { listedCodes } from '~/reference-lists/reference-lists.server'
import catalogStyles from '~/styles/catalogs.css'
import { invalid, parseForm, type FieldErrors } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'CONGCU_LIST', 'create')
	// `?stationId=` preselects a station (the "add a tool" link of a station).
	const preselected = new URL(request.url).searchParams.get('stationId') ?? ''
	return {
		title: (await getT(request))('tools.new'),
		stations: await stationChoices(),
		categories: await optionsFor(TOOL_CATEGORY_LIST, request),
		preselected: preselected.slice(0, 40),
	}
}

function refused(errors: FieldErrors, values: Record<string, string>, status: number) {
	return invalid({ errors, values }, { status })
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_LIST', 'create')
	const form = await parseForm(request, toolSchemaFor(await listedCodes(TOOL_CATEGORY_LIST)))
	if (!form.ok) return invalid(form)
	const values = form.values
	const station = form.data.stationId === null ? null : await resolveStation(form.data.stationId)
	if (form.data.stationId !== null && !station) return refused({ stationId: { key: 'tools.errors.stationNotFound' } }, values, 400)
	const result = await createTool({ ...form.data, stationId: station?.id ?? null }, user)
	if (!result.ok) {
		if (result.reason === 'stationNotFound') return refused({ stationId: { key: 'tools.errors.stationNotFound' } }, values, 400)
		if (result.reason === 'categoryNotListed') return refused({ category: { key: 'catalog.errors.invalidChoice' } }, values, 400)
		return refused({ code: { key: 'catalog.errors.codeTaken' } }, values, 409)
	}
	await flashSuccess(request, 'tools.created', { code: form.data.code })
	return redirect(`${TOOLS_PATH}/${result.id}`)
}

export default function NewToolPage() {
	const { t } = useTranslation()
	const { stations, categories, preselected } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="tool-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={TOOLS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('tools.backToList')}
				</Link>
			</nav>
			<PageHeader title={t('tools.new')} id="tool-heading" />
			<ToolForm
				action={`${TOOLS_PATH}/new`}
				values={actionData?.values ?? { status: 'in_stock', quantity: '1', unit: t('tools.defaultUnit'), stationId: preselected }}
				errors={actionData?.errors ?? {}}
				stations={stations}
				categories={categories}
				submitLabel={t('catalog.create')}
				cancelHref={TOOLS_PATH}
			/>
		</section>
	)
}
