import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { keptRoleValues, keptScopes, USERS_PATH, userHref } from '~/admin/users'
import { createAdminUser, newUserSchema, postedAssignments } from '~/admin/users.server'
import { listRoleOptions } from '~/admin/user-list.server'
import { AdminUserForm, OneTimePassword, useUserFieldLabels } from '~/components/admin-user-form'
import { PageHeader } from '~/components/page-header'
import { ErrorSummary } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { invalid, parseForm, type FieldErrors } from '~/utils/form.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'QUANTRI_USERS', 'create')
	return { title: (await getT(request))('admin.users.new'), roles: await listRoleOptions(user.id) }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'QUANTRI_USERS', 'create')
	const form = await parseForm(request, newUserSchema)
	const roles = await postedAssignments(form.formData)
	if (!form.ok || !roles.ok) {
		const failure = form.ok ? { errors: {}, values: {} } : form
		const errors: FieldErrors = { ...failure.errors, ...(roles.ok ? {} : roles.errors) }
		const values: Record<string, string> = {}
		for (const name of ['email', 'displayName', 'firstName', 'lastName']) values[name] = String(form.formData.get(name) ?? '')
		return invalid({ errors, values: { ...values, ...keptRoleValues(form.formData) } })
	}
	const result = await createAdminUser(form.data, roles.assignments, { id: user.id, email: user.email })
	if (!result.ok) {
		const values: Record<string, string> = {
			...Object.fromEntries(
				Object.entries(form.data)
					.filter(([name]) => name !== 'password')
					.map(([name, value]) => [name, value ?? '']),
			),
			...keptRoleValues(form.formData),
		}
		if (result.reason === 'delegation') return invalid({ formError: `admin.delegation.${result.refusal}`, values }, { status: 403 })
		return invalid({ errors: { email: { key: 'admin.errors.emailTaken' } }, values }, { status: 409 })
	}
	if (!result.generated) {
		await flashSuccess(request, 'admin.users.created', { email: result.email })
		return redirect(userHref(result.id))
	}
	return data({ ok: true as const, created: { id: result.id, email: result.email, password: result.password } })
}

export default function NewAdminUserPage() {
	const { t } = useTranslation()
	const { roles } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const userFieldLabels = useUserFieldLabels()
	if (actionData?.ok) {
		const { created } = actionData
		return (
			<section aria-labelledby="user-heading">
				<PageHeader title={t('admin.users.createdTitle')} id="user-heading" />
				<p>{t('admin.users.created', { email: created.email })}</p>
				<OneTimePassword password={created.password} />
				<div className="d-flex flex-wrap gap-2">
					<Link to={userHref(created.id)} className="btn btn-primary">
						{t('admin.users.open')}
					</Link>
					<Link to={USERS_PATH} className="btn btn-outline-secondary">
						{t('admin.users.backToList')}
					</Link>
				</div>
			</section>
		)
	}
	const values = actionData?.values ?? {}
	return (
		<section aria-labelledby="user-heading">
			<nav aria-label={t('catalog.breadcrumb')} className="mb-2">
				<Link to={USERS_PATH} className="link-on-page">
					<i className="bx bx-chevron-left" aria-hidden="true" />
					{t('admin.users.backToList')}
				</Link>
			</nav>
			<PageHeader title={t('admin.users.new')} id="user-heading" />
			<ErrorSummary
				errors={actionData?.errors}
				formError={actionData?.formError ? t(actionData.formError) : null}
				labels={userFieldLabels}
			/>
			<AdminUserForm
				action={`${USERS_PATH}/new`}
				mode="create"
				values={values}
				roles={roles}
				selectedRoles={values.roles ? values.roles.split(',') : []}
				scopes={keptScopes(values)}
				errors={actionData?.errors ?? {}}
				submitLabel={t('catalog.create')}
				cancelHref={USERS_PATH}
			/>
		</section>
	)
}
