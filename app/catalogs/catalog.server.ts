import { sql } from 'kysely'
import { getDatabase, isSqlite, type DB } from '~/db/db.server'
import { largeWrite } from '~/db/sqlite-checkpoints.server'
import { recordAudit, type Actor } from '~/audit/audit.server'
import { getClientIp } from '~/utils/logger.server'
import { normalizeSearch } from './search-text'
import { intentField } from '~/utils/intent.server'

/** Helpers shared by the station and tool catalogs. */

/** The stored search and sort keys of a record, written with every insert and update. */
export function searchKeys(name: string, ...others: (string | null)[]) {
	return {
		name_key: normalizeSearch(name).slice(0, 200),
		search_text: normalizeSearch([...others, name].filter(Boolean).join(' ')).slice(0, 500),
	}
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code
	return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

/** A foreign key refused the write or the delete (SQLite or PostgreSQL). */
export function isForeignKeyViolation(error: unknown): boolean {
	const code = (error as { code?: unknown } | null)?.code
	return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

export type FieldChanges = Record<string, { from: string; to: string }>

/**
 * The kinds of catalog record the audit log and a record's history name: `station`, `tool`,
 * `station_type`, `tool_category`, or another catalog's (its pages' `entity`).
 */
export type CatalogEntity = string

/** The fields whose form value differs, before → after (the audit log's "what changed"). */
export function changedFields(before: Record<string, string> | null, after: Record<string, string> | null): FieldChanges {
	const changes: FieldChanges = {}
	const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
	names.delete('version')
	for (const name of names) {
		const from = before?.[name] ?? ''
		const to = after?.[name] ?? ''
		if (from !== to) changes[name] = { from, to }
	}
	return changes
}

/** The columns a catalog record gets when it is created: who and when, and its first version. */
export function creationColumns(actor: Actor, now: number) {
	return { created_by: actor.id, created_at: now, updated_by: actor.id, updated_at: now, version: 1 }
}

/** The columns a catalog record gets when it is changed: who and when, and its next version. */
export function changeColumns(actor: Actor, now: number, version: number) {
	return { updated_by: actor.id, updated_at: now, version }
}

/** Records a catalog change with its field changes, in the caller's transaction. */
export function auditChange(
	db: DB,
	entry: {
		action: string
		entity: CatalogEntity
		entityId: number
		actor: Actor
		code: string
		changes: FieldChanges
		source?: 'form' | 'import' | 'bulk'
	},
) {
	return recordAudit(
		{
			action: entry.action,
			actor: entry.actor,
			entity: entry.entity,
			entityId: entry.entityId,
			ip: getClientIp(),
			details: { code: entry.code, changes: entry.changes, ...(entry.source && entry.source !== 'form' ? { source: entry.source } : {}) },
		},
		db,
	)
}

/** A route parameter that is a record id, or null. */
export function parseId(raw: string | undefined): number | null {
	return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null
}

export interface HistoryEntry {
	id: number
	at: number
	action: string
	actor: string | null
	source: 'form' | 'import'
	changes: FieldChanges
}

/** The newest audit entries of one record (its page's history), at most `limit`. */
export async function recordHistory(db: DB, entity: CatalogEntity, entityId: number, limit = 50): Promise<HistoryEntry[]> {
	const rows = await db
		.selectFrom('audit_log')
		.leftJoin('users', 'users.id', 'audit_log.actor_user_id')
		.select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.actor_email', 'audit_log.details', 'users.display_name'])
		.where('audit_log.entity', '=', entity)
		.where('audit_log.entity_id', '=', String(entityId))
		.orderBy('audit_log.at', 'desc')
		.orderBy('audit_log.id', 'desc')
		.limit(limit)
		.execute()
	return rows.map((row) => {
		let details: { changes?: FieldChanges; source?: string } = {}
		try {
			details = row.details ? (JSON.parse(row.details) as typeof details) : {}
		} catch {
			/* an entry written by hand: show it without changes */
		}
		return {
			id: row.id,
			at: Number(row.at),
			action: row.action,
			actor: row.display_name ?? row.actor_email,
			source: details.source === 'import' ? 'import' : 'form',
			changes: details.changes ?? {},
		}
	})
}

/**
 * Which action a record page's POST asks for: `intent=delete` deletes; the form's save, which posts no intent
 * (or `intent=update`), saves. Any other intent is no form of the page: null, a bad request.
 */
export async function recordIntent(request: Request): Promise<'delete' | 'update' | null> {
	const intent = await intentField(request)
	if (intent === null || intent === 'update') return 'update'
	return intent === 'delete' ? 'delete' : null
}

/** The fields whose saved value differs from what the user sent (a conflict message lists them). */
export function differencesFrom(saved: Record<string, string>, sent: Record<string, string>) {
	return Object.entries(saved)
		.filter(([field, value]) => field !== 'version' && field in sent && (sent[field] ?? '').trim() !== value)
		.map(([field, value]) => ({ field, saved: value }))
}

/**
 * A transaction that reads and then writes. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write
 * lock first (waiting up to the busy timeout): a deferred transaction that read before another process
 * wrote could not upgrade to writing and would fail with "database is locked". PostgreSQL: a plain
 * transaction (the writes' `WHERE version = ?` guards against concurrent saves). A `large` one (an
 * import) leaves checkpointing the log it writes to a worker thread (db/sqlite-checkpoints.server.ts).
 */
export async function writeTransaction<T>(db: DB, work: (trx: DB) => Promise<T>, { large = false } = {}): Promise<T> {
	if (!isSqlite(db)) return db.transaction().execute(work)
	const run = () =>
		db.connection().execute(async (connection) => {
			await sql`begin immediate`.execute(connection)
			try {
				const result = await work(connection)
				await sql`commit`.execute(connection)
				return result
			} catch (error) {
				await sql`rollback`.execute(connection).catch(() => {})
				throw error
			}
		})
	const handle = getDatabase()
	return large && handle.db === db && handle.driver.kind === 'sqlite' ? largeWrite(handle.driver.client, run) : run()
}
