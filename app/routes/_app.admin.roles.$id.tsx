import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { impliedGroups, ROLES_FUNCTION, ROLES_PATH, roleGroupHref, roleHref, roleMenuHref } from '~/admin/roles'
import { getRoleMatrix, heldGrants } from '~/admin/roles-matrix.server'
import { getRole, roleEditRefusal } from '~/admin/roles.server'
import { parseId } from '~/catalogs/catalog.server'
import { RoleForm } from '~/components/admin-role-form'
import { useRoleDescription, useRoleName } from '~/components/role-name'
import { PageHeader } from '~/components/page-header'
import { CsrfInput, ErrorSummary, FormAlert } from '~/components/forms'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { forbidden, requirePermission } from '~/permissions/grants.server'
import { formAction, type FormAnswer } from '~/utils/form-action.server'
import { rolePageIntents, type RolePageAuth, type RolePageIntent } from '~/admin/role-page-intents.server'
import { AdminDeleteConfirmation } from '~/components/admin-delete-confirmation'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { Badge } from '~/components/badge'
import { RoleMatrix, RoleMatrixGroups } from '~/components/role-matrix'
import { notFound } from '~/utils/responses.server'
import { deleteConfirmationHref, isDeleteConfirmation } from '~/utils/delete-confirmation'

export const handle = routeHandle({ function: 'QUANTRI_ROLES' }, '/admin/roles/1')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants, user } = await requirePermission(request, 'QUANTRI_ROLES', 'view')
	const id = parseId(params.id)
	const role = id === null ? null : await getRole(id)
	if (!role) throw notFound()
	const confirmDelete = isDeleteConfirmation(request.url)
	if (confirmDelete && (!can(grants, ROLES_FUNCTION, 'delete') || role.is_builtin)) throw forbidden()
	const groupParam = new URL(request.url).searchParams.get('group')
	const groupId = groupParam === null ? null : parseId(groupParam)
	if (groupParam !== null && groupId === null) throw notFound()
	const [t, language] = await Promise.all([getT(request), getLanguage(request)])
	// An all-access role has no matrix to show.
	const matrix = role.all_access ? null : await getRoleMatrix(role.id, groupId, language)
	if (!role.all_access && !matrix) throw notFound()
	return {
		title: confirmDelete ? t('admin.roles.deleteTitle', { code: role.code }) : role.code,
		role,
		matrix,
		editRefusal: await roleEditRefusal(user.id, role),
		held: await heldGrants(user.id),
		confirmDelete,
		allowed: { update: can(grants, ROLES_FUNCTION, 'update'), delete: can(grants, ROLES_FUNCTION, 'delete') },
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const id = parseId(params.id)
	return formAction(request, {
		permit: async (permission): Promise<RolePageAuth> => {
			const { user } = await requirePermission(request, 'QUANTRI_ROLES', permission)
			if (id === null) throw notFound()
			return { user, id }
		},
		intents: rolePageIntents(),
	})
}

export default function AdminRolePage() {
	const { t } = useTranslation()
	const { role, matrix, confirmDelete, allowed, editRefusal, held } = useLoaderData<typeof loader>()
	const heldSet = held ? new Set(held) : null
	const failed = useActionData<typeof action>() as (FormAnswer<RolePageIntent> & { granted?: string[] }) | undefined
	const roleName = useRoleName()
	const roleDescription = useRoleDescription()
	const href = roleHref(role.id)
	const formError = <ErrorSummary formError={failed?.formError ? t(failed.formError) : null} />

	if (confirmDelete && allowed.delete && !role.is_builtin) {
		return (
			<AdminDeleteConfirmation
				title={t('admin.roles.deleteTitle', { code: role.code })}
				headingId="role-heading"
				question={t('admin.roles.deleteQuestion', { code: role.code, count: role.users })}
				action={href}
				confirmLabel={t('admin.roles.deleteConfirm')}
			>
				{formError}
			</AdminDeleteConfirmation>
		)
	}

	const checked = new Set(failed?.intent === 'grants' && failed.granted ? failed.granted : (matrix?.granted ?? []))
	const editable = allowed.update && !role.all_access && editRefusal === null
	const groupsOnly = impliedGroups(matrix?.functions ?? [], (id) => checked.has(`${id}:view`))
	const updateFailed = failed?.intent === 'update' ? failed : null
	return (
		<section aria-labelledby="role-heading">
			<BackLink to={ROLES_PATH}>{t('admin.roles.backToList')}</BackLink>
			<PageHeader title={`${role.code} · ${roleName(role)}`} id="role-heading">
				{role.is_builtin ? <Badge className="text-bg-secondary">{t('admin.roles.builtin')}</Badge> : null}
				{allowed.delete && !role.is_builtin ? (
					<Link to={deleteConfirmationHref(href)} className="btn btn-outline-danger">
						<i className="bx bx-trash" aria-hidden="true" /> {t('admin.roles.delete')}
					</Link>
				) : null}
			</PageHeader>
			{formError}
			{allowed.update && editRefusal && !role.all_access ? <FormAlert tone="info" message={t(`admin.delegation.${editRefusal}`)} /> : null}
			{editable && heldSet !== null ? <p className="form-text">{t('admin.delegation.grantsNotHeldNote')}</p> : null}
			{allowed.update && !role.is_builtin && editRefusal === null ? (
				<RoleForm
					action={href}
					values={updateFailed?.values ?? { code: role.code, name: role.name, description: role.description }}
					errors={updateFailed?.errors ?? {}}
					submitLabel={t('catalog.save')}
					cancelHref={ROLES_PATH}
				/>
			) : roleDescription(role) ? (
				<p>{roleDescription(role)}</p>
			) : null}
			<h2 className="h5" id="matrix-heading">
				{t('admin.roles.matrix')}
			</h2>
			<p>
				<Link to={roleMenuHref(role.id)} className="link-on-page">
					{t('admin.menuPreview.role')}
				</Link>
			</p>
			{matrix === null ? (
				<p className="alert alert-info" role="status">
					{t('admin.roles.allFunctionsNote')}
				</p>
			) : (
				<>
					<RoleMatrixGroups roleId={role.id} groups={matrix.groups} current={matrix.group.id} />
					<Form
						key={matrix.group.id}
						method="post"
						action={roleGroupHref(role.id, matrix.group.id)}
						aria-labelledby="matrix-heading"
						preventScrollReset
					>
						<CsrfInput />
						<input type="hidden" name="intent" value="grants" />
						<input type="hidden" name="group" value={matrix.group.id} />
						<RoleMatrix
							roleCode={role.code}
							groupLabel={matrix.group.label}
							functions={matrix.functions}
							checked={checked}
							editable={editable}
							held={heldSet}
							groupsOnly={groupsOnly}
						/>
						{editable ? (
							<div className="sticky-actions">
								<button type="submit" className="btn btn-primary">
									{t('admin.roles.saveGrants')}
								</button>
							</div>
						) : null}
					</Form>
				</>
			)}
		</section>
	)
}
