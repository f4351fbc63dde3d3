import type { Updateable } from 'kysely'
import type { Actor, entityAudit } from '~/audit/audit.server'
import type { FieldChanges } from '~/catalogs/catalog.server'
import type { DB } from '~/db/db.server'
import type { Database } from '~/db/schema'

/** A column's value as the audit log's "what changed" writes it: none as ''. */
function auditText(value: unknown): string {
	return value === null || value === undefined ? '' : String(value)
}

/** The columns of `after` whose text differs from `before`'s (a new row when `before` is null), before → after. */
export function columnChanges(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>>): FieldChanges {
	const changes: FieldChanges = {}
	for (const [name, value] of Object.entries(after)) {
		const [from, to] = [auditText(before?.[name]), auditText(value)]
		if (from !== to) changes[name] = { from, to }
	}
	return changes
}

/** The rows an administrator edits in place and the audit log names by code: roles and functions. */
type EditedTable = 'roles' | 'functions'

export interface AuditedEdit<Table extends EditedTable> {
	table: Table
	id: number
	/** The row as it was read in this transaction. */
	before: Readonly<Record<string, unknown>>
	/** Its columns as the form gives them. */
	after: Updateable<Database[Table]> & { code: string }
	/** The audit log's entry: its writer (`entityAudit`), its action and who acts. */
	audit: { write: ReturnType<typeof entityAudit>; action: string; actor: Actor }
}

/**
 * Saves an administrator's edit of a role or a function if it changes anything: the row gets the form's
 * columns and a new `updated_at`, and the audit log the row's code and what changed. Nothing is written when
 * no column differs; returns whether anything was.
 */
export async function updateIfChanged<Table extends EditedTable>(trx: DB, edit: AuditedEdit<Table>): Promise<boolean> {
	const changes = columnChanges(edit.before, edit.after)
	if (Object.keys(changes).length === 0) return false
	// Kysely cannot type a query on a table named by a type parameter: `after` is checked above, per table.
	const table = edit.table as EditedTable
	await trx
		.updateTable(table)
		.set({ ...edit.after, updated_at: Date.now() } as Updateable<Database[EditedTable]>)
		.where('id', '=', edit.id)
		.execute()
	await edit.audit.write(trx, edit.audit.action, edit.audit.actor, edit.id, { code: edit.after.code, changes })
	return true
}
