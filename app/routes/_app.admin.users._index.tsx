import { type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useRoleName } from '~/components/role-name'
import { useTranslation } from 'react-i18next'
import { USER_LIST, USER_STATES, USERS_FUNCTION, USERS_PATH, userHref } from '~/admin/users'
import { listAdminUsers, listRoleOptions } from '~/admin/user-list.server'
import { PageHeader } from '~/components/page-header'
import { PagedTable, type TableColumn } from '~/components/data-table'
import { ListToolbar } from '~/components/list-toolbar'
import { formatDate, formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { getT } from '~/i18n/i18n.server'
import { requireListState, requirePageInRange } from '~/lists/list-route.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { provinceName } from '~/catalogs/provinces'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants, user } = await requirePermission(request, 'QUANTRI_USERS', 'view')
	const state = requireListState(request, USERS_PATH, USER_LIST)
	const [result, roles] = await Promise.all([listAdminUsers(state), listRoleOptions(user.id)])
	requirePageInRange(result, state, USERS_PATH, USER_LIST)
	const t = await getT(request)
	return {
		title: t('admin.users.title'),
		state,
		result,
		roles,
		allowed: { create: can(grants, USERS_FUNCTION, 'create'), export: can(grants, USERS_FUNCTION, 'export') },
	}
}

export default function AdminUsersPage() {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	const { state, result, roles, allowed } = useLoaderData<typeof loader>()
	const list = { path: USERS_PATH, state, spec: USER_LIST }
	const roleName = useRoleName()
	const roleLabel = (code: string) => roleName(roles.find((role) => role.code === code) ?? { code, name: code, is_builtin: false })
	const columns: TableColumn<(typeof result.rows)[number]>[] = [
		{
			key: 'email',
			label: t('admin.users.fields.email'),
			sortable: true,
			rowHeader: true,
			cell: (user) => <Link to={userHref(user.id)}>{user.email}</Link>,
		},
		{ key: 'name', label: t('admin.users.fields.name'), sortable: true, cell: (user) => user.display_name },
		{ key: 'roles', label: t('admin.users.fields.roles'), cell: (user) => user.roles.map(roleLabel).join(', ') || '—' },
		{
			key: 'scope',
			label: t('scope.column'),
			cell: (user) =>
				user.assignments.some((assignment) => assignment.provinces !== null)
					? user.assignments
							.map(({ code, provinces }) =>
								provinces === null
									? t('scope.roleEverywhere', { role: roleLabel(code) })
									: t('scope.roleIn', { role: roleLabel(code), provinces: provinces.map(provinceName).join(', ') }),
							)
							.join('; ')
					: user.roles.length > 0
						? t('scope.everywhere')
						: '—',
		},
		{
			key: 'state',
			label: t('admin.users.fields.state'),
			cell: (user) => (
				<span className={`badge ${user.locked ? 'text-bg-danger' : 'text-bg-success'}`}>
					{t(`admin.users.states.${user.locked ? 'locked' : 'active'}`)}
				</span>
			),
		},
		{
			key: 'lastSignIn',
			label: t('admin.users.fields.lastSignIn'),
			sortable: true,
			className: 'text-nowrap',
			cell: (user) =>
				user.last_sign_in_at > 0 ? formatDateTime(user.last_sign_in_at, i18n.language, timeZone) : t('admin.users.neverSignedIn'),
		},
		{
			key: 'createdAt',
			label: t('admin.users.fields.createdAt'),
			sortable: true,
			className: 'text-nowrap',
			cell: (user) => formatDate(user.created_at, i18n.language, timeZone),
		},
	]
	const newLink = allowed.create ? (
		<Link to={`${USERS_PATH}/new`} className="btn btn-primary">
			<i className="bx bx-plus" aria-hidden="true" /> {t('admin.users.new')}
		</Link>
	) : null
	return (
		<section aria-labelledby="users-heading">
			<PageHeader title={t('admin.users.title')} id="users-heading">
				{allowed.export ? (
					<a href={`${USERS_PATH}/grants.csv`} className="btn btn-outline-dark" download>
						<i className="bx bx-download" aria-hidden="true" /> {t('admin.users.grantsExport')}
					</a>
				) : null}
				{newLink}
			</PageHeader>
			<ListToolbar
				{...list}
				label={t('admin.users.searchForm')}
				searchLabel={t('list.search')}
				searchHint={t('admin.users.searchHint')}
				filters={[
					{
						name: 'role',
						label: t('admin.users.fields.roles'),
						allLabel: t('list.all'),
						options: roles.map((role) => ({ value: role.code, label: roleLabel(role.code) })),
					},
					{
						name: 'state',
						label: t('admin.users.fields.state'),
						allLabel: t('list.all'),
						options: USER_STATES.map((s) => ({ value: s, label: t(`admin.users.states.${s}`) })),
					},
				]}
			/>
			<PagedTable
				list={list}
				result={result}
				id="users"
				name={t('admin.users.title')}
				sortLabel={t(`admin.users.fields.${state.sort}`)}
				emptyTitle={t('admin.users.emptyTitle')}
				emptyBody={t('admin.users.emptyBody')}
				emptyAction={newLink}
				className="table table-hover align-middle"
				columns={columns}
			/>
		</section>
	)
}
