import { sql, type Kysely } from 'kysely'
import type { Dialect } from '~/db/migrations/helpers'

/** A database's schema as named objects and the text that defines each, as the database itself reports it. */
export type Schema = Map<string, string>

/**
 * SQLite: every object's `create` statement as sqlite_master keeps it (the text the migration sent).
 * PostgreSQL: from the catalogs, each column (position, type, nullability, default, collation), constraint,
 * index, trigger and function (its whole definition, source included), sequence and extension.
 * Kysely's own bookkeeping tables are left out.
 */
export async function dumpSchema<S>(db: Kysely<S>, dialect: Dialect): Promise<Schema> {
	const rows = dialect === 'sqlite' ? await sqliteObjects(db) : await postgresObjects(db)
	return new Map(rows.map(({ name, definition }) => [name, definition]))
}

type SchemaObject = { name: string; definition: string }

async function sqliteObjects<S>(db: Kysely<S>): Promise<SchemaObject[]> {
	const { rows } = await sql<SchemaObject>`
		select type || ' ' || name as name, coalesce(sql, '(implicit, on ' || tbl_name || ')') as definition
		from sqlite_master
		where name not like 'sqlite_%' and tbl_name not like 'kysely_migration%'
		order by name`.execute(db)
	return rows
}

async function postgresObjects<S>(db: Kysely<S>): Promise<SchemaObject[]> {
	const { rows } = await sql<SchemaObject>`
		with own_tables as (
			select c.oid, c.relname from pg_class c
			where c.relnamespace = (select n.oid from pg_namespace n where n.nspname = current_schema()) and c.relkind in ('r', 'p', 'v', 'm')
				and c.relname not like 'kysely_migration%'
		)
		select 'column ' || t.relname || '.' || a.attname as name,
			'#' || a.attnum || ' ' || format_type(a.atttypid, a.atttypmod)
				|| case when a.attnotnull then ' not null' else '' end
				|| coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
				|| case when a.attcollation <> 0 and a.attcollation <> t2.typcollation then ' collate ' || quote_ident(co.collname) else '' end as definition
		from own_tables t
		join pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
		join pg_type t2 on t2.oid = a.atttypid
		left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
		left join pg_collation co on co.oid = a.attcollation
		union all
		select 'constraint ' || t.relname || '.' || k.conname, pg_get_constraintdef(k.oid)
		from own_tables t join pg_constraint k on k.conrelid = t.oid
		union all
		select 'index ' || i.indexname, i.indexdef
		from pg_indexes i where i.schemaname = current_schema() and i.tablename not like 'kysely_migration%'
		union all
		select 'trigger ' || t.relname || '.' || g.tgname, pg_get_triggerdef(g.oid)
		from own_tables t join pg_trigger g on g.tgrelid = t.oid and not g.tgisinternal
		union all
		select 'function ' || p.proname, rtrim(pg_get_functiondef(p.oid), E'\n')
		from pg_proc p
		where p.pronamespace = (select n.oid from pg_namespace n where n.nspname = current_schema())
			and not exists (select 1 from pg_depend e where e.objid = p.oid and e.deptype = 'e')
		union all
		select 'sequence ' || s.sequencename, s.data_type::text || ' start ' || s.start_value
		from pg_sequences s where s.schemaname = current_schema() and s.sequencename not like 'kysely_migration%'
		union all
		select 'extension ' || x.extname, 'installed' from pg_extension x where x.extname <> 'plpgsql'
		order by 1`.execute(db)
	return rows
}

/** What one migration did to the schema: the objects it added, changed (with their new text) and dropped, one a line. */
export function schemaChange(before: Schema, after: Schema): string[] {
	const lines: string[] = []
	for (const [name, definition] of after) {
		const old = before.get(name)
		if (old === undefined) lines.push(`+ ${name}: ${definition}`)
		else if (old !== definition) lines.push(`~ ${name}: ${definition}`)
	}
	for (const name of before.keys()) if (!after.has(name)) lines.push(`- ${name}`)
	return lines
}
