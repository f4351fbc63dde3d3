import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { postedIntent } from '~/utils/intent.server'
import { provinceName } from '~/catalogs/provinces'
import { keptRoleValues, keptScopes, USERS_FUNCTION, USERS_PATH, userHref } from '~/admin/users'
import {
	changeEmailSchema,
	postedAssignments,
	resetPasswordSchema,
	updateAdminUser,
	userProfileSchema,
	canManageUser,
	type Refused,
} from '~/admin/users.server'
import {
	changeAdminUserEmail,
	deleteAdminUser,
	resetAdminUserPassword,
	revokeAdminUserSessions,
	setAdminUserLocked,
} from '~/admin/user-account.server'
import { getAdminUser, listRoleOptions } from '~/admin/user-list.server'
import { getUserSessions, revokeAdminUserSession, revokeSessionSchema } from '~/admin/user-sessions.server'
import { getSessionState } from '~/auth/session.server'
import { parseId } from '~/catalogs/catalog.server'
import { AdminUserForm, OneTimePassword, useUserFieldLabels } from '~/components/admin-user-form'
import { useRoleName } from '~/components/role-name'
import { PageHeader } from '~/components/page-header'
import { CsrfInput, ErrorSummary, Field, FormAlert } from '~/components/forms'
import { MenuPreview } from '~/components/shell/menu-preview'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { forbidden, requirePermission } from '~/permissions/grants.server'
import { userMenuPreview } from '~/permissions/menu-preview.server'
import { assertCsrf, parseForm, type FieldErrors, noteFormFailed } from '~/utils/form.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'
import { publicOrigin } from '~/utils/public-url.server'
import { Badge } from '~/components/badge'
import { SessionsTable } from '~/components/security/sessions-table'
import { AdminMfaReset } from '~/components/mfa-admin'
import { hasSecondFactor } from '~/auth/mfa/mfa.server'
import { resetUserSecondFactor } from '~/auth/mfa/admin-reset.server'
import { notFound } from '~/utils/responses.server'
import { getLinkedIdentity, unlinkUserIdentity } from '~/auth/oidc/identities.server'
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

const INTENTS = [
	'update',
	'changeEmail',
	'lock',
	'unlock',
	'resetPassword',
	'revokeSessions',
	'revokeSession',
	'resetMfa',
	'unlinkSso',
	'delete',
] as const
type Intent = (typeof INTENTS)[number]

interface ActionAnswer {
	ok: boolean
	intent: Intent
	errors: FieldErrors
	values: Record<string, string>
	formError: string | null
	password?: string
}

function answer(body: Partial<ActionAnswer> & { intent: Intent }, status = 200) {
	if (status >= 400) noteFormFailed()
	return data<ActionAnswer>({ ok: status < 400, errors: {}, values: {}, formError: null, ...body }, { status })
}

const REFUSALS = { self: 'admin.errors.self', lastAdmin: 'admin.errors.lastAdmin' } as const

/** The delegation rule's refusal: 403, the reason in the user's language, nothing changed. */
function refused(intent: Intent, result: Refused, values: Record<string, string> = {}) {
	return answer({ intent, values, formError: `admin.delegation.${result.refusal}` }, 403)
}

