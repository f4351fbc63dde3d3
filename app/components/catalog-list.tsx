import { Link } from '@remix-run/react'
import { catalogText } from '~/catalogs/catalog-texts'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldKey, recordHref, type CatalogPages } from '~/catalogs/catalog-pages'
import { isNarrowed, listSearch, type ListState, type PageInfo } from '~/lists/list-query'
import { BulkActions, BulkSelectAll, BulkSelectCell } from './bulk'
import { EmptyList, ListSummary, Pagination, RowDetail, SortableHeader, TableScroller } from './list'
import { ListToolbar, type FilterControl } from './list-toolbar'
import type { ListViewsData } from '~/lists/list-views-route.server'
import { ListViews } from './list-views'
import { PageHeader } from './page-header'

/** A column of a catalog list after the record's code and name: shown unless the user hid it (list views). */
export interface CatalogColumn<Row> {
	/** Its name in the list views and, when `sortable`, its sort key. */
	key: string
	label: string
	sortable?: boolean
	/** Hidden on narrow screens, where its value shows under the record's name instead. */
	secondary?: boolean
	alignEnd?: boolean
	noWrap?: boolean
	cell: (row: Row) => ReactNode
}

export interface CatalogListRow {
	id: number
	code: string
	name: string
}

const classNames = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined

/**
 * A catalog's list page: header with what the user may do, search and filters, column chooser and saved
 * views, bulk selection, the table sorted by any sortable column, page links, and the empty states. What
 * differs between catalogs is data: the columns, the filters, and optional extra controls and notices.
 */
export function CatalogListPage<Row extends CatalogListRow, Filter extends string, Sort extends string>({
	pages,
	page: { state, result, views, allowed },
	filters,
	filterExtra,
	notice,
	columns,
}: {
	pages: CatalogPages
	/** What the loader read (loadCatalogList). */
	page: {
		state: ListState<Filter, Sort>
		result: PageInfo & { rows: Row[] }
		views: ListViewsData<string>
		allowed: { create: boolean; export: boolean; import: boolean; delete: boolean }
	}
	filters: FilterControl<Filter>[]
	filterExtra?: ReactNode
	notice?: ReactNode
	columns: CatalogColumn<Row>[]
}) {
	const { t } = useTranslation()
	const { key } = pages
	const { path, spec } = pages.views
	const list = { path, state, spec }
	const bulk = { formId: `${key}-bulk`, allowed }
	const shown = columns.filter((column) => views.columns[column.key] ?? true)
	const secondary = shown.filter((column) => column.secondary)
	const newRecord = (content: ReactNode) => (
		<Link to={`${path}/new`} className="btn btn-primary">
			{content}
		</Link>
	)
	return (
		<section aria-labelledby={`${key}-heading`}>
			<PageHeader title={t(`${key}.title`)} id={`${key}-heading`}>
				{allowed.create
					? newRecord(
							<>
								<i className="bx bx-plus" aria-hidden="true" /> {catalogText(t, key, 'new')}
							</>,
						)
					: null}
				{allowed.export ? (
					<a href={`${path}/export.csv${listSearch(state, spec, { page: 1 })}`} className="btn btn-outline-dark" download>
						<i className="bx bx-download" aria-hidden="true" /> {t('csv.export')}
					</a>
				) : null}
				{allowed.import ? (
					<Link to={`${path}/import`} className="btn btn-outline-dark">
						<i className="bx bx-upload" aria-hidden="true" /> {t('csv.import')}
					</Link>
				) : null}
			</PageHeader>
			<ListToolbar
				{...list}
				label={catalogText(t, key, 'searchForm')}
				searchLabel={t('list.search')}
				searchHint={catalogText(t, key, 'searchHint')}
				filters={filters}
				extra={filterExtra}
			/>
			<ListViews definition={pages.views} views={views} />
			{notice}
			{result.rows.length === 0 ? (
				<EmptyList
					path={path}
					narrowed={isNarrowed(state)}
					page={state.page}
					emptyTitle={catalogText(t, key, 'emptyTitle')}
					emptyBody={catalogText(t, key, 'emptyBody')}
					action={allowed.create ? newRecord(catalogText(t, key, 'new')) : null}
				/>
			) : (
				<>
					<ListSummary info={result} id={`${key}-summary`} />
					<BulkActions {...bulk} path={path} query={listSearch(state, spec)} labels={pages.labels} />
					<TableScroller labelledBy={`${key}-caption`} className="catalog-table-box">
						<table className="table table-hover align-middle catalog-table" aria-describedby={`${key}-summary`}>
							<caption id={`${key}-caption`} className="visually-hidden">
								{t('list.caption', {
									name: t(`${key}.title`),
									column: t(fieldKey(pages, state.sort)),
									direction: state.dir === 'asc' ? t('list.ascending') : t('list.descending'),
								})}
							</caption>
							<thead>
								<tr>
									<BulkSelectAll {...bulk} />
									<SortableHeader {...list} column={'code' as Sort}>
										{t(fieldKey(pages, 'code'))}
									</SortableHeader>
									<SortableHeader {...list} column={'name' as Sort}>
										{t(fieldKey(pages, 'name'))}
									</SortableHeader>
									{shown.map((column) => {
										const className = classNames(column.alignEnd && 'text-end', column.secondary && 'col-secondary')
										return column.sortable ? (
											<SortableHeader key={column.key} {...list} column={column.key as Sort} className={className}>
												{column.label}
											</SortableHeader>
										) : (
											<th key={column.key} scope="col" className={className}>
												{column.label}
											</th>
										)
									})}
								</tr>
							</thead>
							<tbody>
								{result.rows.map((row) => (
									<tr key={row.id}>
										<BulkSelectCell {...bulk} id={row.id} record={`${row.code} · ${row.name}`} />
										<th scope="row">
											<Link to={recordHref(pages, row.id)}>{row.code}</Link>
										</th>
										<td>
											{row.name}
											<RowDetail values={secondary.map((column) => column.cell(row))} />
										</td>
										{shown.map((column) => (
											<td
												key={column.key}
												className={classNames(
													column.alignEnd && 'text-end',
													column.noWrap && 'text-nowrap',
													column.secondary && 'col-secondary',
												)}
											>
												{column.cell(row)}
											</td>
										))}
									</tr>
								))}
							</tbody>
						</table>
					</TableScroller>
					<Pagination {...list} info={result} />
				</>
			)}
		</section>
	)
}
