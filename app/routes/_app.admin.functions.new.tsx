import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { functionRefusal } from '~/admin/function-refusals'
import { FUNCTIONS_PATH, functionHref, MAX_DEPTH } from '~/admin/functions'
import { createFunction, functionSchema, functionTreeEntries } from '~/admin/functions.server'
import { FunctionForm } from '~/components/admin-function-form'
import { PageHeader } from '~/components/page-header'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { invalid, parseForm } from '~/utils/form.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'QUANTRI_FUNCTIONS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'QUANTRI_FUNCTIONS', 'create')
	const entries = await functionTreeEntries(await getLanguage(request))
	return { title: (await getT(request))('admin.functions.new'), parents: entries.filter((entry) => entry.depth < MAX_DEPTH - 1) }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'QUANTRI_FUNCTIONS', 'create')
	const form = await parseForm(request, functionSchema)
	if (!form.ok) return invalid(form)
	const result = await createFunction(form.data, { id: user.id, email: user.email })
	if (!result.ok) {
		if (result.reason === 'notFound') throw new Response(null, { status: 404 })
		return invalid({ errors: functionRefusal(result.reason), values: form.values }, { status: 409 })
	}
	await flashSuccess(request, 'admin.functions.created', { code: form.data.code })
	return redirect(functionHref(result.id))
}

export default function NewFunctionPage() {
	const { t } = useTranslation()
	const { parents } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="function-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={FUNCTIONS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('admin.functions.backToList')}
				</Link>
			</nav>
			<PageHeader title={t('admin.functions.new')} id="function-heading" />
			<FunctionForm
				action={`${FUNCTIONS_PATH}/new`}
				values={actionData?.values ?? { enabled: 'on', sortOrder: '10' }}
				errors={actionData?.errors ?? {}}
				parents={parents}
				submitLabel={t('catalog.create')}
				cancelHref={FUNCTIONS_PATH}
			/>
		</section>
	)
}
