import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getSessionsAndTokens, handleSessionIntent, SESSION_INTENTS } from '~/account/security.server'
import { postedIntent } from '~/admin/intent.server'
import { requireActiveSession, requireUser } from '~/auth/session.server'
import { ErrorSummary } from '~/components/forms'
import { SessionsSection, TokensSection } from '~/components/security/account-sections'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { assertCsrf, invalid } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const state = await requireActiveSession(request)
	const [t, sessionsAndTokens] = await Promise.all([getT(request), getSessionsAndTokens(state)])
	return { title: t('security.title'), ...sessionsAndTokens }
}

export async function action({ request }: ActionFunctionArgs) {
	// requireUser first: an account that must change its password does that before anything else.
	await requireUser(request)
	const state = await requireActiveSession(request)
	const intent = await postedIntent(request, SESSION_INTENTS)
	if (intent) return handleSessionIntent(request, state)
	assertCsrf(request, await request.formData())
	return invalid({ values: {}, formError: 'errors.badRequestBody' })
}

export default function SecurityPage() {
	const { t } = useTranslation()
	const { sessions, tokens, tokenPolicy } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="page">
			<h1 className="h3">{t('security.title')}</h1>
			<ErrorSummary formError={actionData?.formError ? t(actionData.formError) : null} />
			<div className="row g-4">
				<SessionsSection sessions={sessions} />
				<TokensSection tokens={tokens} policy={tokenPolicy} />
			</div>
		</div>
	)
}
