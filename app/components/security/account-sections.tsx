import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SECURITY_PATH } from '~/account/security'
import { CsrfInput } from '~/components/forms'
import { SessionsTable, type SessionRow } from './sessions-table'
import { TokensTable, type TokenRow } from './tokens-table'
import { CardSection } from '~/components/card-section'

/** The security page's sessions card: every session, a sign-out form for each other one, and "sign out everywhere else". */
export function SessionsSection({ sessions }: { sessions: readonly SessionRow[] }) {
	const { t } = useTranslation()
	return (
		<CardSection id="security-sessions" heading={t('security.sessions.heading')} className="col-12">
			<SessionsTable sessions={sessions} caption={t('security.sessions.heading')} signOutAction={SECURITY_PATH} />
			<Form method="post" action={SECURITY_PATH}>
				<CsrfInput />
				<p className="form-text">{t('security.sessions.signOutOthersHint')}</p>
				<button
					type="submit"
					name="intent"
					value="revokeOtherSessions"
					className="btn btn-outline-danger"
					disabled={!sessions.some((session) => !session.current)}
				>
					{t('security.sessions.signOutOthers')}
				</button>
			</Form>
		</CardSection>
	)
}

/** The security page's API tokens card: what ends a token, and the live tokens with a revoke form each. */
export function TokensSection({ tokens, policy }: { tokens: readonly TokenRow[]; policy: { idleMinutes: number; maxHours: number } }) {
	const { t } = useTranslation()
	return (
		<CardSection id="security-tokens" heading={t('security.tokens.heading')} className="col-12">
			<p className="form-text">{t('security.tokens.policy', { idle: policy.idleMinutes, max: policy.maxHours })}</p>
			<TokensTable tokens={tokens} caption={t('security.tokens.heading')} revokeAction={SECURITY_PATH} />
		</CardSection>
	)
}
