import { Form, Link, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { versionField, type BulkRefusal } from '~/catalogs/bulk'
import { useHydrated } from '~/hooks/use-hydrated'
import { PageHeader } from './page-header'
import { CsrfInput, ErrorSummary } from './forms'

/**
 * Bulk actions on a catalog list: a checkbox per row and the "Export selected" / "Delete selected"
 * buttons. The list already holds the search form, so the buttons sit in a form of their own (a GET
 * form that also carries the list's query) and the row checkboxes join it with the `form` attribute.
 * Without JavaScript everything works; with it, a header checkbox selects every row of the page.
 */
export interface BulkProps {
	/** The id of the bulk form the row checkboxes belong to, e.g. `stations-bulk`. */
	formId: string
	/** The list's address, e.g. `/danhmuc/tram`. */
	path: string
	/** The list's query (`?…` or ''), carried to the confirmation page and the export. */
	query: string
	allowed: { export: boolean; delete: boolean }
	/** A "Print labels" button too (CatalogPages.labels), for those who may export. */
	labels?: boolean
}

function bulkEnabled(allowed: BulkProps['allowed']) {
	return allowed.export || allowed.delete
}

/**
 * How many rows of the bulk form are ticked, counted again after every change on the page (the header's
 * "select all" sets the boxes itself, firing no change of theirs) and every navigation; null before the
 * page's JavaScript runs, when it cannot be known.
 */
function useTickedCount(formId: string): number | null {
	const location = useLocation()
	const [count, setCount] = useState<number | null>(null)
	useEffect(() => {
		const recount = () => setCount(document.querySelectorAll(`input[type="checkbox"][name="id"][form="${formId}"]:checked`).length)
		recount()
		document.addEventListener('change', recount)
		return () => document.removeEventListener('change', recount)
	}, [formId, location])
	return count
}

/**
 * The bulk form and its buttons, shown to users who may export or delete. With JavaScript the buttons are
 * disabled while no row is ticked; without, the server sends an empty selection back to the list with a
 * message.
 */
export function BulkActions({ formId, path, query, allowed, labels = false }: BulkProps) {
	const { t } = useTranslation()
	const ticked = useTickedCount(formId)
	if (!bulkEnabled(allowed)) return null
	const disabled = ticked === 0
	return (
		<form id={formId} method="get" action={`${path}/bulk-delete`} className="d-flex flex-wrap gap-2 mb-2" aria-label={t('bulk.formLabel')}>
			{[...new URLSearchParams(query)].map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{allowed.export ? (
				<button type="submit" formAction={`${path}/export-selected.csv`} className="btn btn-sm btn-outline-dark" disabled={disabled}>
					<i className="bx bx-download" aria-hidden="true" /> {t('bulk.exportSelected')}
				</button>
			) : null}
			{labels && allowed.export ? (
				<button type="submit" formAction={`${path}/labels`} className="btn btn-sm btn-outline-dark" disabled={disabled}>
					<i className="bx bx-qr" aria-hidden="true" /> {t('labels.print')}
				</button>
			) : null}
			{allowed.delete ? (
				<button type="submit" formAction={`${path}/bulk-delete`} className="btn btn-sm btn-outline-danger" disabled={disabled}>
					<i className="bx bx-trash" aria-hidden="true" /> {t('bulk.deleteSelected')}
				</button>
			) : null}
		</form>
	)
}

/** The header cell of the checkbox column: with JavaScript, "select every row on this page". */
export function BulkSelectAll({ formId, allowed }: Pick<BulkProps, 'formId' | 'allowed'>) {
	const { t } = useTranslation()
	const hydrated = useHydrated()
	if (!bulkEnabled(allowed)) return null
	return (
		<th scope="col" className="bulk-select">
			{hydrated ? (
				<input
					type="checkbox"
					className="form-check-input"
					aria-label={t('bulk.selectAll')}
					onChange={(event) => {
						const boxes = document.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="id"][form="${formId}"]`)
						for (const box of boxes) box.checked = event.currentTarget.checked
					}}
				/>
			) : (
				<span className="visually-hidden">{t('bulk.selectColumn')}</span>
			)}
		</th>
	)
}

/** A row's checkbox, named after the record (e.g. "Select HN-001 · Trạm Hà Nội"). */
export function BulkSelectCell({ formId, allowed, id, record }: Pick<BulkProps, 'formId' | 'allowed'> & { id: number; record: string }) {
	const { t } = useTranslation()
	if (!bulkEnabled(allowed)) return null
	return (
		<td className="bulk-select">
			<input type="checkbox" className="form-check-input" name="id" value={id} form={formId} aria-label={t('bulk.select', { record })} />
		</td>
	)
}

export interface BulkDeletePageData {
	title: string
	back: string
	max: number
	rows: { id: number; code: string; name: string; version: number }[]
	action: string | null
	error: { problem: string; missing: number[] } | null
}

/** The refused delete's answer: the selection's problem (400), or each record that refused it (409). */
export interface BulkDeleteAnswerData {
	formError: string | null
	refusals?: BulkRefusal[]
}

function BulkRefusalText({ refusal }: { refusal: BulkRefusal }) {
	const { t } = useTranslation()
	if (refusal.reason === 'notFound') return <>{t('bulk.refusal.notFound', { id: refusal.id })}</>
	const record = `${refusal.code} · ${refusal.name}`
	if (refusal.reason === 'stale') return <>{t('bulk.refusal.stale', { record, version: refusal.version })}</>
	return <>{t(refusal.block.key, { ...refusal.block.values, code: refusal.code, name: refusal.name })}</>
}

/** The bulk delete's confirmation page: what will be deleted, or why it cannot be. */
export function BulkDeleteConfirmation({ page, answer }: { page: BulkDeletePageData; answer: BulkDeleteAnswerData | undefined }) {
	const { t } = useTranslation()
	const count = page.rows.length
	return (
		<section aria-labelledby="bulk-heading">
			<PageHeader title={page.title} id="bulk-heading" />
			{answer?.formError ? <ErrorSummary formError={t(answer.formError, { max: page.max })} /> : null}
			{answer?.refusals ? (
				<ErrorSummary title={t('bulk.refusedTitle')}>
					<ul className="mb-0">
						{answer.refusals.map((refusal) => (
							<li key={refusal.id}>
								<BulkRefusalText refusal={refusal} />
							</li>
						))}
					</ul>
				</ErrorSummary>
			) : null}
			{page.error && !answer ? (
				<div className="alert alert-danger" role="alert">
					{t(`bulk.problems.${page.error.problem}`, { max: page.max, ids: page.error.missing.join(', ') })}
				</div>
			) : null}
			{page.action && count > 0 ? (
				<div className="card card-body">
					<p>{t('bulk.deleteQuestion', { count })}</p>
					<div className="table-responsive">
						<table className="table table-sm align-middle">
							<caption className="visually-hidden">{t('bulk.selectedCaption', { count })}</caption>
							<thead>
								<tr>
									<th scope="col">{t('bulk.code')}</th>
									<th scope="col">{t('bulk.name')}</th>
									<th scope="col" className="text-end">
										{t('catalog.version')}
									</th>
								</tr>
							</thead>
							<tbody>
								{page.rows.map((row) => (
									<tr key={row.id}>
										<th scope="row">{row.code}</th>
										<td>{row.name}</td>
										<td className="text-end">{row.version}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
					<Form method="post" action={page.action} className="d-flex flex-wrap gap-2">
						<CsrfInput />
						{page.rows.map((row) => (
							<span key={row.id} hidden>
								<input type="hidden" name="id" value={row.id} />
								<input type="hidden" name={versionField(row.id)} value={row.version} />
							</span>
						))}
						<button type="submit" className="btn btn-danger">
							{t('bulk.deleteConfirm', { count })}
						</button>
						<Link to={page.back} className="btn btn-outline-secondary">
							{t('catalog.cancel')}
						</Link>
					</Form>
				</div>
			) : (
				<Link to={page.back} className="btn btn-outline-secondary">
					{t('bulk.backToList')}
				</Link>
			)}
		</section>
	)
}
