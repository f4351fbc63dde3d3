import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { functionRefusal } from '~/admin/function-refusals'
import { FUNCTIONS_PATH, functionHref, MAX_DEPTH } from '~/admin/functions'
import { functionFormValues, functionSchema, functionTreeEntries, getFunctionRow, updateFunction } from '~/admin/functions.server'
import { parseId } from '~/catalogs/catalog.server'
import { FunctionForm } from '~/components/admin-function-form'
import { PageHeader } from '~/components/page-header'
import { getLanguage } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import { invalid, parseForm } from '~/utils/form.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'
import { notFound } from '~/utils/responses.server'

export const handle = routeHandle({ function: 'QUANTRI_FUNCTIONS' }, '/admin/functions/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'QUANTRI_FUNCTIONS', 'view')
	const id = parseId(params.id)
	const row = id === null ? undefined : await getFunctionRow(id)
	if (!row) throw notFound()
	const entries = await functionTreeEntries(await getLanguage(request))
	// A function cannot move under itself or one of its descendants.
	const own = entries.find((entry) => entry.id === row.id)
	const descendants = new Set<number>([row.id])
	for (const entry of entries) if (entry.parentId !== null && descendants.has(entry.parentId)) descendants.add(entry.id)
	return {
		title: own ? `${own.label} (${row.code})` : row.code,
		id: row.id,
		values: functionFormValues(row),
		parents: entries.filter((entry) => entry.depth < MAX_DEPTH - 1 && !descendants.has(entry.id)),
		allowed: { update: can(grants, 'QUANTRI_FUNCTIONS', 'update') },
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'QUANTRI_FUNCTIONS', 'update')
	const id = parseId(params.id)
	if (id === null) throw notFound()
	const form = await parseForm(request, functionSchema)
	if (!form.ok) return invalid(form)
	const result = await updateFunction(id, form.data, { id: user.id, email: user.email })
	if (!result.ok) {
		if (result.reason === 'notFound') throw notFound()
		return invalid({ errors: functionRefusal(result.reason), values: form.values }, { status: 409 })
	}
	await flashSuccess(request, result.changed ? 'admin.functions.saved' : 'admin.noChanges', { code: form.data.code })
	return redirect(functionHref(id))
}

export default function FunctionPage() {
	const { t } = useTranslation()
	const { id, title, values, parents, allowed } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="function-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={FUNCTIONS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('admin.functions.backToList')}
				</Link>
			</nav>
			<PageHeader title={title} id="function-heading" />
			{allowed.update ? (
				<FunctionForm
					action={functionHref(id)}
					values={actionData?.values ?? values}
					errors={actionData?.errors ?? {}}
					parents={parents}
					submitLabel={t('catalog.save')}
					cancelHref={FUNCTIONS_PATH}
				/>
			) : (
				<dl className="row">
					<dt className="col-sm-4">{t('admin.functions.fields.code')}</dt>
					<dd className="col-sm-8">{values.code}</dd>
					<dt className="col-sm-4">{t('admin.functions.fields.path')}</dt>
					<dd className="col-sm-8">{values.path || '—'}</dd>
					<dt className="col-sm-4">{t('admin.functions.fields.icon')}</dt>
					<dd className="col-sm-8">{values.icon || '—'}</dd>
					<dt className="col-sm-4">{t('admin.functions.fields.sortOrder')}</dt>
					<dd className="col-sm-8">{values.sortOrder}</dd>
				</dl>
			)}
		</section>
	)
}
