import { sql, type SqlBool } from 'kysely'
import { escapeLike } from '~/catalogs/search-text'
import { getDatabase, getDb, type DB } from '~/db/db.server'
import { dayStartIn } from '~/i18n/format'
import type { ListState } from '~/lists/list-query'
import { readAll } from '~/lists/list-read-all.server'
import { type ListResult, type ListSource } from '~/lists/list.server'
import { readPage } from '~/lists/list-page.server'
import type { AuditFilter } from './audit'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'

/** The audit log as administrators read it: filtered, newest first, the details made readable. */

export interface AuditChange {
	field: string
	from: string
	to: string
}

/** What an entry is about, by name, with a link while the record exists. */
export interface AuditTarget {
	label: string | null
	href: string | null
}

export interface AuditRow {
	id: number
	at: number
	action: string
	entity: string | null
	entityId: string | null
	actorId: number | null
	actorName: string | null
	actorEmail: string | null
	ip: string | null
	target: AuditTarget | null
	/** Changed fields, before → after. */
	changes: AuditChange[]
	/** The other details, as text. */
	facts: { name: string; value: string }[]
}

/** Keys never shown, whatever a writer put there (none should: the log holds no secrets). */
const SECRET = /password|token|hash|secret|csrf/i

/**
 * The instants a from/to filter of days (YYYY-MM-DD, both included) covers in `timeZone`: from the start of
 * `from` to the start of the day after `to`, each found with that day's own offset (a day of a
 * daylight-saving change lasts 23 or 25 hours). A missing or malformed end is left open.
 */
export function auditDateRange(
	from: string | undefined,
	to: string | undefined,
	timeZone: string,
): { start: number | null; end: number | null } {
	const start = from ? dayStartIn(from, timeZone) : null
	let end: number | null = null
	if (to && dayStartIn(to, timeZone) !== null) {
		const next = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
		end = dayStartIn(next, timeZone)
	}
	return { start, end }
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
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
		return { changes: [], facts: parsed === null ? [] : [{ name: 'details', value: text(parsed) }] }
	const changes: AuditChange[] = []
	const facts: { name: string; value: string }[] = []
	for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
		if (SECRET.test(name)) continue
		if (name === 'changes' && value && typeof value === 'object') {
			for (const [field, change] of Object.entries(value as Record<string, { from?: unknown; to?: unknown }>)) {
				if (SECRET.test(field)) continue
				changes.push({ field, from: text(change?.from), to: text(change?.to) })
			}
		} else if (value && typeof value === 'object' && !Array.isArray(value) && 'before' in value && 'after' in value) {
			// One field written as {before, after} (the profile's own changes).
			const change = value as { before: unknown; after: unknown }
			changes.push({ field: name, from: text(change.before), to: text(change.after) })
		} else {
			facts.push({ name, value: Array.isArray(value) ? value.map(text).join(', ') : text(value) })
		}
	}
	return { changes, facts }
}

type StoredRow = {
	id: number
	at: number
	action: string
	entity: string | null
	entity_id: string | null
	actor_user_id: number | null
	actor_email: string | null
	actor_name: string | null
	ip: string | null
	details: string | null
}

/** The entries a list state selects (search, filters, dates), as a list source in time order. */
export function auditListSource(db: DB, state: ListState<AuditFilter, 'at'>, timeZone: string): ListSource {
	let filtered = db.selectFrom('audit_log')
	const { action, entity, target, actor, from, to } = state.filters
	if (state.q) {
		// The search: a part of the action, the actor's email or the entity id (case aside).
		const pattern = `%${escapeLike(state.q.toLowerCase())}%`
		filtered = filtered.where(
			sql<SqlBool>`(lower(audit_log.action) like ${pattern} escape '\\' or lower(coalesce(audit_log.actor_email, '')) like ${pattern} escape '\\' or audit_log.entity_id = ${state.q})`,
		)
	}
	if (action) filtered = filtered.where('audit_log.action', '=', action)
	if (entity) filtered = filtered.where('audit_log.entity', '=', entity)
	if (target) filtered = filtered.where('audit_log.entity_id', '=', target.trim())
	if (actor) filtered = filtered.where('audit_log.actor_email', '=', actor.trim())
	const { start, end } = auditDateRange(from, to, timeZone)
	if (start !== null) filtered = filtered.where('audit_log.at', '>=', start)
	if (end !== null) filtered = filtered.where('audit_log.at', '<', end)
	return {
		table: 'audit_log',
		idColumn: 'audit_log.id',
		filtered,
		columns: (query) =>
			query
				.leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
				.select([
					'audit_log.id',
					'audit_log.at',
					'audit_log.action',
					'audit_log.entity',
					'audit_log.entity_id',
					'audit_log.actor_user_id',
					'audit_log.actor_email',
					'actor.display_name as actor_name',
					'audit_log.ip',
					'audit_log.details',
				]),
		sort: { column: 'audit_log.at' },
		// One event or actor can fill millions of entries: "more than 10,000" rather than reading them all.
		capFilteredCount: true,
	}
}

