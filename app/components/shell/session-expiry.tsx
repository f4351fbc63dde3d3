import { useTranslation } from 'react-i18next'
import type { SessionPhase } from '~/hooks/use-session-expiry'

/**
 * Two minutes before the idle timeout: a warning with "Stay signed in". Once the session has ended: a
 * notice that what is on the page is still here, with sign-in in a new tab so nothing typed is lost.
 */
export function SessionExpiryNotice({ session, onStay }: { session: SessionPhase; onStay: () => void }) {
	const { t } = useTranslation()
	if (session.phase === 'active') return null
	if (session.phase === 'warning') {
		return (
			<div
				className="session-notice alert alert-warning shadow"
				role="alertdialog"
				aria-labelledby="session-notice-title"
				aria-describedby="session-notice-body"
			>
				<h2 id="session-notice-title" className="h6">
					{t('session.warningTitle')}
				</h2>
				<p id="session-notice-body" className="mb-2">
					{t('session.warningBody', { count: Math.max(1, Math.ceil(session.remainingMs / 60_000)) })}
				</p>
				<button type="button" className="btn btn-primary btn-sm" onClick={onStay}>
					{t('session.stay')}
				</button>
			</div>
		)
	}
	return (
		<div className="session-notice alert alert-danger shadow" role="alert">
			<h2 className="h6">{t('session.endedTitle')}</h2>
			<p className="mb-2">{t('session.endedBody')}</p>
			<a href="/account/login" target="_blank" rel="noopener" className="btn btn-primary btn-sm">
				{t('session.signInNewTab')}
			</a>
		</div>
	)
}
