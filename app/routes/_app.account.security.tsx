import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getSessionsAndTokens, handleSessionIntent, SESSION_INTENTS } from '~/account/security.server'
import { postedIntent } from '~/utils/intent.server'
import { MFA_INTENTS, getMfaSection, handleMfaIntent, type MfaActionData, type MfaIntent } from '~/auth/mfa/security-section.server'
import { requireActiveSession, requireUser } from '~/auth/session.server'
import { ErrorSummary } from '~/components/forms'
import { MfaSection, RecoveryCodes } from '~/components/mfa-section'
import { SessionsSection, TokensSection } from '~/components/security/account-sections'
import { getT } from '~/i18n/i18n.server'
import { getLinkedIdentity } from '~/auth/oidc/identities.server'
import { getConfig } from '~/config.server'
import { SsoIdentity } from '~/components/sso-identity'
import { routeHandle } from '~/permissions/access'
import { assertCsrf, invalid } from '~/utils/form.server'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ authenticated: true })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	// requireUser first: a password change that is due comes before anything else. A user who must set up
	// a second factor is let through to this page (and only to it) to do so.
	const user = await requireUser(request)
	const state = await requireActiveSession(request)
	const issuer = getConfig().oidc?.issuer
	const [t, mfa, sessionsAndTokens, ssoIdentity] = await Promise.all([
		getT(request),
		getMfaSection(request, user, state.session),
		getSessionsAndTokens(state),
		issuer ? getLinkedIdentity(user.id, issuer) : undefined,
	])
	return { title: t('security.title'), mfa, ssoIdentity, ...sessionsAndTokens }
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request)
	const state = await requireActiveSession(request)
	// The intent lists come from server modules: read here, not at the top of a module the browser loads too.
	const intent = await postedIntent(request, [...MFA_INTENTS, ...SESSION_INTENTS])
	if (intent && (MFA_INTENTS as readonly string[]).includes(intent)) return handleMfaIntent(request, user, intent as MfaIntent)
	if (intent) return handleSessionIntent(request, state)
	assertCsrf(request, await request.formData())
	return invalid({ values: {}, formError: 'errors.badRequestBody' })
}

export default function SecurityPage() {
	const { t } = useTranslation()
	const { mfa, sessions, tokens, tokenPolicy, ssoIdentity } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const mfaAnswer = actionData && 'mfa' in actionData ? (actionData as MfaActionData) : undefined
	const formError = actionData && 'formError' in actionData && actionData.formError ? t(actionData.formError) : null
	return (
		<div className="page">
			<h1 className="h3">{t('security.title')}</h1>
			{mfaAnswer?.mfa.recoveryCodes ? <RecoveryCodes codes={mfaAnswer.mfa.recoveryCodes} /> : null}
			<ErrorSummary formError={formError} />
			<MfaSection section={mfa} actionData={mfaAnswer} />
			<div className="row g-4">
				<SessionsSection sessions={sessions} />
				<TokensSection tokens={tokens} policy={tokenPolicy} />
			</div>
			{ssoIdentity !== undefined ? <SsoIdentity identity={ssoIdentity} /> : null}
		</div>
	)
}
