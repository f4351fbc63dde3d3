import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Column conventions shared by SQLite and PostgreSQL:
 * times are epoch milliseconds (integer / bigint), flags are 0/1 integers.
 */
export interface UsersTable {
	id: Generated<number>
	email: string
	email_normalized: string
	display_name: string
	first_name: string
	last_name: string
	password_hash: string | null
	external_id: string | null
	locked: Generated<number>
	must_change_password: Generated<number>
	preferred_language: string | null
	password_changed_at: number | null
	created_at: number
	updated_at: number
}

export interface SessionsTable {
	/** SHA-256 of the random id the cookie carries; a database leak yields no usable session. */
	id_hash: string
	user_id: number
	created_at: number
	last_seen_at: number
	expires_at: number
	ip: string | null
	user_agent: string | null
	flash: string | null
}

export interface AuditLogTable {
	id: Generated<number>
	at: number
	actor_user_id: number | null
	actor_email: string | null
	action: string
	entity: string | null
	entity_id: string | null
	ip: string | null
	details: string | null
}

export interface Database {
	users: UsersTable
	sessions: SessionsTable
	audit_log: AuditLogTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type Session = Selectable<SessionsTable>
