import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { provinceName } from '~/catalogs/provinces'
import { keptScopes, USERS_FUNCTION, USERS_PATH, userHref } from '~/admin/users'
import { canManageUser } from '~/admin/users.server'
import { userPageIntents, type UserPageAuth, type UserPageIntent } from '~/admin/user-page-intents.server'
import { getAdminUser, listRoleOptions } from '~/admin/user-list.server'
import { getUserSessions } from '~/admin/user-sessions.server'
import { getSessionState } from '~/auth/session.server'
import { parseId } from '~/catalogs/catalog.server'
import { AdminDeleteConfirmation } from '~/components/admin-delete-confirmation'
import { AdminUserAccess } from '~/components/admin-user-access'
import { AdminUserForm, OneTimePassword, useUserFieldLabels } from '~/components/admin-user-form'
import { useRoleName } from '~/components/role-name'
import { PageHeader } from '~/components/page-header'
import { ErrorSummary, FormAlert } from '~/components/forms'
import { MenuPreview } from '~/components/shell/menu-preview'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { forbidden, requirePermission } from '~/permissions/grants.server'
import { userMenuPreview } from '~/permissions/menu-preview.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { formAction, type FormAnswer } from '~/utils/form-action.server'
import { Badge } from '~/components/badge'
import { SessionsTable } from '~/components/security/sessions-table'
import { hasSecondFactor } from '~/auth/mfa/mfa.server'
import { notFound } from '~/utils/responses.server'
import { getLinkedIdentity } from '~/auth/oidc/identities.server'
import { getConfig } from '~/config.server'
import { SsoIdentity } from '~/components/sso-identity'
import { deleteConfirmationHref, isDeleteConfirmation } from '~/utils/delete-confirmation'

export const handle = routeHandle({ function: 'QUANTRI_USERS' }, '/admin/users/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants, user: me } = await requirePermission(request, 'QUANTRI_USERS', 'view')
	const id = parseId(params.id)
	const user = id === null ? null : await getAdminUser(id)
	if (!user) throw notFound()
	const confirmDelete = isDeleteConfirmation(request.url)
	if (confirmDelete && !can(grants, USERS_FUNCTION, 'delete')) throw forbidden()
	const [t, language, state] = await Promise.all([getT(request), getLanguage(request), getSessionState(request)])
	return {
		title: confirmDelete ? t('admin.users.deleteTitle', { email: user.email }) : user.email,
		user,
		menuPreview: await userMenuPreview(user.id, language),
		roles: await listRoleOptions(me.id),
		self: me.id === user.id,
		manageable: await canManageUser(me.id, user.id),
		sessions: await getUserSessions(user.id, state.status === 'active' ? state.session.id_hash : null),
		secondFactor: await hasSecondFactor(user.id),
		ssoIdentity: await linkedIdentityOf(user.id),
		confirmDelete,
		allowed: { update: can(grants, USERS_FUNCTION, 'update'), delete: can(grants, USERS_FUNCTION, 'delete') },
	}
}

/** The identity at the OpenID provider; undefined when single sign-on is not configured (nothing to show). */
async function linkedIdentityOf(userId: number) {
	const issuer = getConfig().oidc?.issuer
	return issuer ? await getLinkedIdentity(userId, issuer) : undefined
}

export async function action({ request, params }: ActionFunctionArgs) {
	const id = parseId(params.id)
	return formAction(request, {
		permit: async (permission): Promise<UserPageAuth> => {
			const { user } = await requirePermission(request, 'QUANTRI_USERS', permission)
			if (id === null || !(await getAdminUser(id))) throw notFound()
			return { user, id }
		},
		intents: userPageIntents(request),
	})
}

