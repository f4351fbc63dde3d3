import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ROLES_FUNCTION, ROLES_PATH, roleHref } from '~/admin/roles'
import { listRoles } from '~/admin/roles.server'
import { useRoleDescription, useRoleName } from '~/components/role-name'
import { PageHeader } from '~/components/page-header'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { Badge } from '~/components/badge'
import { TableScroller } from '~/components/list'

export const handle = routeHandle({ function: 'QUANTRI_ROLES' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'QUANTRI_ROLES', 'view')
	const t = await getT(request)
	return { title: t('admin.roles.title'), roles: await listRoles(), allowed: { create: can(grants, ROLES_FUNCTION, 'create') } }
}

export default function AdminRolesPage() {
	const { t } = useTranslation()
	const { roles, allowed } = useLoaderData<typeof loader>()
	const roleName = useRoleName()
	const roleDescription = useRoleDescription()
	return (
		<section aria-labelledby="roles-heading">
			<PageHeader title={t('admin.roles.title')} id="roles-heading">
				{allowed.create ? (
					<Link to={`${ROLES_PATH}/new`} className="btn btn-primary">
						<i className="bx bx-plus" aria-hidden="true" /> {t('admin.roles.new')}
					</Link>
				) : null}
			</PageHeader>
			<TableScroller labelledBy="roles-caption">
				<table className="table table-hover align-middle">
					<caption id="roles-caption" className="visually-hidden">
						{t('admin.roles.title')}
					</caption>
					<thead>
						<tr>
							<th scope="col">{t('admin.roles.fields.code')}</th>
							<th scope="col">{t('admin.roles.fields.name')}</th>
							<th scope="col">{t('admin.roles.fields.description')}</th>
							<th scope="col" className="text-end">
								{t('admin.roles.fields.users')}
							</th>
							<th scope="col">{t('admin.roles.fields.grants')}</th>
						</tr>
					</thead>
					<tbody>
						{roles.map((role) => (
							<tr key={role.id}>
								<th scope="row">
									<Link to={roleHref(role.id)}>{role.code}</Link>
								</th>
								<td>
									{roleName(role)}
									{role.is_builtin ? <Badge className="text-bg-secondary ms-1">{t('admin.roles.builtin')}</Badge> : null}
								</td>
								<td>{roleDescription(role)}</td>
								<td className="text-end">{role.users}</td>
								<td>{role.all_access ? t('admin.roles.allFunctions') : t('admin.roles.grantCount', { count: role.grants })}</td>
							</tr>
						))}
					</tbody>
				</table>
			</TableScroller>
		</section>
	)
}
