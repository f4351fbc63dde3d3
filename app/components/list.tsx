import { Link } from '@remix-run/react'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatNumber } from '~/i18n/format'
import { listSearch, pageLinks, sortSearch, type ListSpec, type ListState, type PageInfo } from '~/lists/list-query'

/**
 * The list pattern's components: sortable column headers, page links, a summary and the empty states
 * (the search and filter form is ListToolbar, list-toolbar.tsx). Everything is a plain link, so a list works
 * without JavaScript and every view has an address.
 */

export interface ListProps<Filter extends string, Sort extends string> {
	/** The list's own path, e.g. `/danhmuc/tram`. */
	path: string
	state: ListState<Filter, Sort>
	spec: ListSpec<Filter, Sort>
}

/**
 * A column header that sorts by its column: a link (ascending first, then the other way), with
 * `aria-sort` on the sorted column and the direction in words for screen readers.
 */
export function SortableHeader<Filter extends string, Sort extends string>({
	path,
	state,
	spec,
	column,
	children,
	className,
}: ListProps<Filter, Sort> & { column: Sort; children: ReactNode; className?: string }) {
	const { t } = useTranslation()
	const active = state.sort === column
	const ariaSort = active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined
	const icon = active ? (state.dir === 'asc' ? 'bx-sort-up' : 'bx-sort-down') : 'bx-sort-alt-2'
	return (
		<th scope="col" aria-sort={ariaSort} className={className}>
			{/* discover="none": the list's own route, known already (each link would carry data-discover). */}
			<Link to={`${path}${sortSearch(state, spec, column)}`} className="sort-link" discover="none">
				{children}
				<i className={`bx ${icon} ms-1`} aria-hidden="true" />
				<span className="visually-hidden">
					{active ? (state.dir === 'asc' ? t('list.sortedAscending') : t('list.sortedDescending')) : t('list.sortable')}
				</span>
			</Link>
		</th>
	)
}

/** "Showing 26–50 of 1,234" (or "of more than 10,000"). */
export function ListSummary({ info, id }: { info: PageInfo & { rows: unknown[] }; id?: string }) {
	const { t, i18n } = useTranslation()
	if (info.rows.length === 0) return null
	const from = (info.page - 1) * info.size + 1
	const to = from + info.rows.length - 1
	const values = {
		from: formatNumber(from, i18n.language),
		to: formatNumber(to, i18n.language),
		total: formatNumber(info.total, i18n.language),
	}
	return (
		<p id={id} className="list-summary text-body-secondary mb-2">
			{info.exact ? t('list.summary', values) : t('list.summaryMore', values)}
		</p>
	)
}

/** Page links: previous, numbers around the current page (and the last when known), next. */
export function Pagination<Filter extends string, Sort extends string>({
	path,
	state,
	spec,
	info,
}: ListProps<Filter, Sort> & { info: PageInfo }) {
	const { t, i18n } = useTranslation()
	const links = pageLinks(info)
	if (links.length <= 1 && !info.hasNext) return null
	const href = (page: number) => `${path}${listSearch(state, spec, { page })}`
	return (
		<nav aria-label={t('list.pagination')} className="mt-3">
			<ul className="pagination flex-wrap">
				<li className={`page-item${info.page <= 1 ? ' disabled' : ''}`}>
					{info.page > 1 ? (
						<Link className="page-link" to={href(info.page - 1)} rel="prev" discover="none">
							{t('list.previous')}
						</Link>
					) : (
						<span className="page-link" aria-disabled="true">
							{t('list.previous')}
						</span>
					)}
				</li>
				{links.map((page, index) =>
					page === null ? (
						<li key={`gap-${index}`} className="page-item disabled">
							<span className="page-link" aria-hidden="true">
								…
							</span>
						</li>
					) : (
						<li key={page} className={`page-item${page === info.page ? ' active' : ''}`}>
							<Link
								className="page-link"
								to={href(page)}
								discover="none"
								aria-current={page === info.page ? 'page' : undefined}
								aria-label={t('list.pageNumber', { page: formatNumber(page, i18n.language) })}
							>
								{formatNumber(page, i18n.language)}
							</Link>
						</li>
					),
				)}
				<li className={`page-item${info.hasNext ? '' : ' disabled'}`}>
					{info.hasNext ? (
						<Link className="page-link" to={href(info.page + 1)} rel="next" discover="none">
							{t('list.next')}
						</Link>
					) : (
						<span className="page-link" aria-disabled="true">
							{t('list.next')}
						</span>
					)}
				</li>
			</ul>
		</nav>
	)
}

