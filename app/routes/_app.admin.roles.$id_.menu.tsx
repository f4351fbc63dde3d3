import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { roleHref } from '~/admin/roles'
import { getRole } from '~/admin/roles.server'
import { parseId } from '~/catalogs/catalog.server'
import { PageHeader } from '~/components/page-header'
import { MenuPreview } from '~/components/shell/menu-preview'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { roleMenuPreview } from '~/permissions/menu-preview.server'
import { pageTitle } from '~/utils/meta'
import { notFound } from '~/utils/responses.server'

export const handle = routeHandle({ function: 'QUANTRI_ROLES' }, '/admin/roles/1/menu')

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** The menu a role gives, as the sidebar shows it: a page of its own, so that the role's page stays small. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requirePermission(request, 'QUANTRI_ROLES', 'view')
	const id = parseId(params.id)
	const role = id === null ? null : await getRole(id)
	if (!role) throw notFound()
	const [t, language] = await Promise.all([getT(request), getLanguage(request)])
	return {
		title: `${role.code} · ${t('admin.menuPreview.role')}`,
		role: { id: role.id, code: role.code },
		items: await roleMenuPreview(role.id, language),
	}
}

export default function AdminRoleMenuPage() {
	const { t } = useTranslation()
	const { title, role, items } = useLoaderData<typeof loader>()
	return (
		<section aria-labelledby="role-menu-heading">
			<BackLink to={roleHref(role.id)}>{role.code}</BackLink>
			<PageHeader title={title} id="role-menu-heading" />
			<MenuPreview items={items} heading={t('admin.menuPreview.role')} id="menu-preview" />
		</section>
	)
}
