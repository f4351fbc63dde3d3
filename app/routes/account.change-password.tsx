import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { changePasswordSchema } from '~/auth/forms.server'
import { getAuthProvider } from '~/auth/provider.server'
import { passwordReplaced } from '~/auth/password-replaced.server'
import { requireActiveSession } from '~/auth/session.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, ErrorSummary, Field, FormAlert, NewPasswordFields, useFieldLabels } from '~/components/forms'
import { SignOutForm } from '~/components/sign-out-form'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { landingPath } from '~/permissions/landing.server'
import { invalid, parseForm } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireActiveSession(request)
	const t = await getT(request)
	return { title: t('changePassword.title'), forced: Boolean(user.must_change_password) }
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, token } = await requireActiveSession(request)
	const form = await parseForm(request, changePasswordSchema)
	if (!form.ok) return invalid(form)
	const result = await getAuthProvider().changePassword(user, form.data.currentPassword, form.data.newPassword)
	if (!result.ok) {
		return invalid({ errors: { currentPassword: { key: 'changePassword.wrongCurrentPassword' } }, values: {} })
	}
	await passwordReplaced(user, { changed: { keepSessionToken: token } })
	await flashSuccess(request, 'changePassword.success')
	return redirect((await landingPath(user.id, await getLanguage(request))) ?? '/')
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
			<ErrorSummary errors={actionData?.errors} labels={fieldLabels} />
			<Form method="post" noValidate>
				<CsrfInput />
				<Field
					name="currentPassword"
					type="password"
					label={t('changePassword.currentPassword')}
					autoComplete="current-password"
					required
					error={errors.currentPassword}
				/>
				<NewPasswordFields errors={errors} />
				<div className="d-flex gap-2 flex-wrap">
					<button type="submit" className="btn btn-primary">
						{t('changePassword.submit')}
					</button>
					{forced ? null : (
						<Link to="/" className="btn btn-link">
							{t('errors.goBack')}
						</Link>
					)}
				</div>
			</Form>
			{forced ? (
				<div className="mt-3">
					<SignOutForm />
				</div>
			) : null}
		</AuthLayout>
	)
}