export default function AdminUserPage() {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	const { user, roles, self, confirmDelete, allowed, manageable, menuPreview, sessions, secondFactor, ssoIdentity } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as (FormAnswer<UserPageIntent> & { password?: string }) | undefined
	const roleLabel = useRoleName()
	const href = userHref(user.id)
	const failed = actionData && !actionData.ok ? actionData : null
	const userFieldLabels = useUserFieldLabels()
	const formError = (
		<ErrorSummary errors={failed?.errors} formError={failed?.formError ? t(failed.formError) : null} labels={userFieldLabels} />
	)

	if (confirmDelete && allowed.delete) {
		return (
			<AdminDeleteConfirmation
				title={t('admin.users.deleteTitle', { email: user.email })}
				headingId="user-heading"
				question={t('admin.users.deleteQuestion', { email: user.email })}
				action={href}
				confirmLabel={t('admin.users.deleteConfirm')}
			>
				{formError}
			</AdminDeleteConfirmation>
		)
	}

	const updateFailed = failed?.intent === 'update' ? failed : null
	const values = updateFailed?.values ?? { displayName: user.display_name, firstName: user.first_name, lastName: user.last_name }
	const selectedRoles = updateFailed ? (updateFailed.values.roles ? updateFailed.values.roles.split(',') : []) : user.roles
	const scopes = updateFailed
		? keptScopes(updateFailed.values)
		: Object.fromEntries(user.assignments.map((assignment) => [assignment.code, assignment.provinces]))
	return (
		<section aria-labelledby="user-heading">
			<BackLink to={USERS_PATH}>{t('admin.users.backToList')}</BackLink>
			<PageHeader title={user.email} id="user-heading">
				<Badge className={user.locked ? 'text-bg-danger' : 'text-bg-success'}>
					{t(`admin.users.states.${user.locked ? 'locked' : 'active'}`)}
				</Badge>
			</PageHeader>
			{formError}
			{manageable ? null : <FormAlert tone="info" message={t('admin.delegation.userBeyondActorNotice')} />}
			{actionData?.ok && actionData.password ? <OneTimePassword password={actionData.password} /> : null}
			<dl className="row mb-3">
				<dt className="col-sm-4">{t('admin.users.fields.displayName')}</dt>
				<dd className="col-sm-8">{user.display_name}</dd>
				<dt className="col-sm-4">{t('admin.users.fields.roles')}</dt>
				<dd className="col-sm-8">
					{user.assignments
						.map(({ code, provinces }) => {
							const role = roleLabel(roles.find((each) => each.code === code) ?? { code, name: code, is_builtin: 0 })
							return provinces === null ? role : t('scope.roleIn', { role, provinces: provinces.map(provinceName).join(', ') })
						})
						.join('; ') || '—'}
				</dd>
				<dt className="col-sm-4">{t('admin.users.fields.mustChange')}</dt>
				<dd className="col-sm-8">{user.must_change_password ? t('admin.yes') : t('admin.no')}</dd>
				<dt className="col-sm-4">{t('admin.users.fields.sessions')}</dt>
				<dd className="col-sm-8">{user.sessions}</dd>
				<dt className="col-sm-4">{t('admin.users.fields.createdAt')}</dt>
				<dd className="col-sm-8">{formatDateTime(user.created_at, i18n.language, timeZone)}</dd>
			</dl>
			{allowed.update ? (
				<>
					<h2 className="h5">{t('admin.users.editTitle')}</h2>
					<AdminUserForm
						action={href}
						mode="edit"
						values={values}
						roles={roles}
						selectedRoles={selectedRoles}
						scopes={scopes}
						errors={updateFailed?.errors ?? {}}
						submitLabel={t('catalog.save')}
						cancelHref={USERS_PATH}
					/>
					<AdminUserAccess user={user} href={href} self={self} secondFactor={secondFactor} failed={failed} />
				</>
			) : null}
			{ssoIdentity !== undefined ? <SsoIdentity identity={ssoIdentity} unlinkAction={allowed.update && manageable ? href : null} /> : null}
			<section aria-labelledby="user-sessions-heading" className="mt-4">
				<h2 className="h5" id="user-sessions-heading">
					{t('security.admin.heading')}
				</h2>
				<SessionsTable
					sessions={sessions}
					caption={t('security.admin.heading')}
					signOutAction={allowed.update && manageable ? href : null}
				/>
			</section>
			{allowed.delete && !self ? (
				<div className="mt-4">
					<Link to={deleteConfirmationHref(href)} className="btn btn-outline-danger">
						<i className="bx bx-trash" aria-hidden="true" /> {t('admin.users.delete')}
					</Link>
				</div>
			) : null}
			<MenuPreview items={menuPreview} heading={t('admin.menuPreview.user')} id="menu-preview" />
		</section>
	)
}