export async function action({ request, params }: ActionFunctionArgs) {
	const { user: me } = await requirePermission(request, 'QUANTRI_USERS', 'view')
	const intent = await postedIntent(request, INTENTS)
	await requirePermission(request, 'QUANTRI_USERS', intent === 'delete' ? 'delete' : 'update')
	const id = parseId(params.id)
	if (id === null || !(await getAdminUser(id))) throw notFound()
	const actor = { id: me.id, email: me.email }
	const href = userHref(id)

	switch (intent) {
		case 'update': {
			const form = await parseForm(request, userProfileSchema)
			const roles = await postedAssignments(form.formData)
			if (!form.ok || !roles.ok) {
				const errors: FieldErrors = { ...(form.ok ? {} : form.errors), ...(roles.ok ? {} : roles.errors) }
				return answer({ intent, errors, values: valuesOf(form.formData) }, 400)
			}
			const result = await updateAdminUser(id, form.data, roles.assignments, actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'delegation') return refused(intent, result, valuesOf(form.formData))
				return answer({ intent, values: valuesOf(form.formData), errors: { roles: { key: REFUSALS.lastAdmin } } }, 409)
			}
			await flashSuccess(request, result.changed ? 'admin.users.saved' : 'admin.noChanges')
			return redirect(href)
		}
		case 'changeEmail': {
			const form = await parseForm(request, changeEmailSchema)
			if (!form.ok) return answer({ intent, errors: form.errors, values: form.values }, 400)
			const result = await changeAdminUserEmail(id, form.data.email, actor, { origin: publicOrigin(request) })
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'delegation') return refused(intent, result, form.values)
				return answer({ intent, values: form.values, errors: { email: { key: 'admin.errors.emailTaken' } } }, 409)
			}
			await flashSuccess(request, result.changed ? 'admin.users.emailChanged' : 'admin.noChanges', { count: result.sessionsEnded })
			return redirect(href)
		}
		case 'lock':
		case 'unlock': {
			assertCsrf(request, await request.formData())
			const result = await setAdminUserLocked(id, intent === 'lock', actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'delegation') return refused(intent, result)
				return answer({ intent, formError: REFUSALS[result.reason] }, 409)
			}
			await flashSuccess(request, intent === 'lock' ? 'admin.users.lockedDone' : 'admin.users.unlockedDone', {
				count: result.sessionsEnded,
			})
			return redirect(href)
		}
		case 'resetPassword': {
			const form = await parseForm(request, resetPasswordSchema)
			if (!form.ok) return answer({ intent, errors: form.errors }, 400)
			const result = await resetAdminUserPassword(id, form.data.password, actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				return refused(intent, result)
			}
			if (!result.generated) {
				await flashSuccess(request, 'admin.users.passwordResetDone', { count: result.sessionsEnded })
				return redirect(href)
			}
			return answer({ intent, password: result.password })
		}
		case 'revokeSessions': {
			assertCsrf(request, await request.formData())
			const result = await revokeAdminUserSessions(id, actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				return refused(intent, result)
			}
			// Ending one's own sessions signs this browser out too: the next page asks to sign in.
			await flashSuccess(request, 'admin.users.sessionsRevoked', { count: result.sessionsEnded })
			return redirect(href)
		}
		case 'revokeSession': {
			const form = await parseForm(request, revokeSessionSchema)
			if (!form.ok) return answer({ intent, formError: 'security.sessions.notFound' }, 404)
			const state = await getSessionState(request)
			const result = await revokeAdminUserSession(id, form.data.session, actor, {
				keepIdHash: state.status === 'active' ? state.session.id_hash : null,
			})
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'sessionNotFound') return answer({ intent, formError: 'security.sessions.notFound' }, 404)
				return refused(intent, result)
			}
			await flashSuccess(request, 'security.sessions.ended')
			return redirect(href)
		}
		case 'resetMfa': {
			assertCsrf(request, await request.formData())
			const result = await resetUserSecondFactor(id, actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'delegation') return refused(intent, result)
				return answer({ intent, formError: 'mfa.admin.self' }, 409)
			}
			await flashSuccess(request, 'mfa.admin.resetDone')
			return redirect(href)
		}
		case 'unlinkSso': {
			assertCsrf(request, await request.formData())
			const issuer = getConfig().oidc?.issuer
			if (!issuer) return answer({ intent, formError: 'sso.identity.notLinked' }, 409)
			const result = await unlinkUserIdentity(id, issuer, actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'delegation') return refused(intent, result)
				return answer({ intent, formError: 'sso.identity.notLinked' }, 409)
			}
			await flashSuccess(request, 'sso.identity.unlinked', { count: result.sessionsEnded })
			return redirect(href)
		}
		case 'delete': {
			assertCsrf(request, await request.formData())
			const result = await deleteAdminUser(id, actor)
			if (!result.ok) {
				if (result.reason === 'notFound') throw notFound()
				if (result.reason === 'delegation') return refused(intent, result)
				return answer({ intent, formError: REFUSALS[result.reason] }, 409)
			}
			await flashSuccess(request, 'admin.users.deleted', { email: result.email })
			return redirect(USERS_PATH)
		}
		default:
			return answer({ intent: 'update', formError: 'errors.badRequestBody' }, 400)
	}
}

