import type { SessionEntry } from '~/auth/session-list.server'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/badge'
import { DataTable, type TableColumn } from '~/components/data-table'
import { IntentForm } from '~/components/intent-form'
import { DateTime } from '~/components/shell/date-time'

/** A session as the table shows it (the page's loader data). */
export type SessionRow = SessionEntry

/** "Chrome 131", or "unknown" in the reader's language. */
export function useBrowserName() {
	const { t } = useTranslation()
	return ({ browser, browserVersion }: { browser: string | null; browserVersion: string | null }) =>
		browser ? [browser, browserVersion].filter(Boolean).join(' ') : t('security.unknown')
}

/**
 * Sessions, one row each: browser and system, address, signed in, last seen, the asking browser marked.
 * With `signOutAction`, each other session has a "sign out" form posting there (`intent=revokeSession`).
 */
export function SessionsTable({
	sessions,
	caption,
	signOutAction,
}: {
	sessions: readonly SessionRow[]
	caption: string
	signOutAction: string | null
}) {
	const { t } = useTranslation()
	const browserName = useBrowserName()
	const columns: (TableColumn<SessionRow> | null)[] = [
		{
			key: 'browser',
			label: t('security.sessions.browser'),
			cell: (session) => (
				<>
					<span className="session-agent">{browserName(session)}</span>
					{session.current ? <Badge className="text-bg-success ms-2">{t('security.sessions.thisBrowser')}</Badge> : null}
				</>
			),
		},
		{ key: 'system', label: t('security.sessions.system'), cell: (session) => session.os ?? t('security.unknown') },
		{ key: 'address', label: t('security.sessions.address'), cell: (session) => session.ip ?? '—' },
		{ key: 'signedIn', label: t('security.sessions.signedIn'), cell: (session) => <DateTime at={session.createdAt} /> },
		{ key: 'lastSeen', label: t('security.sessions.lastSeen'), cell: (session) => <DateTime at={session.lastSeenAt} /> },
		signOutAction
			? {
					key: 'actions',
					label: t('security.actions'),
					cell: (session) =>
						session.current ? null : (
							<IntentForm
								action={signOutAction}
								field="session"
								value={session.reference}
								buttons={[
									{ intent: 'revokeSession', className: 'btn btn-sm btn-outline-danger', children: t('security.sessions.signOut') },
								]}
							/>
						),
				}
			: null,
	]
	return (
		<DataTable
			columns={columns}
			rows={sessions}
			rowKey={(session) => session.reference}
			caption={caption}
			captionId="sessions-caption"
			emptyRow={t('security.sessions.none')}
		/>
	)
}
