import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ROLES_PATH, roleHref } from '~/admin/roles'
import { createRole, roleSchema } from '~/admin/roles.server'
import { RoleForm } from '~/components/admin-role-form'
import { PageHeader } from '~/components/page-header'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import type { Actor } from '~/audit/audit.server'
import { formAction, formIntents } from '~/utils/form-action.server'

export const handle = routeHandle({ function: 'QUANTRI_ROLES' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'QUANTRI_ROLES', 'create')
	return { title: (await getT(request))('admin.roles.new') }
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: (permission) => requirePermission(request, 'QUANTRI_ROLES', permission),
		intents: {
			create: formIntents<{ user: Actor }>()({
				permission: 'create',
				schema: roleSchema,
				run: ({ data }, { user }) => createRole(data, user),
				refusals: { builtin: codeTaken, codeTaken },
				done: (result, { data }) => ({ redirect: roleHref(result.id), toast: 'admin.roles.created', toastValues: { code: data.code } }),
			}),
		},
	})
}

const codeTaken = { status: 409, errors: { code: { key: 'admin.roles.errors.codeTaken' } } }

export default function NewRolePage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="role-heading">
			<BackLink to={ROLES_PATH}>{t('admin.roles.backToList')}</BackLink>
			<PageHeader title={t('admin.roles.new')} id="role-heading" />
			<RoleForm
				action={`${ROLES_PATH}/new`}
				values={actionData?.values ?? {}}
				errors={actionData?.errors ?? {}}
				submitLabel={t('catalog.create')}
				cancelHref={ROLES_PATH}
			/>
		</section>
	)
}
