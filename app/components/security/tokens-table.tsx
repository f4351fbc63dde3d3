import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/forms'
import { DateTime } from '~/components/shell/date-time'
import { useBrowserName } from './sessions-table'
import { TableScroller } from '~/components/list'

export interface TokenRow {
	id: number
	createdAt: number
	lastUsedAt: number | null
	endsAt: number
	ip: string | null
	browser: string | null
	browserVersion: string | null
	os: string | null
}

/** The user's live API tokens: issued when and to what, last used, when each ends; a "revoke" form each. */
export function TokensTable({ tokens, caption, revokeAction }: { tokens: readonly TokenRow[]; caption: string; revokeAction: string }) {
	const { t } = useTranslation()
	const browserName = useBrowserName()
	if (tokens.length === 0) return <p>{t('security.tokens.none')}</p>
	return (
		<TableScroller labelledBy="tokens-caption">
			<table className="table align-middle">
				<caption id="tokens-caption" className="visually-hidden">
					{caption}
				</caption>
				<thead>
					<tr>
						<th scope="col">{t('security.tokens.issuedTo')}</th>
						<th scope="col">{t('security.sessions.address')}</th>
						<th scope="col">{t('security.tokens.issued')}</th>
						<th scope="col">{t('security.tokens.lastUsed')}</th>
						<th scope="col">{t('security.tokens.ends')}</th>
						<th scope="col">{t('security.actions')}</th>
					</tr>
				</thead>
				<tbody>
					{tokens.map((token) => (
						<tr key={token.id}>
							<td>{token.browser || token.os ? [browserName(token), token.os].filter(Boolean).join(' · ') : t('security.unknown')}</td>
							<td>{token.ip ?? '—'}</td>
							<td>
								<DateTime at={token.createdAt} />
							</td>
							<td>{token.lastUsedAt === null ? t('security.tokens.neverUsed') : <DateTime at={token.lastUsedAt} />}</td>
							<td>
								<DateTime at={token.endsAt} />
							</td>
							<td>
								<Form method="post" action={revokeAction}>
									<CsrfInput />
									<input type="hidden" name="token" value={token.id} />
									<button type="submit" name="intent" value="revokeToken" className="btn btn-sm btn-outline-danger">
										{t('security.tokens.revoke')}
									</button>
								</Form>
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableScroller>
	)
}
