import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { keepNothing, throttled, wrongCode } from '~/account/refusals.server'
import { completeSignIn } from '~/auth/complete-sign-in.server'
import { codeSchema } from '~/auth/mfa/forms.server'
import { CODE_EXPIRED_PATH, clearPendingSignInCookie, getPendingSignIn } from '~/auth/mfa/pending-sign-in.server'
import { checkSignInCode } from '~/auth/mfa/verify-sign-in.server'
import { AccountErrorSummary, AccountForm } from '~/components/account-form'
import { AuthLayout } from '~/components/auth-layout'
import { Field, useFieldLabels } from '~/components/forms'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { formAction, formIntents } from '~/utils/form-action.server'
import { keepHeaders } from '~/utils/headers'
import { getClientIp } from '~/utils/logger.server'
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

/** Back to the password step, this browser's wait for a code forgotten: there is none, or it has just ended. */
async function startAgain(): Promise<never> {
	throw redirect(CODE_EXPIRED_PATH, { headers: { 'Set-Cookie': await clearPendingSignInCookie() } })
}

export async function action({ request }: ActionFunctionArgs) {
	return formAction(request, {
		permit: 'anyone',
		intents: {
			verify: formIntents<undefined>()({
				schema: codeSchema,
				keep: keepNothing,
				// The browser's pending sign-in, once the form's token is checked, before its code is: without one, start again.
				check: async () => ({ ok: true as const, pending: (await getPendingSignIn(request)) ?? (await startAgain()) }),
				run: ({ data, checked: { pending } }) => checkSignInCode(pending, data.code, getClientIp()),
				refusals: { throttled: (result) => throttled(result.retryAfter), wrongCode, expired: startAgain },
				done: async ({ method }, { checked: { pending } }) =>
					completeSignIn(request, pending.user, {
						redirectTo: pending.redirectTo,
						secondFactor: method,
						oidc: pending.oidc,
						cookies: [await clearPendingSignInCookie()],
					}),
			}),
		},
	})
}

export default function VerifyCodePage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const labels = useFieldLabels('mfa.verify', ['code'])
	return (
		<AuthLayout title={t('mfa.verify.heading')}>
			<p className="text-body-secondary">{t('mfa.verify.intro')}</p>
			<AccountErrorSummary answer={actionData} labels={labels} />
			<AccountForm submitLabel={t('mfa.verify.submit')}>
				<Field
					name="code"
					label={t('mfa.verify.code')}
					hint={t('mfa.verify.codeHint')}
					autoComplete="one-time-code"
					autoCapitalize="none"
					spellCheck={false}
					required
					maxLength={64}
					error={actionData?.errors.code}
				/>
			</AccountForm>
			<p className="mt-3 mb-0 text-center">
				<Link to="/account/login">{t('mfa.verify.startAgain')}</Link>
			</p>
		</AuthLayout>
	)
}
