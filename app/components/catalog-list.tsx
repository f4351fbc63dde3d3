import { Link } from '@remix-run/react'
import { catalogText } from '~/catalogs/catalog-texts'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldKey, recordHref, type CatalogPages } from '~/catalogs/catalog-pages'
import { listSearch, type ListState, type PageInfo } from '~/lists/list-query'
import { BulkActions, BulkSelectAll, BulkSelectCell } from './bulk'
import { RowDetail } from './list'
import { classNames, PagedTable } from './data-table'
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
			<PagedTable
				list={list}
				result={result}
				id={key}
				name={t(`${key}.title`)}
				sortLabel={t(fieldKey(pages, state.sort))}
				emptyTitle={catalogText(t, key, 'emptyTitle')}
				emptyBody={catalogText(t, key, 'emptyBody')}
				emptyAction={allowed.create ? newRecord(catalogText(t, key, 'new')) : null}
				before={<BulkActions {...bulk} path={path} query={listSearch(state, spec)} labels={pages.labels} />}
				className="table table-hover align-middle catalog-table"
				scrollerClassName="catalog-table-box"
				columns={[
					{
						key: 'bulk',
						head: <BulkSelectAll {...bulk} />,
						render: (row) => <BulkSelectCell {...bulk} id={row.id} record={`${row.code} · ${row.name}`} />,
					},
					{
						key: 'code',
						label: t(fieldKey(pages, 'code')),
						sortable: true,
						rowHeader: true,
						cell: (row) => <Link to={recordHref(pages, row.id)}>{row.code}</Link>,
					},
					{
						key: 'name',
						label: t(fieldKey(pages, 'name')),
						sortable: true,
						cell: (row) => (
							<>
								{row.name}
								<RowDetail values={secondary.map((column) => column.cell(row))} />
							</>
						),
					},
					...shown.map((column) => ({
						...column,
						headClassName: classNames(column.alignEnd && 'text-end', column.secondary && 'col-secondary'),
						className: classNames(column.alignEnd && 'text-end', column.noWrap && 'text-nowrap', column.secondary && 'col-secondary'),
					})),
				]}
			/>
		</section>
	)
}
