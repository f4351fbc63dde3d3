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

export async function recordAudit(entry: AuditEntry, db: DB = getDb()) {
	await db
		.insertInto('audit_log')
		.values({
			at: Date.now(),
			actor_user_id: entry.actor?.id ?? null,
			actor_email: entry.actor?.email ?? entry.actorEmail ?? null,
			action: entry.action,
			entity: entry.entity ?? null,
			entity_id: entry.entityId == null ? null : String(entry.entityId),
			ip: entry.ip ?? null,
			details: entry.details ? JSON.stringify(entry.details) : null,
		})
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
