import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely'
import { idColumn, recordKeepingColumns, searchIndex, type Dialect } from './helpers'

/**
 * The business catalogs: stations ("Trạm") and tools ("Công cụ").
 *
 * Searching: `search_text` holds the accent- and case-free code and name (written by the application on
 * every insert and update). Substring search is indexed with trigrams on both databases: an FTS5 trigram
 * table kept in step by triggers on SQLite, a pg_trgm GIN index on PostgreSQL (skipped, with a plain
 * scan as the fallback, when the extension cannot be created).
 *
 * Sorting: every sortable column has an index `(column, id)` (`id` is every list's tie-breaker) covering
 * the filter columns and `search_text`, so a page is a range of one index. Keys compared as bytes
 * (`collate "C"` on PostgreSQL, SQLite's default) sort the same on both databases; nullable columns sort
 * NULLs first ascending on both.
 */
export function catalogs(dialect: Dialect) {
	const postgres = dialect === 'postgres'
	// Byte order on PostgreSQL, as SQLite compares: the same list order on both databases.
	const bytewise = (c: ColumnDefinitionBuilder) => (postgres ? c.modifyEnd(sql`collate "C"`) : c)

	/**
	 * One index per sortable column, `(column, id)`, that also carries the filter columns and
	 * `search_text` (as key columns on SQLite, as INCLUDE columns on PostgreSQL). A list page reads its
	 * ids from one such index alone, evaluating the filters and the search on the index entries, and
	 * only then reads the page's rows: the cost is bounded by an index scan whatever the filters.
	 */
	async function sortIndexes(db: Kysely<unknown>, table: string, columns: string[], covered: string[], nullable: string[]) {
		for (const column of columns) {
			const name = `${table}_${column}_sort`
			const extra = [...covered.filter((c) => c !== column), 'search_text']
			if (postgres) {
				const order = nullable.includes(column) ? sql`asc nulls first` : sql`asc`
				await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.ref(column)} ${order}, id asc) include (${sql.join(extra.map((c) => sql.ref(c)))})`.execute(
					db,
				)
			} else {
				await db.schema
					.createIndex(name)
					.on(table)
					.columns([column, 'id', ...extra])
					.execute()
			}
		}
	}

	/**
	 * PostgreSQL counts a filtered list from a narrow index per filter column (deduplicated, a few
	 * hundred kB): an index-only scan instead of the wide covering indexes or the table.
	 */
	async function countIndexes(db: Kysely<unknown>, table: string, columns: string[]) {
		if (!postgres) return
		for (const column of columns) await db.schema.createIndex(`${table}_${column}_count`).on(table).column(column).execute()
	}

	/**
	 * A catalog's table: id, code, name and the search columns, the catalog's own columns, a note, and who
	 * wrote it when (`recordKeepingColumns`, shared with createCatalogTable: tests/integration/migration-schema.test.ts
	 * holds what this migration wrote, so a change to a helper cannot silently rewrite it).
	 */
	function createCatalog(
		db: Kysely<unknown>,
		table: string,
		ownColumns: (table: CreateTableBuilder<string, never>) => CreateTableBuilder<string, never>,
	) {
		const leading = idColumn(db.schema.createTable(table), dialect)
			.addColumn('code', 'varchar(20)', (c) => bytewise(c.notNull().unique()))
			.addColumn('name', 'varchar(200)', (c) => c.notNull())
			.addColumn('name_key', 'varchar(200)', (c) => bytewise(c.notNull()))
			.addColumn('search_text', 'varchar(500)', (c) => bytewise(c.notNull()))
		return recordKeepingColumns(ownColumns(leading).addColumn('note', 'text')).execute()
	}

	return {
		async up(db: Kysely<unknown>) {
			await createCatalog(db, 'stations', (table) =>
				table
					.addColumn('type', 'varchar(32)', (c) => c.notNull())
					.addColumn('province', 'varchar(32)', (c) => c.notNull())
					.addColumn('address', 'varchar(500)')
					.addColumn('latitude_e6', 'integer')
					.addColumn('longitude_e6', 'integer')
					.addColumn('status', 'varchar(16)', (c) => c.notNull())
					.addColumn('commissioned_at', 'varchar(10)'),
			)
			await sortIndexes(
				db,
				'stations',
				['code', 'name_key', 'type', 'province', 'status', 'commissioned_at'],
				['status', 'type', 'province'],
				['commissioned_at'],
			)
			// Recent changes (the dashboard) and tools per station.
			await db.schema.createIndex('stations_updated_at').on('stations').columns(['updated_at', 'id']).execute()
			await countIndexes(db, 'stations', ['status', 'type', 'province'])
			await searchIndex(db, dialect, 'stations')

			await createCatalog(db, 'tools', (table) =>
				table
					.addColumn('category', 'varchar(32)', (c) => c.notNull())
					.addColumn('serial_number', 'varchar(100)')
					// No cascade: a station with tools cannot be deleted (the application says why first).
					.addColumn('station_id', 'integer', (c) => c.references('stations.id').onDelete('restrict'))
					.addColumn('status', 'varchar(16)', (c) => c.notNull())
					.addColumn('quantity', 'integer', (c) => c.notNull())
					.addColumn('unit', 'varchar(20)', (c) => c.notNull())
					.addColumn('purchase_date', 'varchar(10)')
					.addColumn('value_minor', 'bigint'),
			)
			await sortIndexes(
				db,
				'tools',
				['code', 'name_key', 'category', 'station_id', 'status', 'quantity', 'purchase_date', 'value_minor'],
				['status', 'category', 'station_id'],
				['station_id', 'purchase_date', 'value_minor'],
			)
			await db.schema.createIndex('tools_updated_at').on('tools').columns(['updated_at', 'id']).execute()
			await countIndexes(db, 'tools', ['status', 'category'])
			await searchIndex(db, dialect, 'tools')

			// The record pages' history and the dashboard's recent catalog changes.
			await db.schema.createIndex('audit_log_entity_at').on('audit_log').columns(['entity', 'at']).execute()
		},
	}
}
