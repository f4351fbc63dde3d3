import { entityAudit, type Actor } from '~/audit/audit.server'
import { getDb, type DB } from '~/db/db.server'
import { getFixedT } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import { isAction, type Action } from '~/permissions/actions'
import { auditRefusal, grantKey, userHolding } from '~/permissions/delegation.server'
import { functionLabel } from '~/permissions/menu.server'
import { matrixGroups } from './roles'
import { refuseRoleEdit, type Refused } from './roles.server'

/**
 * A role's grants, the permission matrix (functions × actions), read and saved one function group at a
 * time: a top-level function and everything under it (docs/decisions/0073-role-matrix-one-group.md).
 * Knows nothing of HTTP.
 */

export interface MatrixFunction {
	id: number
	code: string
	label: string
	depth: number
	enabled: boolean
}

/** Every function (disabled ones too), in tree order with its depth, labelled in `language`. */
export async function functionTree(language: LanguageCode, db: DB = getDb()): Promise<MatrixFunction[]> {
	const rows = await db
		.selectFrom('functions')
		.select(['id', 'code', 'parent_id', 'sort_order', 'label_key', 'labels', 'enabled'])
		.execute()
	const t = getFixedT(language)
	const children = new Map<number | null, typeof rows>()
	for (const row of rows) {
		const parent = row.parent_id === null ? null : Number(row.parent_id)
		const list = children.get(parent) ?? []
		list.push(row)
		children.set(parent, list)
	}
	const result: MatrixFunction[] = []
	const seen = new Set<number>()
	const walk = (parent: number | null, depth: number) => {
		const list = (children.get(parent) ?? []).sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code))
		for (const row of list) {
			const id = Number(row.id)
			if (seen.has(id)) continue
			seen.add(id)
			result.push({ id, code: row.code, label: functionLabel(row, language, t), depth, enabled: Boolean(row.enabled) })
			walk(id, depth + 1)
		}
	}
	walk(null, 0)
	return result
}

/** The role's grants as `functionId:action` strings. */
export async function roleGrants(roleId: number, db: DB = getDb()): Promise<string[]> {
	const rows = await db.selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', roleId).execute()
	return rows.map((row) => grantKey(Number(row.function_id), row.action)).sort()
}

/** The grants the actor holds (`functionId:action`), or null when they hold all access. */
export async function heldGrants(actorId: number, db: DB = getDb()): Promise<string[] | null> {
	const holding = await userHolding(db, actorId)
	return holding.all ? null : [...holding.grants]
}

const functionOf = (key: string) => Number(key.slice(0, key.indexOf(':')))

/** A function group as the role page lists it: how many of its functions, and of their actions, the role holds. */
export interface GroupSummary {
	id: number
	code: string
	label: string
	functions: number
	held: number
	grants: number
}

export interface RoleMatrix {
	groups: GroupSummary[]
	group: GroupSummary
	/** The shown group's functions, in tree order. */
	functions: MatrixFunction[]
	/** The role's grants on them. */
	granted: string[]
}

/**
 * Every group of the role's matrix, summed up, and the functions and grants of one: `groupId`, or when
 * null the first group the role holds anything in (else the first). Null when `groupId` is no group.
 */
export async function getRoleMatrix(
	roleId: number,
	groupId: number | null,
	language: LanguageCode,
	db: DB = getDb(),
): Promise<RoleMatrix | null> {
	const [tree, granted] = await Promise.all([functionTree(language, db), roleGrants(roleId, db)])
	const actionsOf = new Map<number, number>()
	for (const key of granted) actionsOf.set(functionOf(key), (actionsOf.get(functionOf(key)) ?? 0) + 1)
	const groups = matrixGroups(tree)
	const summaries = groups.map((rows): GroupSummary => {
		const held = rows.filter((fn) => actionsOf.has(fn.id))
		return {
			id: rows[0]!.id,
			code: rows[0]!.code,
			label: rows[0]!.label,
			functions: rows.length,
			held: held.length,
			grants: held.reduce((sum, fn) => sum + actionsOf.get(fn.id)!, 0),
		}
	})
	const index =
		groupId === null
			? Math.max(
					0,
					summaries.findIndex((group) => group.grants > 0),
				)
			: summaries.findIndex((group) => group.id === groupId)
	const functions = groups[index]
	if (!functions) return null
	const ids = new Set(functions.map((fn) => fn.id))
	return { groups: summaries, group: summaries[index]!, functions, granted: granted.filter((key) => ids.has(functionOf(key))) }
}

/** The `functionId:action` values a matrix form posted (checkboxes named `grant`); null when one is malformed. */
export function postedGrants(formData: FormData): { functionId: number; action: Action }[] | null {
	const grants = new Map<string, { functionId: number; action: Action }>()
	for (const value of formData.getAll('grant')) {
		const match = typeof value === 'string' ? /^(\d{1,9}):([a-z]+)$/.exec(value) : null
		if (!match || !isAction(match[2])) return null
		grants.set(value as string, { functionId: Number(match[1]), action: match[2] })
	}
	return [...grants.values()]
}

