import { sql, type Kysely } from 'kysely'
import type { Dialect } from './helpers'

/** The catalogs whose rows are counted by status. */
export const COUNTED_CATALOGS = ['stations', 'tools'] as const

/**
 * The dashboard's figures, kept by the database itself on every write to the catalogs, whoever writes
 * (a page, the API, an import, the CLI, another instance, an operator's SQL): rows by status for each
 * catalog, and tools per station. Reading them is a primary-key or index lookup instead of a count over
 * a million rows, and they are exact the moment the writing transaction commits, on every instance.
 *
 * SQLite keeps them with row triggers. PostgreSQL uses statement triggers over transition tables, so a
 * bulk insert adds one grouped delta per status and per station instead of one update per row.
 */
export function catalogFigures(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			const postgres = dialect === 'postgres'
			await db.schema
				.createTable('catalog_status_counts')
				.addColumn('catalog', 'varchar(16)', (c) => c.notNull())
				.addColumn('status', 'varchar(16)', (c) => c.notNull())
				.addColumn('total', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('catalog_status_counts_pk', ['catalog', 'status'])
				.execute()
			// The station's code is copied so that "most tools, then by code" is read in order from one index.
			await db.schema
				.createTable('station_tool_counts')
				.addColumn('station_id', 'integer', (c) => c.primaryKey().references('stations.id').onDelete('cascade'))
				.addColumn('code', 'varchar(20)', (c) => (postgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
				.addColumn('tool_count', 'bigint', (c) => c.notNull())
				.execute()
			await sql`create index station_tool_counts_top on station_tool_counts (tool_count desc, code asc)`.execute(db)

			await (postgres ? postgresTriggers(db) : sqliteTriggers(db))

			for (const catalog of COUNTED_CATALOGS) {
				await sql`insert into catalog_status_counts (catalog, status, total)
					select ${catalog}, status, count(*) from ${sql.table(catalog)} group by status`.execute(db)
			}
			await sql`insert into station_tool_counts (station_id, code, tool_count)
				select s.id, s.code, count(*) from tools t join stations s on s.id = t.station_id group by s.id, s.code`.execute(db)
		},
	}
}

async function sqliteTriggers(db: Kysely<unknown>) {
	const add = (catalog: string, status: string) =>
		sql`insert into catalog_status_counts (catalog, status, total) values (${sql.lit(catalog)}, ${sql.raw(status)}, 1)
			on conflict (catalog, status) do update set total = total + 1`
	const remove = (catalog: string, status: string) =>
		sql`update catalog_status_counts set total = total - 1 where catalog = ${sql.lit(catalog)} and status = ${sql.raw(status)}`
	for (const catalog of COUNTED_CATALOGS) {
		const table = sql.table(catalog)
		await sql`create trigger ${sql.raw(`${catalog}_insert_counts`)} after insert on ${table} begin ${add(catalog, 'new.status')}; end`.execute(
			db,
		)
		await sql`create trigger ${sql.raw(`${catalog}_delete_counts`)} after delete on ${table} begin ${remove(catalog, 'old.status')}; end`.execute(
			db,
		)
		await sql`create trigger ${sql.raw(`${catalog}_status_counts`)} after update of status on ${table} when old.status is not new.status
			begin ${remove(catalog, 'old.status')}; ${add(catalog, 'new.status')}; end`.execute(db)
	}
	const addTool = (station: string) =>
		sql`insert into station_tool_counts (station_id, code, tool_count) select id, code, 1 from stations where id = ${sql.raw(station)}
			on conflict (station_id) do update set tool_count = tool_count + 1`
	const removeTool = (station: string) =>
		sql`update station_tool_counts set tool_count = tool_count - 1 where station_id = ${sql.raw(station)}`
	await sql`create trigger tools_insert_station_counts after insert on tools when new.station_id is not null
		begin ${addTool('new.station_id')}; end`.execute(db)
	await sql`create trigger tools_delete_station_counts after delete on tools when old.station_id is not null
		begin ${removeTool('old.station_id')}; end`.execute(db)
	await sql`create trigger tools_move_station_counts after update of station_id on tools when old.station_id is not new.station_id
		begin ${removeTool('old.station_id')}; ${addTool('new.station_id')}; end`.execute(db)
	await sql`create trigger stations_code_station_counts after update of code on stations when old.code is not new.code
		begin update station_tool_counts set code = new.code where station_id = new.id; end`.execute(db)
}

/** What each statement adds (+1 per new row) and takes away (−1 per old row), by event. */
const DELTA_ROWS = {
	insert: { referencing: 'new table as new_rows', rows: (column: string) => `select ${column}, 1 as delta from new_rows` },
	delete: { referencing: 'old table as old_rows', rows: (column: string) => `select ${column}, -1 as delta from old_rows` },
	update: {
		referencing: 'old table as old_rows new table as new_rows',
		rows: (column: string) => `select ${column}, -1 as delta from old_rows union all select ${column}, 1 from new_rows`,
	},
} as const

async function postgresTriggers(db: Kysely<unknown>) {
	// Each statement as written: PostgreSQL keeps a function's source text as it was sent.
	const run = (statement: string) => sql.raw(statement).execute(db)
	for (const [event, { referencing, rows }] of Object.entries(DELTA_ROWS)) {
		// Deltas are applied in key order, so concurrent writers lock the counter rows in the same order.
		await run(`create function catalog_status_counts_on_${event}() returns trigger language plpgsql as $$ begin
			insert into catalog_status_counts (catalog, status, total)
				select TG_TABLE_NAME, status, sum(delta) from (${rows('status')}) d group by status having sum(delta) <> 0 order by status
				on conflict (catalog, status) do update set total = catalog_status_counts.total + excluded.total;
			return null;
		end $$`)
		for (const catalog of COUNTED_CATALOGS) {
			await run(`create trigger ${catalog}_${event}_counts after ${event} on ${catalog} referencing ${referencing}
				for each statement execute function catalog_status_counts_on_${event}()`)
		}
		await run(`create function station_tool_counts_on_${event}() returns trigger language plpgsql as $$ begin
			insert into station_tool_counts (station_id, code, tool_count)
				select s.id, s.code, d.delta from (
					select station_id, sum(delta) as delta from (${rows('station_id')}) r where station_id is not null group by station_id having sum(delta) <> 0
				) d join stations s on s.id = d.station_id order by s.id
				on conflict (station_id) do update set tool_count = station_tool_counts.tool_count + excluded.tool_count;
			return null;
		end $$`)
		await run(`create trigger tools_${event}_station_counts after ${event} on tools referencing ${referencing}
			for each statement execute function station_tool_counts_on_${event}()`)
	}
	await run(`create function catalog_counts_on_truncate() returns trigger language plpgsql as $$ begin
		delete from catalog_status_counts where catalog = TG_TABLE_NAME;
		if TG_TABLE_NAME = 'tools' then delete from station_tool_counts; end if;
		return null;
	end $$`)
	for (const catalog of COUNTED_CATALOGS) {
		await run(
			`create trigger ${catalog}_truncate_counts after truncate on ${catalog} for each statement execute function catalog_counts_on_truncate()`,
		)
	}
	await run(`create function station_tool_counts_code() returns trigger language plpgsql as $$ begin
		update station_tool_counts set code = new.code where station_id = new.id;
		return null;
	end $$`)
	await run(`create trigger stations_code_station_counts after update of code on stations for each row
		when (old.code is distinct from new.code) execute function station_tool_counts_code()`)
}
