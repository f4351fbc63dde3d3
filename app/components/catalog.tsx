import { Form, Link } from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/hooks/use-hydrated'
import { formatDateTime } from '~/i18n/format'
import { useTimeZone } from '~/utils/root-data'
import { CsrfInput } from './forms'
import { Badge } from '~/components/badge'
import { TableScroller } from './list'
import { PageHeader } from './page-header'
import { deleteConfirmationHref } from '~/utils/delete-confirmation'

/** Pieces shared by the catalog pages (stations, tools): badges, the delete control, history, record facts. */

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

/** The POST form that deletes a record (with the version the user saw). */
export function DeleteForm({
	action,
	version,
	submitLabel,
	cancel,
	onSubmit,
}: {
	action: string
	version: number
	submitLabel: string
	cancel: ReactNode
	onSubmit?: () => void
}) {
	return (
		<Form method="post" action={action} className="d-flex flex-wrap gap-2" onSubmit={onSubmit}>
			<CsrfInput />
			<input type="hidden" name="intent" value="delete" />
			<input type="hidden" name="version" value={version} />
			<button type="submit" className="btn btn-danger">
				{submitLabel}
			</button>
			{cancel}
		</Form>
	)
}

/**
 * A record's delete confirmation page (`deleteConfirmationHref`, where the delete control leads without
 * JavaScript): the question, the delete form, and a way back; `children` are the refusals to show.
 */
export function DeleteConfirmation({
	title,
	headingId,
	question,
	action,
	version,
	confirmLabel,
	children,
}: {
	title: string
	headingId: string
	question: string
	action: string
	version: number
	confirmLabel: string
	children?: ReactNode
}) {
	const { t } = useTranslation()
	return (
		<section aria-labelledby={headingId}>
			<PageHeader title={title} id={headingId} />
			{children}
			<div className="card card-body">
				<p>{question}</p>
				<DeleteForm
					action={action}
					version={version}
					submitLabel={confirmLabel}
					cancel={
						<Link to={action} className="btn btn-outline-secondary">
							{t('catalog.cancel')}
						</Link>
					}
				/>
			</div>
		</section>
	)
}

/**
 * "Delete": without JavaScript a link to the confirmation page (`deleteConfirmationHref`); with it, a button
 * that opens a native dialog holding the same confirmation form.
 */
export function DeleteControl({
	action,
	version,
	label,
	question,
	confirmLabel,
}: {
	action: string
	version: number
	label: string
	question: string
	confirmLabel: string
}) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	const dialog = useRef<HTMLDialogElement>(null)
	if (!hydrated) {
		return (
			<Link to={deleteConfirmationHref(action)} className="btn btn-danger">
				<i className="bx bx-trash" aria-hidden="true" /> {label}
			</Link>
		)
	}
	return (
		<>
			<button type="button" className="btn btn-danger" onClick={() => dialog.current?.showModal()}>
				<i className="bx bx-trash" aria-hidden="true" /> {label}
			</button>
			<dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-dialog-title">
				<h2 id="delete-dialog-title" className="h5">
					{label}
				</h2>
				<p>{question}</p>
				<DeleteForm
					action={action}
					version={version}
					submitLabel={confirmLabel}
					// The answer (a refusal, say) shows in the page, not behind the dialog.
					onSubmit={() => dialog.current?.close()}
					cancel={
						<button type="button" className="btn btn-outline-secondary" onClick={() => dialog.current?.close()}>
							{t('catalog.cancel')}
						</button>
					}
				/>
			</dialog>
		</>
	)
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