/** The ids of a group's functions (the top-level `groupId` and everything under it); null when it is none. */
function groupMembers(functions: readonly { id: number; parent_id: number | null }[], groupId: number): Set<number> | null {
	if (!functions.some((fn) => fn.id === groupId && fn.parent_id === null)) return null
	const children = new Map<number, number[]>()
	for (const fn of functions)
		if (fn.parent_id !== null) children.set(Number(fn.parent_id), [...(children.get(Number(fn.parent_id)) ?? []), Number(fn.id)])
	const members = new Set<number>()
	const pending = [groupId]
	while (pending.length > 0) {
		const id = pending.pop()!
		if (members.has(id)) continue
		members.add(id)
		pending.push(...(children.get(id) ?? []))
	}
	return members
}

// SQLite takes at most 32,766 parameters a statement: a group may hold thousands of functions.
const GRANT_BATCH = 1000

async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>) {
	for (let start = 0; start < items.length; start += GRANT_BATCH) await write(items.slice(start, start + GRANT_BATCH))
}

const audit = entityAudit('role')

export type GrantsResult =
	{ ok: true; changed: boolean } | { ok: false; reason: 'notFound' | 'allAccess' | 'unknownGroup' | 'unknownFunction' } | Refused

/**
 * Replaces the role's grants on the functions of one group (`groupId`, a top-level function) with
 * `grants`, in one transaction; the other groups' grants stay as they are. A grant outside the group is
 * refused (`unknownFunction`) and nothing is written.
 */
export async function saveRoleGrants(
	id: number,
	groupId: number,
	grants: { functionId: number; action: Action }[],
	actor: Actor,
	db: DB = getDb(),
): Promise<GrantsResult> {
	return db.transaction().execute(async (trx): Promise<GrantsResult> => {
		const role = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
		if (!role) return { ok: false, reason: 'notFound' }
		if (role.all_access) return { ok: false, reason: 'allAccess' }
		const functions = (await trx.selectFrom('functions').select(['id', 'code', 'parent_id']).execute()).map((fn) => ({
			id: Number(fn.id),
			code: fn.code,
			parent_id: fn.parent_id === null ? null : Number(fn.parent_id),
		}))
		const members = groupMembers(functions, groupId)
		if (!members) return { ok: false, reason: 'unknownGroup' }
		if (grants.some((grant) => !members.has(grant.functionId))) return { ok: false, reason: 'unknownFunction' }
		const refused = await refuseRoleEdit(trx, actor, { id, is_builtin: role.is_builtin }, 'saveGrants')
		if (refused) return refused
		const codeOf = new Map(functions.map((fn) => [fn.id, fn.code]))
		const before = (await roleGrants(id, trx)).filter((key) => members.has(functionOf(key)))
		const beforeSet = new Set(before)
		const holding = await userHolding(trx, actor.id)
		const held = (key: string) => holding.all || holding.grants.has(key)
		const beyond = grants.map((grant) => grantKey(grant.functionId, grant.action)).find((key) => !held(key) && !beforeSet.has(key))
		if (beyond !== undefined) {
			const [functionId, action] = beyond.split(':')
			await auditRefusal(
				trx,
				actor,
				'grantBeyondActor',
				{ entity: 'role', id },
				{ attempted: 'saveGrants', grant: `${codeOf.get(Number(functionId))}:${action}` },
			)
			return { ok: false, reason: 'delegation', refusal: 'grantBeyondActor' }
		}
		// Grants the actor does not hold are not theirs to give or take: they stay as they were.
		const untouchable = before.filter((key) => !held(key))
		const after = [...new Set([...grants.map((grant) => grantKey(grant.functionId, grant.action)), ...untouchable])].sort()
		const afterSet = new Set(after)
		const added = after.filter((key) => !beforeSet.has(key))
		const removed = before.filter((key) => !afterSet.has(key))
		if (added.length === 0 && removed.length === 0) return { ok: true, changed: false }
		const toRow = (key: string) => ({ role_id: id, function_id: functionOf(key), action: key.slice(key.indexOf(':') + 1) as Action })
		const removedRows = removed.map(toRow)
		for (const action of new Set(removedRows.map((row) => row.action)))
			await inBatches(
				removedRows.filter((row) => row.action === action).map((row) => row.function_id),
				(ids) =>
					trx.deleteFrom('role_grants').where('role_id', '=', id).where('action', '=', action).where('function_id', 'in', ids).execute(),
			)
		await inBatches(added.map(toRow), (rows) => trx.insertInto('role_grants').values(rows).execute())
		await trx.updateTable('roles').set({ updated_at: Date.now() }).where('id', '=', id).execute()
		const name = (key: string) => `${codeOf.get(functionOf(key))}:${key.slice(key.indexOf(':') + 1)}`
		await audit(trx, 'role.grantsChanged', actor, id, {
			code: role.code,
			group: codeOf.get(groupId),
			added: added.map(name),
			removed: removed.map(name),
		})
		return { ok: true, changed: true }
	})
}
