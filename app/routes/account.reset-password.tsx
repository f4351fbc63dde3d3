import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { resetSchema } from '~/auth/forms.server'
import { resetPassword } from '~/auth/own-password.server'
import { findResetUser } from '~/auth/password-reset.server'
import { AccountErrorSummary, AccountForm } from '~/components/account-form'
import { AuthLayout } from '~/components/auth-layout'
import { FormAlert, NewPasswordFields, useFieldLabels } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { formAction, formIntents } from '~/utils/form-action.server'
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
	return formAction(request, {
		permit: 'anyone',
		intents: {
			resetPassword: formIntents<undefined>()({
				schema: resetSchema,
				run: ({ data }) => resetPassword(data, getClientIp()),
				refusals: { invalidLink: { status: 400, formError: 'resetPassword.invalidLink' } },
				done: () => ({ redirect: '/account/login?reason=password-reset' }),
			}),
		},
	})
}

export default function ResetPasswordPage() {
	const { t } = useTranslation()
	const { token } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
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
			<AccountErrorSummary answer={actionData} labels={fieldLabels} />
			<AccountForm submitLabel={t('resetPassword.submit')}>
				<input type="hidden" name="token" value={token} />
				<NewPasswordFields errors={actionData?.errors ?? {}} />
			</AccountForm>
		</AuthLayout>
	)
}
