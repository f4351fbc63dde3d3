import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { resetSchema } from '~/auth/forms.server'
import { consumeResetToken, findResetUser } from '~/auth/password-reset.server'
import { clearAccountBackOff } from '~/auth/throttle.server'
import { getAuthProvider } from '~/auth/provider.server'
import { passwordReplaced } from '~/auth/password-replaced.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, ErrorSummary, FormAlert, NewPasswordFields, useFieldLabels } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { invalid, parseForm } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ public: 'the target of the password-reset email; the token is the credential' })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const user = await findResetUser(token)
	return { title: (await getT(request))('resetPassword.title'), token: user ? token : null }
}

export async function action({ request }: ActionFunctionArgs) {
	const form = await parseForm(request, resetSchema)
	if (!form.ok) return invalid(form)
	const { token, newPassword } = form.data
	const user = await findResetUser(token)
	if (!user || !(await consumeResetToken(token))) {
		return invalid({ values: {}, formError: (await getT(request))('resetPassword.invalidLink') })
	}
	await getAuthProvider().setPassword(user, newPassword, { mustChange: false })
	await clearAccountBackOff(user.email, getClientIp())
	await passwordReplaced(user, { reset: true })
	return redirect('/account/login?reason=password-reset')
}

export default function ResetPasswordPage() {
	const { t } = useTranslation()
	const { token } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const errors = actionData?.errors ?? {}
	const fieldLabels = useFieldLabels('changePassword', ['newPassword', 'confirmPassword'])
	if (!token) {
		return (
			<AuthLayout title={t('resetPassword.title')}>
				<FormAlert message={t('resetPassword.invalidLink')} />
				<Link to="/account/forgot-password">{t('resetPassword.askAgain')}</Link>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout title={t('resetPassword.title')}>
			<ErrorSummary errors={actionData?.errors} formError={actionData?.formError} labels={fieldLabels} />
			<Form method="post" noValidate>
				<CsrfInput />
				<input type="hidden" name="token" value={token} />
				<NewPasswordFields errors={errors} />
				<button type="submit" className="btn btn-primary w-100">
					{t('resetPassword.submit')}
				</button>
			</Form>
		</AuthLayout>
	)
}