function valuesOf(formData: FormData): Record<string, string> {
	const values: Record<string, string> = {}
	for (const name of ['displayName', 'firstName', 'lastName']) values[name] = String(formData.get(name) ?? '')
	return { ...values, ...keptRoleValues(formData) }
}

export default function AdminUserPage() {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	const { user, roles, self, confirmDelete, allowed, manageable, menuPreview, sessions, secondFactor, ssoIdentity } =
		useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as ActionAnswer | undefined
	const roleLabel = useRoleName()
	const href = userHref(user.id)
	const failed = actionData && !actionData.ok ? actionData : null
	const userFieldLabels = useUserFieldLabels()
	const formError = (
		<ErrorSummary errors={failed?.errors} formError={failed?.formError ? t(failed.formError) : null} labels={userFieldLabels} />
	)

	if (confirmDelete && allowed.delete) {
		return (
			<section aria-labelledby="user-heading">
				<PageHeader title={t('admin.users.deleteTitle', { email: user.email })} id="user-heading" />
				{formError}
				<div className="card card-body">
					<p>{t('admin.users.deleteQuestion', { email: user.email })}</p>
					<Form method="post" action={href} className="d-flex flex-wrap gap-2">
						<CsrfInput />
						<input type="hidden" name="intent" value="delete" />
						<button type="submit" className="btn btn-danger">
							{t('admin.users.deleteConfirm')}
						</button>
						<Link to={href} className="btn btn-outline-secondary">
							{t('catalog.cancel')}
						</Link>
					</Form>
				</div>
			</section>
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
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={USERS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('admin.users.backToList')}
				</Link>
			</nav>
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
					<h2 className="h5 mt-4">{t('admin.users.accessTitle')}</h2>
					<div className="row g-3">
						<div className="col-md-6">
							<Form method="post" action={href} className="card card-body h-100" noValidate aria-labelledby="change-email-heading">
								<CsrfInput />
								<h3 className="h6" id="change-email-heading">
									{t('admin.users.changeEmail')}
								</h3>
								<input type="hidden" name="intent" value="changeEmail" />
								<Field
									name="email"
									type="email"
									label={t('admin.users.fields.email')}
									hint={t('admin.users.changeEmailHint')}
									defaultValue={failed?.intent === 'changeEmail' ? (failed.values?.email ?? '') : user.email}
									error={failed?.intent === 'changeEmail' ? failed.errors?.email : undefined}
									autoComplete="off"
									required
								/>
								<div>
									<button type="submit" className="btn btn-outline-primary">
										{t('admin.users.changeEmail')}
									</button>
								</div>
							</Form>
						</div>
						<div className="col-md-6">
							<Form method="post" action={href} className="card card-body h-100">
								<CsrfInput />
								<h3 className="h6">{t('admin.users.resetPassword')}</h3>
								<input type="hidden" name="intent" value="resetPassword" />
								<Field
									name="password"
									type="password"
									label={t('admin.users.fields.temporaryPassword')}
									hint={t('admin.users.passwordHint')}
									error={failed?.intent === 'resetPassword' ? failed.errors.password : undefined}
									autoComplete="new-password"
								/>
								<div>
									<button type="submit" className="btn btn-outline-primary">
										{t('admin.users.resetPassword')}
									</button>
								</div>
							</Form>
						</div>
						<div className="col-md-6">
							<div className="card card-body h-100">
								<Form method="post" action={href} className="mb-3">
									<CsrfInput />
									<p className="mb-2">{t(user.locked ? 'admin.users.unlockHint' : 'admin.users.lockHint')}</p>
									<input type="hidden" name="intent" value={user.locked ? 'unlock' : 'lock'} />
									<button
										type="submit"
										className={`btn ${user.locked ? 'btn-outline-success' : 'btn-outline-danger'}`}
										disabled={self && !user.locked}
									>
										{t(user.locked ? 'admin.users.unlock' : 'admin.users.lock')}
									</button>
								</Form>
								<Form method="post" action={href}>
									<CsrfInput />
									<p className="mb-2">{t('admin.users.revokeHint', { count: user.sessions })}</p>
									<input type="hidden" name="intent" value="revokeSessions" />
									<button type="submit" className="btn btn-outline-secondary">
										{t('admin.users.revokeSessions')}
									</button>
								</Form>
								<AdminMfaReset href={href} secondFactor={secondFactor} self={self} />
							</div>
						</div>
					</div>
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
