import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ROLES_PATH, roleHref } from '~/admin/roles'
import { createRole, roleSchema } from '~/admin/roles.server'
import { RoleForm } from '~/components/admin-role-form'
import { PageHeader } from '~/components/page-header'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { invalid, parseForm, type FieldErrors } from '~/utils/form.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'QUANTRI_ROLES' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'QUANTRI_ROLES', 'create')
	return { title: (await getT(request))('admin.roles.new') }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'QUANTRI_ROLES', 'create')
	const form = await parseForm(request, roleSchema)
	if (!form.ok) return invalid(form)
	const result = await createRole(form.data, { id: user.id, email: user.email })
	if (!result.ok) {
		return invalid({ errors: { code: { key: 'admin.roles.errors.codeTaken' } } as FieldErrors, values: form.values }, { status: 409 })
	}
	await flashSuccess(request, 'admin.roles.created', { code: form.data.code })
	return redirect(roleHref(result.id))
}

export default function NewRolePage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	return (
		<section aria-labelledby="role-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={ROLES_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('admin.roles.backToList')}
				</Link>
			</nav>
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
