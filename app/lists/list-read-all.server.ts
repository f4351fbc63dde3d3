import { sql, type Expression, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import type { SortDirection } from './list-query'
import { orderList, rowsByIds, sortKey, type AnySelect, type ListSource, type SortColumn } from './list.server'

/** Where a batch of `readAll` ended: the sort value (and the `then` column's) and id of its last row. */
interface ListPosition {
	value: unknown
	then?: unknown
	id: number
}

/**
 * "After this position" in list order, for the sort column and `id` (a range of the sort index). NULLs
 * come first ascending and last descending, as `orderList` sorts them.
 */
export function afterPosition(sort: SortColumn, idColumn: string, dir: SortDirection, position: ListPosition): Expression<SqlBool> {
	const column = sortKey(sort)
	const id = sql.ref(idColumn)
	const beyond = dir === 'asc' ? sql.raw('>') : sql.raw('<')
	if (sort.then) {
		const keys = [column, sql.ref(sort.then), ...(sort.unique ? [] : [id])]
		const values = [position.value, position.then, ...(sort.unique ? [] : [position.id])]
		return sql<SqlBool>`(${sql.join(keys)}) ${beyond} (${sql.join(values)})`
	}
	if (sort.unique && position.value !== null) return sql<SqlBool>`${column} ${beyond} ${position.value}`
	if (position.value === null) {
		// Still among the NULLs: the rest of them, then (ascending) every non-NULL value.
		return dir === 'asc'
			? sql<SqlBool>`((${column} is null and ${id} > ${position.id}) or ${column} is not null)`
			: sql<SqlBool>`(${column} is null and ${id} < ${position.id})`
	}
	const range = sql<SqlBool>`(${column}, ${id}) ${beyond} (${position.value}, ${position.id})`
	return sort.nullable && dir === 'desc' ? sql<SqlBool>`(${range} or ${column} is null)` : range
}

/** A turn of the event loop: what is waiting (other requests, a health probe) runs before the next batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Every matching row in list order, `batchSize` rows at a time (exports: memory stays flat however
 * many rows match). Each batch continues from where the last one ended (keyset, not OFFSET), so it
 * costs the same at the millionth row as at the first; between batches the event loop takes a turn,
 * which matters with SQLite, whose queries run synchronously.
 */
export async function* readAll<Row>(
	db: DB,
	dialect: Dialect,
	source: ListSource,
	dir: SortDirection,
	batchSize = 1_000,
): AsyncGenerator<Row[]> {
	let position: ListPosition | null = null
	for (;;) {
		const from: AnySelect = position ? source.filtered.where(afterPosition(source.sort, source.idColumn, dir, position)) : source.filtered
		const { then } = source.sort
		const selected = [
			sql<number>`${sql.ref(source.idColumn)}`.as('id'),
			sql<unknown>`${sortKey(source.sort)}`.as('sort_value'),
			...(then ? [sql<unknown>`${sql.ref(then)}`.as('then_value')] : []),
		]
		const query = orderList(from.select(selected), dialect, source.sort, dir, source.idColumn).limit(batchSize)
		const keys = (await query.execute()) as { id: number; sort_value: unknown; then_value?: unknown }[]
		if (keys.length === 0) return
		const last = keys[keys.length - 1]!
		position = { value: last.sort_value, then: last.then_value, id: Number(last.id) }
		const rows = await rowsByIds<Row>(
			db,
			dialect,
			source,
			dir,
			keys.map((key) => Number(key.id)),
		)
		if (rows.length > 0) yield rows
		if (keys.length < batchSize) return
		await nextTurn()
	}
}
