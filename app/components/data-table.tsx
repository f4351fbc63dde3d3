import type { Key, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isNarrowed, type PageInfo } from '~/lists/list-query'
import { EmptyList, ListSummary, Pagination, SortableHeader, TableScroller, type ListProps } from './list'

/**
 * The list/table pattern every list of the app is drawn with: a table is data (its columns and rows), and a
 * paged list (PagedTable) adds the summary, the empty states and the page links around it. Catalogs, admin
 * lists and the account's sessions and tokens all go through DataTable, so that they share one markup.
 */

/** A column whose cells DataTable draws: a `<th scope="col">` header and a `<td>` (or the row's `<th scope="row">`) a row. */
export interface CellColumn<Row> {
	/** Unique in the table; a sortable column's sort key. */
	key: string
	label: ReactNode
	cell: (row: Row) => ReactNode
	/** This column's cell names the row: `<th scope="row">`. */
	rowHeader?: boolean
	/** A sort link in the header (SortableHeader); needs the table's `list`. */
	sortable?: boolean
	headClassName?: string
	className?: string | ((row: Row) => string | undefined)
}

/** A column that draws its own cells (e.g. the bulk checkboxes, which are absent where bulk actions are). */
export interface OwnCellsColumn<Row> {
	key: string
	head: ReactNode
	render: (row: Row) => ReactNode
}

export type TableColumn<Row> = CellColumn<Row> | OwnCellsColumn<Row>

/** `a b` from the names that apply, or undefined (no class attribute) when none does. */
export const classNames = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ') || undefined

export interface DataTableProps<Row, Filter extends string, Sort extends string> {
	/** The columns in order; `false` or null for one this reader does not get (e.g. actions they may not take). */
	columns: readonly (TableColumn<Row> | false | null)[]
	rows: readonly Row[]
	rowKey: (row: Row) => Key
	/** The table's caption, read by screen readers only. */
	caption: string
	describedBy?: string
	className?: string
	scrollerClassName?: string
	/** What a table with no rows says in a row of its own (otherwise the caller shows something else). */
	emptyRow?: ReactNode
	/** The list the sortable columns sort. */
	list?: ListProps<Filter, Sort>
}

/** What names the table's scrolling box: its caption (by the caption's id), or else another element (`labelledBy`). */
type Labelled = { captionId: string; labelledBy?: string } | { captionId?: undefined; labelledBy: string }

/** A table in its scrolling box: header cells from the columns, a row per item. */
export function DataTable<Row, Filter extends string = string, Sort extends string = string>({
	columns: given,
	rows,
	rowKey,
	caption,
	captionId,
	labelledBy,
	describedBy,
	className = 'table align-middle',
	scrollerClassName,
	emptyRow,
	list,
}: DataTableProps<Row, Filter, Sort> & Labelled) {
	const columns = given.filter((column): column is TableColumn<Row> => Boolean(column))
	return (
		<TableScroller labelledBy={labelledBy ?? captionId ?? '' /* never empty: Labelled */} className={scrollerClassName}>
			<table className={className} aria-describedby={describedBy}>
				<caption id={captionId} className="visually-hidden">
					{caption}
				</caption>
				<thead>
					<tr>
						{columns.map((column) => (
							<HeadCell key={column.key} column={column} list={list} />
						))}
					</tr>
				</thead>
				<tbody>
					{rows.length === 0 && emptyRow ? (
						<tr>
							<td colSpan={columns.length}>{emptyRow}</td>
						</tr>
					) : null}
					{rows.map((row) => (
						<tr key={rowKey(row)}>
							{columns.map((column) => (
								<BodyCell key={column.key} column={column} row={row} />
							))}
						</tr>
					))}
				</tbody>
			</table>
		</TableScroller>
	)
}

function HeadCell<Row, Filter extends string, Sort extends string>({
	column,
	list,
}: {
	column: TableColumn<Row>
	list?: ListProps<Filter, Sort>
}) {
	if ('head' in column) return <>{column.head}</>
	if (column.sortable && list) {
		return (
			<SortableHeader {...list} column={column.key as Sort} className={column.headClassName}>
				{column.label}
			</SortableHeader>
		)
	}
	return (
		<th scope="col" className={column.headClassName}>
			{column.label}
		</th>
	)
}

function BodyCell<Row>({ column, row }: { column: TableColumn<Row>; row: Row }) {
	if ('render' in column) return <>{column.render(row)}</>
	const className = typeof column.className === 'function' ? column.className(row) : column.className
	const Cell = column.rowHeader ? 'th' : 'td'
	return (
		<Cell scope={column.rowHeader ? 'row' : undefined} className={className}>
			{column.cell(row)}
		</Cell>
	)
}

/**
 * A page of a searchable list: "showing x–y of z", the table (captioned with its name and sort), the page
 * links; or, with no rows, what an empty list says. `id` prefixes the summary's and caption's ids.
 */
export function PagedTable<Row extends { id: number }, Filter extends string, Sort extends string>({
	list,
	result,
	id,
	name,
	sortLabel,
	emptyTitle,
	emptyBody,
	emptyAction,
	before,
	...table
}: Pick<DataTableProps<Row, Filter, Sort>, 'columns' | 'className' | 'scrollerClassName'> & {
	list: ListProps<Filter, Sort>
	result: PageInfo & { rows: Row[] }
	id: string
	/** The list's name, and the sorted column's, for the caption. */
	name: string
	sortLabel: string
	emptyTitle: string
	emptyBody: string
	emptyAction?: ReactNode
	/** Shown between the summary and the table (e.g. the bulk actions). */
	before?: ReactNode
}) {
	const { t } = useTranslation()
	const { state } = list
	if (result.rows.length === 0) {
		return (
			<EmptyList
				path={list.path}
				narrowed={isNarrowed(state)}
				page={state.page}
				emptyTitle={emptyTitle}
				emptyBody={emptyBody}
				action={emptyAction}
			/>
		)
	}
	const direction = state.dir === 'asc' ? t('list.ascending') : t('list.descending')
	return (
		<>
			<ListSummary info={result} id={`${id}-summary`} />
			{before}
			<DataTable
				{...table}
				list={list}
				rows={result.rows}
				rowKey={(row) => row.id}
				caption={t('list.caption', { name, column: sortLabel, direction })}
				captionId={`${id}-caption`}
				describedBy={`${id}-summary`}
			/>
			<Pagination {...list} info={result} />
		</>
	)
}
