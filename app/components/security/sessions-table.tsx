import { Form } from '@remix-run/react'
import type { SessionEntry } from '~/auth/session-list.server'
import { useTranslation } from 'react-i18next'
import { Badge } from '~/components/badge'
import { CsrfInput } from '~/components/forms'
import { DateTime } from '~/components/shell/date-time'
import { TableScroller } from '~/components/list'

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
	return (
		<TableScroller labelledBy="sessions-caption">
			<table className="table align-middle">
				<caption id="sessions-caption" className="visually-hidden">
					{caption}
				</caption>
				<thead>
					<tr>
						<th scope="col">{t('security.sessions.browser')}</th>
						<th scope="col">{t('security.sessions.system')}</th>
						<th scope="col">{t('security.sessions.address')}</th>
						<th scope="col">{t('security.sessions.signedIn')}</th>
						<th scope="col">{t('security.sessions.lastSeen')}</th>
						{signOutAction ? <th scope="col">{t('security.actions')}</th> : null}
					</tr>
				</thead>
				<tbody>
					{sessions.length === 0 ? (
						<tr>
							<td colSpan={signOutAction ? 6 : 5}>{t('security.sessions.none')}</td>
						</tr>
					) : null}
					{sessions.map((session) => (
						<tr key={session.reference}>
							<td>
								<span className="session-agent">{browserName(session)}</span>
								{session.current ? <Badge className="text-bg-success ms-2">{t('security.sessions.thisBrowser')}</Badge> : null}
							</td>
							<td>{session.os ?? t('security.unknown')}</td>
							<td>{session.ip ?? '—'}</td>
							<td>
								<DateTime at={session.createdAt} />
							</td>
							<td>
								<DateTime at={session.lastSeenAt} />
							</td>
							{signOutAction ? (
								<td>
									{session.current ? null : (
										<Form method="post" action={signOutAction}>
											<CsrfInput />
											<input type="hidden" name="session" value={session.reference} />
											<button type="submit" name="intent" value="revokeSession" className="btn btn-sm btn-outline-danger">
												{t('security.sessions.signOut')}
											</button>
										</Form>
									)}
								</td>
							) : null}
						</tr>
					))}
				</tbody>
			</table>
		</TableScroller>
	)
}
