import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { throttled } from '~/account/refusals.server'
import { completeSignIn } from '~/auth/complete-sign-in.server'
import { signInSchema } from '~/auth/forms.server'
import { VERIFY_PATH, beginPendingSignIn } from '~/auth/mfa/pending-sign-in.server'
import { checkSignInPassword } from '~/auth/password-sign-in.server'
import { getSessionState } from '~/auth/session.server'
import { AccountErrorSummary, AccountForm, EmailField } from '~/components/account-form'
import { AuthLayout } from '~/components/auth-layout'
import { FormAlert, PasswordField, useFieldLabels } from '~/components/forms'
import { SsoButton } from '~/components/sso-failure'
import { getConfig } from '~/config.server'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { formAction, formIntents, type ReadForm, type Refusal } from '~/utils/form-action.server'
import { keepHeaders } from '~/utils/headers'
import { getClientIp } from '~/utils/logger.server'
import { pageTitle } from '~/utils/meta'
import { safeRedirect } from '~/utils/redirect'

export const handle = routeHandle({ public: 'the sign-in page' })

export const headers = keepHeaders('Retry-After')

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '/')
	const state = await getSessionState(request)
	if (state.status === 'active') throw redirect(redirectTo)
	const t = await getT(request)
	const reason = url.searchParams.get('reason')
	const oidc = getConfig().oidc
	return {
		title: t('login.title'),
		redirectTo,
		sso: oidc ? { label: oidc.label } : null,
		passwordForm: oidc?.passwords !== 'off',
		notice:
			reason === 'expired'
				? t('login.reasonExpired')
				: reason === 'signed-out'
					? t('login.reasonSignedOut')
					: reason === 'password-reset'
						? t('login.reasonPasswordReset')
						: reason === 'code-expired'
							? t('mfa.verify.expired')
							: null,
	}
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: 'anyone',
		intents: {
			signIn: formIntents<undefined>()({
				schema: signInSchema,
				run: ({ data }) => checkSignInPassword(data, getClientIp()),
				refusals: {
					throttled: (result, form) => withEmail(throttled(result.retryAfter), form),
					invalidCredentials: (_result, form) => withEmail({ status: 400, formError: 'login.invalidCredentials' }, form),
					passwordsOff: (_result, form) => withEmail({ status: 403, formError: 'login.passwordsNotAllowed' }, form),
				},
				done: async ({ user, secondFactor }, { data }) => {
					const redirectTo = safeRedirect(data.redirectTo, '/')
					// With a second factor the password only opens the code step: no session before the code.
					if (secondFactor) return { redirect: VERIFY_PATH, headers: { 'Set-Cookie': await beginPendingSignIn(user.id, redirectTo) } }
					return completeSignIn(request, user, { redirectTo })
				},
			}),
		},
	})
}

/** A refused sign-in keeps the address as it was read (never the password). */
const withEmail = (refusal: Refusal, { data }: ReadForm<{ email: string }, unknown>): Refusal => ({
	...refusal,
	values: { email: data.email },
})

export default function LoginPage() {
	const { t } = useTranslation()
	const { redirectTo, notice, sso, passwordForm } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const fieldLabels = useFieldLabels('login', ['email', 'password'])
	return (
		<AuthLayout title={t('login.heading')}>
			<p className="text-body-secondary">{t(passwordForm ? 'login.intro' : 'sso.intro')}</p>
			<FormAlert message={notice} tone="info" />
			<AccountErrorSummary answer={actionData} labels={fieldLabels} />
			{sso ? <SsoButton label={sso.label} redirectTo={redirectTo} /> : null}
			{sso && passwordForm ? <p className="auth-card__or text-center text-body-secondary my-3">{t('sso.or')}</p> : null}
			{passwordForm ? (
				<AccountForm submitLabel={t('login.submit')}>
					<input type="hidden" name="redirectTo" value={redirectTo} />
					<EmailField defaultValue={actionData?.values.email} error={actionData?.errors.email} />
					<PasswordField name="password" label={t('login.password')} autoComplete="current-password" error={actionData?.errors.password} />
				</AccountForm>
			) : null}
			{passwordForm ? (
				<p className="mt-3 mb-0 text-center">
					<Link to="/account/forgot-password">{t('login.forgotPassword')}</Link>
				</p>
			) : null}
		</AuthLayout>
	)
}
