import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from './auth-layout'
import { CsrfInput } from './forms'

/** Why a sign-in through the company account did not complete, in words the user understands, with a way on. */
export function SsoFailure({ reason, redirectTo }: { reason: string; redirectTo: string }) {
	const { t } = useTranslation()
	return (
		<AuthLayout title={t('sso.failedTitle')}>
			<div className="alert alert-danger" role="alert">
				{t(`sso.reasons.${reason}`)}
			</div>
			<Form method="post" action="/account/oidc/start" reloadDocument>
				<CsrfInput />
				<input type="hidden" name="redirectTo" value={redirectTo} />
				<button type="submit" className="btn btn-primary w-100">
					{t('sso.tryAgain')}
				</button>
			</Form>
			<p className="mt-3 mb-0 text-center">
				<Link to="/account/login" reloadDocument>
					{t('sso.backToSignIn')}
				</Link>
			</p>
		</AuthLayout>
	)
}

/** The form that starts a sign-in through the company account: a plain POST, no JavaScript needed. */
export function SsoButton({ label, redirectTo }: { label: string | null; redirectTo: string }) {
	const { t } = useTranslation()
	return (
		<Form method="post" action="/account/oidc/start" reloadDocument>
			<CsrfInput />
			<input type="hidden" name="redirectTo" value={redirectTo} />
			<button type="submit" className="btn btn-outline-primary w-100">
				{label ?? t('sso.button')}
			</button>
		</Form>
	)
}
