import { routeHandle } from '~/permissions/access'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { signInSchema } from '~/auth/forms.server'
import { recordAudit } from '~/audit/audit.server'
import { getAuthProvider } from '~/auth/provider.server'
import { completeSignIn } from '~/auth/complete-sign-in.server'
import { hasSecondFactor } from '~/auth/mfa/mfa.server'
import { VERIFY_PATH, beginPendingSignIn } from '~/auth/mfa/pending-sign-in.server'
import { getSessionState } from '~/auth/session.server'
import { passwordSignInAllowed } from '~/auth/oidc/password-policy.server'
import { getConfig } from '~/config.server'
import { SsoButton } from '~/components/sso-failure'
import { beginSignInAttempt, signInSucceeded } from '~/auth/throttle.server'
import { countSignIn } from '~/server/metrics.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, ErrorSummary, Field, FormAlert, useFieldLabels } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { invalid, parseForm } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { safeRedirect } from '~/utils/redirect'
import { keepHeaders } from '~/utils/headers'
import { pageTitle } from '~/utils/meta'

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
	const form = await parseForm(request, signInSchema)
	if (!form.ok) return invalid(form)
	const { email, password } = form.data
	const ip = getClientIp()
	const t = await getT(request)

	const attempt = await beginSignInAttempt(email, ip)
	if (!attempt.allowed) {
		const { retryAfter } = attempt
		countSignIn('throttled', 'form')
		if (attempt.firstInWindow) await recordAudit({ action: 'auth.sign_in_throttled', actorEmail: email, ip })
		return invalid(
			{ formError: t('login.throttled', { count: Math.ceil(retryAfter / 60) }), values: { email } },
			{ status: 429, headers: { 'Retry-After': String(retryAfter) } },
		)
	}

	const result = await getAuthProvider().signIn(email, password)
	if (!result.ok) {
		countSignIn('failure', 'form')
		await recordAudit({ action: 'auth.sign_in_failed', actorEmail: email, ip })
		return invalid({ formError: t('login.invalidCredentials'), values: { email } })
	}

	const { user } = result
	await signInSucceeded(email, ip)
	if (!(await passwordSignInAllowed(user))) {
		countSignIn('failure', 'form')
		await recordAudit({
			action: 'auth.sign_in_failed',
			actor: user,
			entity: 'user',
			entityId: user.id,
			ip,
			details: { reason: 'passwordsOff' },
		})
		return invalid({ formError: t('login.passwordsNotAllowed'), values: { email } }, { status: 403 })
	}
	const redirectTo = safeRedirect(form.data.redirectTo, '/')
	// With a second factor the password only opens the code step: no session before the code.
	if (await hasSecondFactor(user.id)) {
		return redirect(VERIFY_PATH, { headers: { 'Set-Cookie': await beginPendingSignIn(user.id, redirectTo) } })
	}
	return completeSignIn(request, user, { redirectTo })
}

export default function LoginPage() {
	const { t } = useTranslation()
	const { redirectTo, notice, sso, passwordForm } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const submitting = useNavigation().state === 'submitting'
	const errors = actionData?.errors ?? {}
	const formError = actionData?.formError
	const fieldLabels = useFieldLabels('login', ['email', 'password'])
	return (
		<AuthLayout title={t('login.heading')}>
			<p className="text-body-secondary">{t(passwordForm ? 'login.intro' : 'sso.intro')}</p>
			<FormAlert message={notice} tone="info" />
			<ErrorSummary errors={actionData?.errors} formError={formError} labels={fieldLabels} />
			{sso ? <SsoButton label={sso.label} redirectTo={redirectTo} /> : null}
			{sso && passwordForm ? <p className="auth-card__or text-center text-body-secondary my-3">{t('sso.or')}</p> : null}
			{passwordForm ? (
				<Form method="post" noValidate>
					<CsrfInput />
					<input type="hidden" name="redirectTo" value={redirectTo} />
					<Field
						name="email"
						type="email"
						label={t('login.email')}
						autoComplete="username"
						required
						defaultValue={actionData?.values?.email ?? ''}
						error={errors.email}
					/>
					<Field
						name="password"
						type="password"
						label={t('login.password')}
						autoComplete="current-password"
						required
						error={errors.password}
					/>
					<button type="submit" className="btn btn-primary w-100" disabled={submitting}>
						{t('login.submit')}
					</button>
				</Form>
			) : null}
			{passwordForm ? (
				<p className="mt-3 mb-0 text-center">
					<Link to="/account/forgot-password">{t('login.forgotPassword')}</Link>
				</p>
			) : null}
		</AuthLayout>
	)
}
