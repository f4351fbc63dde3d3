import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { forgotSchema } from '~/auth/forms.server'
import { requestPasswordReset } from '~/auth/password-reset-requests.server'
import { AccountErrorSummary, AccountForm, EmailField } from '~/components/account-form'
import { AuthLayout } from '~/components/auth-layout'
import { FormAlert, useFieldLabels } from '~/components/forms'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { formAction, formIntents } from '~/utils/form-action.server'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'
import { publicOrigin } from '~/utils/public-url.server'

export const handle = routeHandle({ public: 'asking for a password-reset link, before sign-in' })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	return { title: (await getT(request))('forgotPassword.title') }
}

/** Always the same answer, whether the account exists or not (see requestPasswordReset). */
export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: 'anyone',
		intents: {
			forgotPassword: formIntents<undefined>()({
				schema: forgotSchema,
				run: async ({ data }) =>
					requestPasswordReset({
						email: data.email,
						origin: publicOrigin(request),
						language: await getLanguage(request),
						ip: getClientIp(),
					}),
				refusals: {},
				done: () => ({ answer: { sent: true } }),
			}),
		},
	})
}

export default function ForgotPasswordPage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const fieldLabels = useFieldLabels('login', ['email'])
	return (
		<AuthLayout title={t('forgotPassword.title')}>
			{actionData?.sent ? (
				<FormAlert message={t('forgotPassword.sent')} tone="success" />
			) : (
				<>
					<p className="text-body-secondary">{t('forgotPassword.intro')}</p>
					<AccountErrorSummary answer={actionData} labels={fieldLabels} />
					<AccountForm submitLabel={t('forgotPassword.submit')}>
						<EmailField defaultValue={actionData?.values.email} error={actionData?.errors.email} />
					</AccountForm>
				</>
			)}
			<p className="mt-3 mb-0">
				<Link to="/account/login">{t('forgotPassword.backToSignIn')}</Link>
			</p>
		</AuthLayout>
	)
}
