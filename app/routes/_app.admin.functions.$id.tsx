import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { functionRefusals } from '~/admin/function-refusals'
import { FUNCTIONS_PATH, functionHref, MAX_DEPTH } from '~/admin/functions'
import { functionFormValues, functionSchema } from '~/admin/function-form.server'
import { functionTreeEntries, getFunctionRow, updateFunction } from '~/admin/functions.server'
import { parseId } from '~/catalogs/catalog.server'
import { FunctionForm } from '~/components/admin-function-form'
import { PageHeader } from '~/components/page-header'
import { getLanguage } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { notFound } from '~/utils/responses.server'
import type { Actor } from '~/audit/audit.server'
import { formAction, formIntents } from '~/utils/form-action.server'

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
	const id = parseId(params.id)
	return formAction(request, {
		permit: async (permission) => {
			const { user } = await requirePermission(request, 'QUANTRI_FUNCTIONS', permission)
			if (id === null) throw notFound()
			return { user, id }
		},
		intents: {
			update: formIntents<{ user: Actor; id: number }>()({
				permission: 'update',
				schema: functionSchema,
				run: ({ data }, { user, id }) => updateFunction(id, data, user),
				refusals: functionRefusals,
				done: (result, { data }, { id }) => ({
					redirect: functionHref(id),
					toast: result.changed ? 'admin.functions.saved' : 'admin.noChanges',
					toastValues: { code: data.code },
				}),
			}),
		},
	})
}

export default function FunctionPage() {
	const { t } = useTranslation()
	const { id, title, values, parents, allowed } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="function-heading">
			<BackLink to={FUNCTIONS_PATH}>{t('admin.functions.backToList')}</BackLink>
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
