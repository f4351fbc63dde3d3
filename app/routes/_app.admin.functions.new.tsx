import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { functionRefusals } from '~/admin/function-refusals'
import { FUNCTIONS_PATH, functionHref, MAX_DEPTH } from '~/admin/functions'
import { functionSchema } from '~/admin/function-form.server'
import { createFunction, functionTreeEntries } from '~/admin/functions.server'
import { FunctionForm } from '~/components/admin-function-form'
import { PageHeader } from '~/components/page-header'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import type { Actor } from '~/audit/audit.server'
import { formAction, formIntents } from '~/utils/form-action.server'

export const handle = routeHandle({ function: 'QUANTRI_FUNCTIONS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'QUANTRI_FUNCTIONS', 'create')
	const entries = await functionTreeEntries(await getLanguage(request))
	return { title: (await getT(request))('admin.functions.new'), parents: entries.filter((entry) => entry.depth < MAX_DEPTH - 1) }
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: (permission) => requirePermission(request, 'QUANTRI_FUNCTIONS', permission),
		intents: {
			create: formIntents<{ user: Actor }>()({
				permission: 'create',
				schema: functionSchema,
				run: ({ data }, { user }) => createFunction(data, user),
				refusals: functionRefusals,
				done: (result, { data }) => ({
					redirect: functionHref(result.id),
					toast: 'admin.functions.created',
					toastValues: { code: data.code },
				}),
			}),
		},
	})
}

export default function NewFunctionPage() {
	const { t } = useTranslation()
	const { parents } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="function-heading">
			<BackLink to={FUNCTIONS_PATH}>{t('admin.functions.backToList')}</BackLink>
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
