import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MFA_INTENTS } from '~/account/security'
import { securityPageIntents, type SecurityPageAuth, type SecurityPageIntent } from '~/account/security-page-intents.server'
import { getSessionsAndTokens } from '~/account/security.server'
import { getMfaSection } from '~/auth/mfa/security-section.server'
import { requireActiveSession, requireUser } from '~/auth/session.server'
import { ErrorSummary } from '~/components/forms'
import { MfaSection, RecoveryCodes, type MfaAnswer } from '~/components/mfa-section'
import { SessionsSection, TokensSection } from '~/components/security/account-sections'
import { getT } from '~/i18n/i18n.server'
import { getLinkedIdentity } from '~/auth/oidc/identities.server'
import { getConfig } from '~/config.server'
import { SsoIdentity } from '~/components/sso-identity'
import { routeHandle } from '~/permissions/access'
import { formAction, type FormAnswer } from '~/utils/form-action.server'
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
	return formAction(request, {
		permit: async (): Promise<SecurityPageAuth> => {
			// requireUser first: a password change that is due comes before anything else.
			const user = await requireUser(request)
			const { session, token } = await requireActiveSession(request)
			return { user, session, token }
		},
		intents: securityPageIntents(),
	})
}

export default function SecurityPage() {
	const { t } = useTranslation()
	const { mfa, sessions, tokens, tokenPolicy, ssoIdentity } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as (FormAnswer<SecurityPageIntent> & Omit<MfaAnswer, 'intent'>) | undefined
	const mfaAnswer = actionData && isMfaAnswer(actionData) ? actionData : undefined
	const formError = actionData && !mfaAnswer && actionData.formError ? t(actionData.formError) : null
	return (
		<div className="page">
			<h1 className="h3">{t('security.title')}</h1>
			{mfaAnswer?.recoveryCodes ? <RecoveryCodes codes={mfaAnswer.recoveryCodes} /> : null}
			<ErrorSummary formError={formError} />
			<MfaSection section={mfa} answer={mfaAnswer} />
			<div className="row g-4">
				<SessionsSection sessions={sessions} />
				<TokensSection tokens={tokens} policy={tokenPolicy} />
			</div>
			{ssoIdentity !== undefined ? <SsoIdentity identity={ssoIdentity} /> : null}
		</div>
	)
}

function isMfaAnswer<Answer extends { intent: string }>(answer: Answer): answer is Answer & MfaAnswer {
	return (MFA_INTENTS as readonly string[]).includes(answer.intent)
}