/** Where each kind of record is shown, and the column that names it. */
const TARGETS = {
	user: { table: 'users', label: 'email', href: (id: number) => `/admin/users/${id}` },
	role: { table: 'roles', label: 'code', href: (id: number) => `/admin/roles/${id}` },
	function: { table: 'functions', label: 'code', href: (id: number) => `/admin/functions/${id}` },
	station: { table: 'stations', label: 'code', href: (id: number) => `/danhmuc/tram/${id}` },
	tool: { table: 'tools', label: 'code', href: (id: number) => `/congcu/list/${id}` },
	station_type: { table: 'reference_items', label: 'code', href: (id: number) => `${STATION_TYPE_LIST.path}/${id}` },
	tool_category: { table: 'reference_items', label: 'code', href: (id: number) => `${TOOL_CATEGORY_LIST.path}/${id}` },
	notification: { table: 'announcements', label: 'title', href: () => '/admin/notifications' },
} as const

/** The records a page of entries is about, by name and link: one query per kind of record. */
async function resolveTargets(rows: readonly StoredRow[], db: DB): Promise<Map<string, AuditTarget>> {
	const found = new Map<string, AuditTarget>()
	const wanted = new Map<keyof typeof TARGETS, Set<number>>()
	for (const row of rows) {
		if (!row.entity || !(row.entity in TARGETS) || !/^\d{1,9}$/.test(row.entity_id ?? '')) continue
		const kind = row.entity as keyof typeof TARGETS
		if (!wanted.has(kind)) wanted.set(kind, new Set())
		wanted.get(kind)!.add(Number(row.entity_id))
	}
	await Promise.all(
		[...wanted].map(async ([kind, ids]) => {
			const target = TARGETS[kind]
			const records = (await db
				.selectFrom(target.table)
				.select(['id', sql<string>`${sql.ref(target.label)}`.as('label')])
				.where('id', 'in', [...ids])
				.execute()) as { id: number; label: string }[]
			for (const record of records) found.set(`${kind}:${record.id}`, { label: record.label, href: target.href(Number(record.id)) })
		}),
	)
	return found
}

/** The name a deleted record had, from what its entries recorded. */
function recordedLabel(details: string | null): string | null {
	try {
		const parsed = details ? (JSON.parse(details) as Record<string, unknown>) : null
		const label = parsed?.code ?? parsed?.email ?? parsed?.title
		return typeof label === 'string' ? label : null
	} catch {
		return null
	}
}

function toAuditRow(row: StoredRow, targets: Map<string, AuditTarget>): AuditRow {
	const target = row.entity ? (targets.get(`${row.entity}:${row.entity_id}`) ?? { label: recordedLabel(row.details), href: null }) : null
	return {
		id: Number(row.id),
		at: Number(row.at),
		action: row.action,
		entity: row.entity,
		entityId: row.entity_id,
		actorId: row.actor_user_id === null ? null : Number(row.actor_user_id),
		actorName: row.actor_name,
		actorEmail: row.actor_email,
		ip: row.ip,
		target,
		...readableDetails(row.details),
	}
}

/** A page of entries; the date filters are days in `timeZone` (the reader's). */
export async function listAudit(state: ListState<AuditFilter, 'at'>, timeZone: string, db: DB = getDb()): Promise<ListResult<AuditRow>> {
	const { dialect } = getDatabase()
	const page = await readPage<StoredRow>(db, dialect, auditListSource(db, state, timeZone), state)
	const targets = await resolveTargets(page.rows, db)
	return { ...page, rows: page.rows.map((row) => toAuditRow(row, targets)) }
}

/** Every entry a list state selects, in its order, a batch at a time (the CSV export). */
export async function* exportAudit(
	state: ListState<AuditFilter, 'at'>,
	timeZone: string,
	handle = getDatabase(),
): AsyncGenerator<AuditRow[]> {
	const { db, dialect } = handle
	for await (const batch of readAll<StoredRow>(db, dialect, auditListSource(db, state, timeZone), state.dir)) {
		const targets = await resolveTargets(batch, db)
		yield batch.map((row) => toAuditRow(row, targets))
	}
}

/**
 * The distinct values of an indexed column, read by jumping through its index from one value to the next
 * (a loose index scan): as many index lookups as there are values, however many entries hold each.
 * `select distinct` would read every entry: about 0.7 s for 2,000,000 on SQLite.
 */
async function distinctValues(db: DB, column: 'action' | 'entity', limit: number): Promise<string[]> {
	const { rows } = await sql<{ value: string | null }>`
		with recursive found(value, n) as (
			select (select min(${sql.ref(column)}) from audit_log), 1
			union all
			select (select min(${sql.ref(column)}) from audit_log where ${sql.ref(column)} > found.value), n + 1
			from found where found.value is not null and n < ${limit}
		)
		select value from found where value is not null`.execute(db)
	return rows.map((row) => row.value!)
}

/** The actions and entities recorded so far (the filters' choices). */
export async function auditChoices(db: DB = getDb()) {
	const [actions, entities] = await Promise.all([distinctValues(db, 'action', 500), distinctValues(db, 'entity', 200)])
	return { actions, entities }
}