/**
 * What an empty list says: nothing matches the search/filters (with a way to clear them), this page
 * is past the end, or there is nothing yet (with the first action, when the user may take it).
 */
export function EmptyList({
	path,
	narrowed,
	page,
	emptyTitle,
	emptyBody,
	action,
}: {
	path: string
	narrowed: boolean
	page: number
	emptyTitle: string
	emptyBody: string
	action?: ReactNode
}) {
	const { t } = useTranslation()
	if (page > 1) {
		return (
			<EmptyState icon="bx-book-open" title={t('list.pastEnd')}>
				<Link to={path} className="btn btn-outline-primary">
					{t('list.firstPage')}
				</Link>
			</EmptyState>
		)
	}
	if (narrowed) {
		return (
			<EmptyState icon="bx-search-alt" title={t('list.noMatchTitle')} body={t('list.noMatchBody')}>
				<Link to={path} className="btn btn-outline-secondary">
					{t('list.clear')}
				</Link>
				{action}
			</EmptyState>
		)
	}
	return (
		<EmptyState icon="bx-folder-open" title={emptyTitle} body={emptyBody}>
			{action}
		</EmptyState>
	)
}

/** The frame of an empty list: an icon, what happened, and the next things to do. */
function EmptyState({ icon, title, body, children }: { icon: string; title: string; body?: string; children?: ReactNode }) {
	return (
		<div className="empty-state card card-body text-center" role="status">
			<div>
				<span className="empty-state__icon">
					<i className={`bx ${icon}`} aria-hidden="true" />
				</span>
			</div>
			<h2 className="h5">{title}</h2>
			{body ? <p className="mb-3 text-body-secondary">{body}</p> : null}
			{children ? <div className="d-flex flex-wrap gap-2 justify-content-center">{children}</div> : null}
		</div>
	)
}

/**
 * The values of a row's secondary columns, as a line under its name: shown only where the table is too
 * narrow for those columns (`col-secondary`, see catalogs.css). It is what the eye reads there; the cells
 * themselves stay in the table for screen readers (visually hidden, with their column headers), so the line
 * is hidden from them and carries no labels.
 */
export function RowDetail({ values }: { values: ReadonlyArray<ReactNode> }) {
	const shown = values.filter((value) => value !== '' && value !== null)
	if (shown.length === 0) return null
	// Text joined into one string: React would separate adjacent text nodes with comments.
	const text = shown.every((value) => typeof value === 'string' || typeof value === 'number')
	return (
		<div className="row-detail" aria-hidden="true">
			{text
				? shown.join(' · ')
				: shown.map((value, index) => (
						<Fragment key={index}>
							{index > 0 ? ' · ' : null}
							{value}
						</Fragment>
					))}
		</div>
	)
}

/**
 * The box a wide table scrolls in on a narrow screen: a focusable group named by the table's caption (or
 * heading), so that keyboard users can scroll it too.
 */
export function TableScroller({ labelledBy, className, children }: { labelledBy: string; className?: string; children: ReactNode }) {
	return (
		<div
			role="group"
			tabIndex={0}
			aria-labelledby={labelledBy}
			className={className ? `table-responsive ${className}` : 'table-responsive'}
		>
			{children}
		</div>
	)
}
