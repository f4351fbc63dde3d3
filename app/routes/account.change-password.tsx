import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { changePasswordSchema } from '~/auth/forms.server'
import { changeOwnPassword } from '~/auth/own-password.server'
import { requireActiveSession } from '~/auth/session.server'
import type { User } from '~/db/schema'
import { AccountErrorSummary, AccountForm } from '~/components/account-form'
import { AuthLayout } from '~/components/auth-layout'
import { FormAlert, NewPasswordFields, PasswordField, useFieldLabels } from '~/components/forms'
import { SignOutForm } from '~/components/sign-out-form'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { landingPath } from '~/permissions/landing.server'
import { formAction, formIntents } from '~/utils/form-action.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireActiveSession(request)
	const t = await getT(request)
	return { title: t('changePassword.title'), forced: Boolean(user.must_change_password) }
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		// A page of one's own account (decision 0075). Not requireUser: a password change that is due is this page.
		permit: () => requireActiveSession(request),
		intents: {
			changePassword: formIntents<{ user: User; token: string }>()({
				permission: 'update',
				schema: changePasswordSchema,
				run: ({ data }, { user, token }) => changeOwnPassword(user, data, token),
				refusals: { wrongCurrentPassword: { status: 400, errors: { currentPassword: { key: 'changePassword.wrongCurrentPassword' } } } },
				done: async (_changed, _form, { user }) => ({
					redirect: (await landingPath(user.id, await getLanguage(request))) ?? '/',
					toast: 'changePassword.success',
				}),
			}),
		},
	})
}

export default function ChangePasswordPage() {
	const { t } = useTranslation()
	const { forced } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData?.errors ?? {}
	const fieldLabels = useFieldLabels('changePassword', ['currentPassword', 'newPassword', 'confirmPassword'])
	return (
		<AuthLayout title={t('changePassword.title')}>
			<FormAlert message={forced ? t('changePassword.forced') : null} tone="info" />
			<AccountErrorSummary answer={actionData} labels={fieldLabels} />
			<AccountForm
				submitLabel={t('changePassword.submit')}
				beside={
					forced ? null : (
						<Link to="/" className="btn btn-link">
							{t('errors.goBack')}
						</Link>
					)
				}
			>
				<PasswordField
					name="currentPassword"
					label={t('changePassword.currentPassword')}
					autoComplete="current-password"
					error={errors.currentPassword}
				/>
				<NewPasswordFields errors={errors} />
			</AccountForm>
			{forced ? (
				<div className="mt-3">
					<SignOutForm />
				</div>
			) : null}
		</AuthLayout>
	)
}
