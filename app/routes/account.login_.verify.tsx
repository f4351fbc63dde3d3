import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { verifySignInCode } from '~/auth/mfa/verify-sign-in.server'
import { getPendingSignIn } from '~/auth/mfa/pending-sign-in.server'
import { AuthLayout } from '~/components/auth-layout'
import { CsrfInput, ErrorSummary, Field, useFieldLabels } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { keepHeaders } from '~/utils/headers'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle(
	{ public: 'the second step of signing in, for a browser whose password step was accepted' },
	'/account/login/verify',
)

export const headers = keepHeaders('Retry-After')

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	if (!(await getPendingSignIn(request))) throw redirect('/account/login')
	const t = await getT(request)
	return { title: t('mfa.verify.title') }
}

export async function action({ request }: ActionFunctionArgs) {
	return verifySignInCode(request)
}

export default function VerifyCodePage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const submitting = useNavigation().state === 'submitting'
	const labels = useFieldLabels('mfa.verify', ['code'])
	return (
		<AuthLayout title={t('mfa.verify.heading')}>
			<p className="text-body-secondary">{t('mfa.verify.intro')}</p>
			<ErrorSummary errors={actionData?.errors} formError={actionData?.formError} labels={labels} />
			<Form method="post" noValidate>
				<CsrfInput />
				<Field
					name="code"
					label={t('mfa.verify.code')}
					hint={t('mfa.verify.codeHint')}
					autoComplete="one-time-code"
					autoCapitalize="none"
					spellCheck={false}
					required
					maxLength={64}
					error={actionData?.errors?.code}
				/>
				<button type="submit" className="btn btn-primary w-100" disabled={submitting}>
					{t('mfa.verify.submit')}
				</button>
			</Form>
			<p className="mt-3 mb-0 text-center">
				<Link to="/account/login">{t('mfa.verify.startAgain')}</Link>
			</p>
		</AuthLayout>
	)
}
