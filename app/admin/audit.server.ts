import { sql, type SqlBool } from 'kysely'
import { escapeLike } from '~/catalogs/search-text'
import { getDatabase, getDb, type DB } from '~/db/db.server'
import type { ListState } from '~/lists/list-query'
import { readPage, type ListResult, type ListSource } from '~/lists/list.server'
import type { AuditFilter } from './audit'

/** The audit log as administrators read it: filtered, newest first, the details made readable. */

export interface AuditChange {
	field: string
	from: string
	to: string
}

export interface AuditRow {
	id: number
	at: number
	action: string
	entity: string | null
	entityId: string | null
	actorEmail: string | null
	ip: string | null
	/** Changed fields, before → after. */
	changes: AuditChange[]
	/** The other details, as text. */
	facts: { name: string; value: string }[]
}

/** Keys never shown, whatever a writer put there (none should: the log holds no secrets). */
const SECRET = /password|token|hash|secret|csrf/i

/** Offset of the display time zone (Asia/Ho_Chi_Minh keeps UTC+7 all year). */
const ZONE_OFFSET_MS = 7 * 3_600_000

/** Start of a `YYYY-MM-DD` day in the display time zone, in epoch ms; null when not a date. */
export function dayStart(text: string | undefined): number | null {
	const match = text ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null
	if (!match) return null
	const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
	return Number.isNaN(at) ? null : at - ZONE_OFFSET_MS
}

function text(value: unknown): string {
	if (value === null || value === undefined) return ''
	return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The stored details JSON as changed fields and other facts, secrets left out. */
export function readableDetails(details: string | null): Pick<AuditRow, 'changes' | 'facts'> {
	let parsed: unknown = null
	try {
		parsed = details ? JSON.parse(details) : null
	} catch {
		return { changes: [], facts: details ? [{ name: 'details', value: details.slice(0, 500) }] : [] }
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { changes: [], facts: parsed === null ? [] : [{ name: 'details', value: text(parsed) }] }
	const changes: AuditChange[] = []
	const facts: { name: string; value: string }[] = []
	for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
		if (SECRET.test(name)) continue
		if (name === 'changes' && value && typeof value === 'object') {
			for (const [field, change] of Object.entries(value as Record<string, { from?: unknown; to?: unknown }>)) {
				if (SECRET.test(field)) continue
				changes.push({ field, from: text(change?.from), to: text(change?.to) })
			}
		} else {
			facts.push({ name, value: Array.isArray(value) ? value.map(text).join(', ') : text(value) })
		}
	}
	return { changes, facts }
}

export async function listAudit(state: ListState<AuditFilter, 'at'>, db: DB = getDb()): Promise<ListResult<AuditRow>> {
	const { dialect } = getDatabase()
	let filtered = db.selectFrom('audit_log')
	const { action, entity, actor, from, to } = state.filters
	if (state.q) {
		// The search: a part of the action, the actor's email or the entity id (case aside).
		const pattern = `%${escapeLike(state.q.toLowerCase())}%`
		filtered = filtered.where(
			sql<SqlBool>`(lower(audit_log.action) like ${pattern} escape '\\' or lower(coalesce(audit_log.actor_email, '')) like ${pattern} escape '\\' or audit_log.entity_id = ${state.q})`,
		)
	}
	if (action) filtered = filtered.where('audit_log.action', '=', action)
	if (entity) filtered = filtered.where('audit_log.entity', '=', entity)
	if (actor) filtered = filtered.where('audit_log.actor_email', '=', actor.trim())
	const start = dayStart(from)
	if (start !== null) filtered = filtered.where('audit_log.at', '>=', start)
	const end = dayStart(to)
	if (end !== null) filtered = filtered.where('audit_log.at', '<', end + 86_400_000)
	const source: ListSource = {
		table: 'audit_log',
		idColumn: 'audit_log.id',
		filtered,
		columns: (query) => query.select(['audit_log.id', 'audit_log.at', 'audit_log.action', 'audit_log.entity', 'audit_log.entity_id', 'audit_log.actor_email', 'audit_log.ip', 'audit_log.details']),
		sort: { column: 'audit_log.at' },
	}
	const page = await readPage<{ id: number; at: number; action: string; entity: string | null; entity_id: string | null; actor_email: string | null; ip: string | null; details: string | null }>(
		db,
		dialect,
		source,
		state,
	)
	return {
		...page,
		rows: page.rows.map((row) => ({
			id: Number(row.id),
			at: Number(row.at),
			action: row.action,
			entity: row.entity,
			entityId: row.entity_id,
			actorEmail: row.actor_email,
			ip: row.ip,
			...readableDetails(row.details),
		})),
	}
}

/** The actions and entities recorded so far (the filters' choices). */
export async function auditChoices(db: DB = getDb()) {
	const [actions, entities] = await Promise.all([
		db.selectFrom('audit_log').select('action').distinct().orderBy('action').limit(500).execute(),
		db.selectFrom('audit_log').select('entity').distinct().where('entity', 'is not', null).orderBy('entity').limit(200).execute(),
	])
	return { actions: actions.map((row) => row.action), entities: entities.map((row) => row.entity!).filter(Boolean) }
}
