import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node'
import { BackLink } from '~/components/back-link'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { keptRoleValues, keptScopes, USERS_PATH, userHref } from '~/admin/users'
import { newUserSchema } from '~/admin/user-forms.server'
import { createAdminUser, postedAssignments } from '~/admin/users.server'
import { listRoleOptions } from '~/admin/user-list.server'
import { AdminUserForm, OneTimePassword, useUserFieldLabels } from '~/components/admin-user-form'
import { PageHeader } from '~/components/page-header'
import { ErrorSummary } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import type { Actor } from '~/audit/audit.server'
import { formAction, formIntents, type FormAnswer } from '~/utils/form-action.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'QUANTRI_USERS', 'create')
	return { title: (await getT(request))('admin.users.new'), roles: await listRoleOptions(user.id) }
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: (permission) => requirePermission(request, 'QUANTRI_USERS', permission),
		intents: {
			create: formIntents<{ user: Actor }>()({
				permission: 'create',
				schema: newUserSchema,
				check: postedAssignments,
				keep: newUserValues,
				run: ({ data, checked }, { user }) => createAdminUser(data, checked.assignments, user),
				refusals: { emailTaken: { status: 409, errors: { email: { key: 'admin.errors.emailTaken' } } } },
				done: (result) =>
					result.generated
						? { answer: { created: { id: result.id, email: result.email, password: result.password } } }
						: { redirect: userHref(result.id), toast: 'admin.users.created', toastValues: { email: result.email } },
			}),
		},
	})
}

/** The fields as typed (never the password) and the role choices: what a refused form shows again. */
function newUserValues(formData: FormData): Record<string, string> {
	const values: Record<string, string> = {}
	for (const name of ['email', 'displayName', 'firstName', 'lastName']) values[name] = String(formData.get(name) ?? '')
	return { ...values, ...keptRoleValues(formData) }
}

export default function NewAdminUserPage() {
	const { t } = useTranslation()
	const { roles } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as
		(FormAnswer<'create'> & { created?: { id: number; email: string; password: string } }) | undefined
	const userFieldLabels = useUserFieldLabels()
	const created = actionData?.created
	if (created) {
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
			<BackLink to={USERS_PATH}>{t('admin.users.backToList')}</BackLink>
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
