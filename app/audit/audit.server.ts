import { getDb, type DB } from '~/db/db.server'
import { getClientIp } from '~/utils/logger.server'

/** The signed-in user who does something worth recording. */
export interface Actor {
	id: number
	email: string
}

export interface AuditEntry {
	action: string
	actor?: Actor | null
	/** Who acted when there is no account (a failed sign-in names the email that was tried). */
	actorEmail?: string | null
	entity?: string | null
	entityId?: string | number | null
	ip?: string | null
	/** Never passwords, tokens or hashes. */
	details?: Record<string, unknown> | null
}

/** An entry as the log stores it; the two writers below are the only ones (tests/unit/audit-writer.test.ts). */
function auditRow(entry: AuditEntry, at: number) {
	return {
		at,
		actor_user_id: entry.actor?.id ?? null,
		actor_email: entry.actor?.email ?? entry.actorEmail ?? null,
		action: entry.action,
		entity: entry.entity ?? null,
		entity_id: entry.entityId == null ? null : String(entry.entityId),
		ip: entry.ip ?? null,
		details: entry.details ? JSON.stringify(entry.details) : null,
	}
}

export async function recordAudit(entry: AuditEntry, db: DB = getDb()) {
	await db.insertInto('audit_log').values(auditRow(entry, Date.now())).execute()
}

/** Rows per statement: 500 rows of 8 values stay under SQLite's 32,766 bound variables. */
const ROWS_PER_INSERT = 500

/** Entries made together (an import's rows), all at `at`, a few hundred rows per statement. */
export async function recordAudits(entries: readonly AuditEntry[], at: number, db: DB = getDb()) {
	for (let start = 0; start < entries.length; start += ROWS_PER_INSERT)
		await db
			.insertInto('audit_log')
			.values(entries.slice(start, start + ROWS_PER_INSERT).map((entry) => auditRow(entry, at)))
			.execute()
}

/**
 * The audit of what an administrator does to rows of one kind (`entity`), stamped with the client address
 * of the request being served.
 */
export function entityAudit(entity: string) {
	return (db: DB, action: string, actor: Actor, entityId: number, details: Record<string, unknown>) =>
		recordAudit({ action, actor, entity, entityId, ip: getClientIp(), details }, db)
}
