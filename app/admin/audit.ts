import type { ListSpec } from '~/lists/list-query'

/** The audit log's list: its filters live in the address like every list (no server code here). */

export const AUDIT_PATH = '/admin/audit'
export const AUDIT_EXPORT_PATH = '/admin/audit/export.csv'

export type AuditFilter = 'action' | 'entity' | 'target' | 'actor' | 'from' | 'to'

export const AUDIT_LIST: ListSpec<AuditFilter, 'at'> = {
	filters: {
		action: { kind: 'text', max: 100 },
		entity: { kind: 'text', max: 50 },
		/** One record: the id of the entity chosen above. */
		target: { kind: 'text', max: 20 },
		actor: { kind: 'text', max: 254 },
		from: { kind: 'text', max: 10 },
		to: { kind: 'text', max: 10 },
	},
	sorts: ['at'],
	defaultSort: 'at',
	defaultDir: 'desc',
}

/**
 * Every event the portal records, each with a name in every language (`audit.events.<event>`). A test
 * checks that the code records no other; an unknown one (from an older version) shows as its code.
 */
export const AUDIT_EVENTS = [
	'auth.sign_in',
	'auth.sign_in_failed',
	'auth.sign_in_throttled',
	'auth.sign_out',
	'auth.password_changed',
	'auth.password_reset',
	'auth.password_reset_requested',
	'auth.password_reset_throttled',
	'auth.sessions_revoked',
	'auth.session_revoked',
	'auth.api_token_revoked',
	'auth.api_token_refused',
	'auth.new_device',
	'auth.mfa_enabled',
	'auth.mfa_disabled',
	'auth.mfa_failed',
	'auth.mfa_throttled',
	'auth.mfa_recovery_code_used',
	'auth.mfa_recovery_codes_regenerated',
	'auth.sso_failed',
	'auth.sso_linked',
	'auth.sso_account_created',
	'auth.sso_roles',
	'auth.sso_logout',
	'user.created',
	'user.updated',
	'user.deleted',
	'user.locked',
	'user.unlocked',
	'user.passwordReset',
	'user.password_reset',
	'user.sessionsRevoked',
	'user.sessionRevoked',
	'user.profile_updated',
	'user.roles_changed',
	'user.administrator_granted',
	'user.sso_unlinked',
	'user.email_changed',
	'user.mfaReset',
	'user.demo_seeded',
	'role.created',
	'role.updated',
	'role.deleted',
	'role.grantsChanged',
	'function.created',
	'function.updated',
	'function.moved',
	'station.created',
	'station.updated',
	'station.deleted',
	'station.imported',
	'tool.created',
	'tool.updated',
	'tool.deleted',
	'tool.imported',
	'station_type.created',
	'station_type.updated',
	'station_type.deleted',
	'station_type.imported',
	'tool_category.created',
	'tool_category.updated',
	'tool_category.deleted',
	'tool_category.imported',
	'catalog.demo_seeded',
	'delegation.refused',
	'notification.created',
	'notification.withdrawn',
	'audit.purged',
] as const

/** The kinds of record an event can be about, each with a name in every language (`audit.entities.<entity>`). */
export const AUDIT_ENTITIES = [
	'user',
	'role',
	'function',
	'station',
	'tool',
	'station_type',
	'tool_category',
	'notification',
	'audit',
] as const

/** Where the label of a changed field of each kind of record is translated (the forms' own labels). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
	user: 'admin.users.fields',
	role: 'admin.roles.fields',
	function: 'admin.functions.fields',
	station: 'stations.fields',
	tool: 'tools.fields',
	station_type: 'referenceLists.fields',
	tool_category: 'referenceLists.fields',
	notification: 'admin.notifications.fields',
}

type Translate = (key: string, options?: { defaultValue?: string }) => string

/** An event's name in the reader's language; an unknown event shows as its code. */
export function auditEventName(t: Translate, action: string): string {
	return t(`audit.events.${action}`, { defaultValue: action })
}

/** The label of a changed field, as the record's form calls it (`sort_order` and `sortOrder` alike). */
export function auditFieldLabel(t: Translate, entity: string | null, field: string): string {
	const prefix = entity ? AUDIT_FIELD_LABELS[entity] : undefined
	const camel = field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
	return prefix
		? t(`${prefix}.${camel}`, { defaultValue: t(`audit.facts.${camel}`, { defaultValue: field }) })
		: t(`audit.facts.${camel}`, { defaultValue: field })
}

/** A kind of record in the reader's language. */
export function auditEntityName(t: Translate, entity: string): string {
	return t(`audit.entities.${entity}`, { defaultValue: entity })
}
