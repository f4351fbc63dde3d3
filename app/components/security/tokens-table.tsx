import { useTranslation } from 'react-i18next'
import { DataTable } from '~/components/data-table'
import { IntentForm } from '~/components/intent-form'
import { DateTime } from '~/components/shell/date-time'
import { useBrowserName } from './sessions-table'

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
		<DataTable
			rows={tokens}
			rowKey={(token) => token.id}
			caption={caption}
			captionId="tokens-caption"
			columns={[
				{
					key: 'issuedTo',
					label: t('security.tokens.issuedTo'),
					cell: (token) => (token.browser || token.os ? [browserName(token), token.os].filter(Boolean).join(' · ') : t('security.unknown')),
				},
				{ key: 'address', label: t('security.sessions.address'), cell: (token) => token.ip ?? '—' },
				{ key: 'issued', label: t('security.tokens.issued'), cell: (token) => <DateTime at={token.createdAt} /> },
				{
					key: 'lastUsed',
					label: t('security.tokens.lastUsed'),
					cell: (token) => (token.lastUsedAt === null ? t('security.tokens.neverUsed') : <DateTime at={token.lastUsedAt} />),
				},
				{ key: 'ends', label: t('security.tokens.ends'), cell: (token) => <DateTime at={token.endsAt} /> },
				{
					key: 'actions',
					label: t('security.actions'),
					cell: (token) => (
						<IntentForm
							action={revokeAction}
							field="token"
							value={token.id}
							buttons={[{ intent: 'revokeToken', className: 'btn btn-sm btn-outline-danger', children: t('security.tokens.revoke') }]}
						/>
					),
				},
			]}
		/>
	)
}
