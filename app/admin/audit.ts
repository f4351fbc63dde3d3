import type { ListSpec } from '~/lists/list-query'

/** The audit log's list: its filters live in the address like every list (no server code here). */

export const AUDIT_PATH = '/admin/audit'

export type AuditFilter = 'action' | 'entity' | 'actor' | 'from' | 'to'

export const AUDIT_LIST: ListSpec<AuditFilter, 'at'> = {
	filters: {
		action: { kind: 'text', max: 100 },
		entity: { kind: 'text', max: 50 },
		actor: { kind: 'text', max: 254 },
		from: { kind: 'text', max: 10 },
		to: { kind: 'text', max: 10 },
	},
	sorts: ['at'],
	defaultSort: 'at',
	defaultDir: 'desc',
}
