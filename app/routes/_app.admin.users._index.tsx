import { type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useRoleName } from '~/components/role-name'
import { useTranslation } from 'react-i18next'
import { USER_LIST, USER_STATES, USERS_FUNCTION, USERS_PATH, userHref } from '~/admin/users'
import { listAdminUsers, listRoleOptions } from '~/admin/user-list.server'
import { PageHeader } from '~/components/page-header'
import { EmptyList, ListSummary, Pagination, SortableHeader, TableScroller } from '~/components/list'
import { ListToolbar } from '~/components/list-toolbar'
import { formatDate, formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { getT } from '~/i18n/i18n.server'
import { isNarrowed } from '~/lists/list-query'
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
	const sortName = t(`admin.users.fields.${state.sort}`)
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
			{result.rows.length === 0 ? (
				<EmptyList
					path={USERS_PATH}
					narrowed={isNarrowed(state)}
					page={state.page}
					emptyTitle={t('admin.users.emptyTitle')}
					emptyBody={t('admin.users.emptyBody')}
					action={newLink}
				/>
			) : (
				<>
					<ListSummary info={result} id="users-summary" />
					<TableScroller labelledBy="users-caption">
						<table className="table table-hover align-middle" aria-describedby="users-summary">
							<caption id="users-caption" className="visually-hidden">
								{t('list.caption', {
									name: t('admin.users.title'),
									column: sortName,
									direction: state.dir === 'asc' ? t('list.ascending') : t('list.descending'),
								})}
							</caption>
							<thead>
								<tr>
									<SortableHeader {...list} column="email">
										{t('admin.users.fields.email')}
									</SortableHeader>
									<SortableHeader {...list} column="name">
										{t('admin.users.fields.name')}
									</SortableHeader>
									<th scope="col">{t('admin.users.fields.roles')}</th>
									<th scope="col">{t('scope.column')}</th>
									<th scope="col">{t('admin.users.fields.state')}</th>
									<SortableHeader {...list} column="lastSignIn">
										{t('admin.users.fields.lastSignIn')}
									</SortableHeader>
									<SortableHeader {...list} column="createdAt">
										{t('admin.users.fields.createdAt')}
									</SortableHeader>
								</tr>
							</thead>
							<tbody>
								{result.rows.map((user) => (
									<tr key={user.id}>
										<th scope="row">
											<Link to={userHref(user.id)}>{user.email}</Link>
										</th>
										<td>{user.display_name}</td>
										<td>{user.roles.map(roleLabel).join(', ') || '—'}</td>
										<td>
											{user.assignments.some((assignment) => assignment.provinces !== null)
												? user.assignments
														.map(({ code, provinces }) =>
															provinces === null
																? t('scope.roleEverywhere', { role: roleLabel(code) })
																: t('scope.roleIn', { role: roleLabel(code), provinces: provinces.map(provinceName).join(', ') }),
														)
														.join('; ')
												: user.roles.length > 0
													? t('scope.everywhere')
													: '—'}
										</td>
										<td>
											<span className={`badge ${user.locked ? 'text-bg-danger' : 'text-bg-success'}`}>
												{t(`admin.users.states.${user.locked ? 'locked' : 'active'}`)}
											</span>
										</td>
										<td className="text-nowrap">
											{user.last_sign_in_at > 0
												? formatDateTime(user.last_sign_in_at, i18n.language, timeZone)
												: t('admin.users.neverSignedIn')}
										</td>
										<td className="text-nowrap">{formatDate(user.created_at, i18n.language, timeZone)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableScroller>
					<Pagination {...list} info={result} />
				</>
			)}
		</section>
	)
}
