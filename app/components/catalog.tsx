import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { Badge } from '~/components/badge'
import { TableScroller } from './list'

/** Pieces shared by the catalog pages (stations, tools): badges, history, record facts (deleting: catalog-delete.tsx). */

const STATUS_TONE: Record<string, string> = {
	active: 'success',
	maintenance: 'warning',
	inactive: 'secondary',
	in_use: 'success',
	in_stock: 'info',
	repair: 'warning',
	retired: 'secondary',
	sending: 'info',
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
	return <span className={`badge rounded-pill text-bg-${STATUS_TONE[status] ?? 'secondary'}`}>{label}</span>
}

export interface HistoryItem {
	id: number
	at: number
	action: string
	actor: string | null
	source: 'form' | 'import'
	changes: Record<string, { from: string; to: string }>
}

/** A record's audit history: when, who, what, and each changed field before → after. */
export function HistoryTable({
	history,
	fieldLabel,
	valueLabel,
}: {
	history: HistoryItem[]
	fieldLabel: (field: string) => string
	/** Shows a stored value (e.g. a status code as its label). */
	valueLabel: (field: string, value: string) => string
}) {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	return (
		<section aria-labelledby="history-heading" className="mt-4">
			<h2 id="history-heading" className="h5">
				{t('catalog.history.title')}
			</h2>
			{history.length === 0 ? (
				<p className="text-body-secondary">{t('catalog.history.empty')}</p>
			) : (
				<TableScroller labelledBy="history-caption">
					<table className="table table-sm align-top">
						<caption id="history-caption" className="visually-hidden">
							{t('catalog.history.title')}
						</caption>
						<thead>
							<tr>
								<th scope="col">{t('catalog.history.when')}</th>
								<th scope="col">{t('catalog.history.who')}</th>
								<th scope="col">{t('catalog.history.what')}</th>
								<th scope="col">{t('catalog.history.changes')}</th>
							</tr>
						</thead>
						<tbody>
							{history.map((entry) => {
								const kind = entry.action.split('.').pop() ?? entry.action
								return (
									<tr key={entry.id}>
										<td className="text-nowrap">{formatDateTime(entry.at, i18n.language, timeZone)}</td>
										<td>{entry.actor ?? t('catalog.history.system')}</td>
										<td>
											{t(`catalog.history.actions.${kind === 'created' || kind === 'updated' || kind === 'deleted' ? kind : 'other'}`)}
											{entry.source === 'import' ? <Badge className="text-bg-light ms-1">{t('catalog.history.viaImport')}</Badge> : null}
										</td>
										<td>
											<ul className="list-unstyled mb-0 history-changes">
												{Object.entries(entry.changes).map(([field, change]) => (
													<li key={field}>
														<span className="fw-semibold">{`${fieldLabel(field)}:`}</span>{' '}
														{change.from !== '' ? <del>{valueLabel(field, change.from)}</del> : null}
														{change.from !== '' && change.to !== '' ? ' → ' : null}
														{change.to !== '' ? <ins>{valueLabel(field, change.to)}</ins> : null}
													</li>
												))}
											</ul>
										</td>
									</tr>
								)
							})}
						</tbody>
					</table>
				</TableScroller>
			)}
		</section>
	)
}

/** Who created and last changed a record, and when; its version. */
export function RecordFacts({
	createdBy,
	createdAt,
	updatedBy,
	updatedAt,
	version,
	children,
}: {
	createdBy: string | null
	createdAt: number
	updatedBy: string | null
	updatedAt: number
	version: number
	children?: ReactNode
}) {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	return (
		<dl className="record-facts row small text-body-secondary mb-3">
			<dt className="col-sm-3">{t('catalog.createdBy')}</dt>
			<dd className="col-sm-9">
				{createdBy ?? t('catalog.history.system')}, {formatDateTime(createdAt, i18n.language, timeZone)}
			</dd>
			<dt className="col-sm-3">{t('catalog.updatedBy')}</dt>
			<dd className="col-sm-9">
				{updatedBy ?? t('catalog.history.system')}, {formatDateTime(updatedAt, i18n.language, timeZone)}
			</dd>
			<dt className="col-sm-3">{t('catalog.version')}</dt>
			<dd className="col-sm-9">{version}</dd>
			{children}
		</dl>
	)
}

export interface ConflictInfo {
	by: string | null
	at: number
	version: number
	/** The saved values that differ from what the user typed. */
	differences: { field: string; saved: string }[]
}

/** The refused stale save: who saved meanwhile, what they saved, and the way to the latest version. */
export function ConflictAlert({
	conflict,
	reloadHref,
	fieldLabel,
	valueLabel,
}: {
	conflict: ConflictInfo
	reloadHref: string
	fieldLabel: (field: string) => string
	valueLabel: (field: string, value: string) => string
}) {
	const { t, i18n } = useTranslation()
	const timeZone = useTimeZone()
	return (
		<div className="alert alert-danger" role="alert">
			<p className="fw-semibold mb-1">{t('catalog.conflict.title')}</p>
			<p className="mb-2">
				{t('catalog.conflict.body', {
					name: conflict.by ?? t('catalog.history.system'),
					at: formatDateTime(conflict.at, i18n.language, timeZone),
				})}
			</p>
			{conflict.differences.length > 0 ? (
				<>
					<p className="mb-1">{t('catalog.conflict.saved')}</p>
					<ul className="mb-2">
						{conflict.differences.map(({ field, saved }) => (
							<li key={field}>
								{fieldLabel(field)}: {saved === '' ? t('catalog.empty') : valueLabel(field, saved)}
							</li>
						))}
					</ul>
				</>
			) : null}
			<Link to={reloadHref} reloadDocument className="alert-link">
				{t('catalog.conflict.reload')}
			</Link>
		</div>
	)
}
