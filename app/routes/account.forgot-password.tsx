import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { forgotSchema } from '~/auth/forms.server'
import { recordAudit } from '~/audit/audit.server'
import { queuePasswordReset } from '~/auth/password-reset-requests.server'
import { passwordResetRetryAfter } from '~/auth/throttle.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, ErrorSummary, Field, FormAlert, useFieldLabels } from '~/components/forms'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { invalid, parseForm } from '~/utils/form.server'
import { getClientIp, logger } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'
import { publicOrigin } from '~/utils/public-url.server'

export const handle = routeHandle({ public: 'asking for a password-reset link, before sign-in' })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	return { title: (await getT(request))('forgotPassword.title') }
}

/**
 * Always the same answer, whether the account exists or not, and whether or not it is throttled; and the
 * same work before it: the link is sent in the background (decision 0042).
 */
export async function action({ request }: ActionFunctionArgs) {
	const form = await parseForm(request, forgotSchema)
	if (!form.ok) return invalid(form)
	const { email } = form.data
	const ip = getClientIp()
	const retryAfter = await passwordResetRetryAfter(email, ip)
	const origin = publicOrigin(request)
	if (retryAfter !== null) {
		await recordAudit({ action: 'auth.password_reset_throttled', actorEmail: email, ip })
	} else if (!origin) {
		logger.error('password_reset.no_public_url', { message: 'Set PUBLIC_URL so password-reset links can be sent' })
	} else {
		await queuePasswordReset({ email, origin, language: await getLanguage(request), ip })
	}
	return { ok: true as const, sent: true }
}

export default function ForgotPasswordPage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const sent = actionData && 'sent' in actionData
	const errors = actionData && 'errors' in actionData ? actionData.errors : {}
	const fieldLabels = useFieldLabels('login', ['email'])
	return (
		<AuthLayout title={t('forgotPassword.title')}>
			{sent ? (
				<FormAlert message={t('forgotPassword.sent')} tone="success" />
			) : (
				<>
					<p className="text-body-secondary">{t('forgotPassword.intro')}</p>
					<ErrorSummary errors={actionData && 'errors' in actionData ? actionData.errors : undefined} labels={fieldLabels} />
					<Form method="post" noValidate>
						<CsrfInput />
						<Field
							name="email"
							type="email"
							label={t('login.email')}
							autoComplete="username"
							required
							defaultValue={actionData && 'values' in actionData ? actionData.values.email : ''}
							error={errors.email}
						/>
						<button type="submit" className="btn btn-primary w-100">
							{t('forgotPassword.submit')}
						</button>
					</Form>
				</>
			)}
			<p className="mt-3 mb-0">
				<Link to="/account/login">{t('forgotPassword.backToSignIn')}</Link>
			</p>
		</AuthLayout>
	)
}
