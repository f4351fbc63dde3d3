import { type z } from 'zod'
import { entityAudit, type Actor } from '~/audit/audit.server'
import { formObject, optionalText, requiredText } from '~/catalogs/fields.server'
import { getDb, type DB } from '~/db/db.server'
import { getFixedT } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import { isAction, type Action } from '~/permissions/actions'
import { auditRefusal, covers, grantKey, roleHolding, userHolding, type DelegationRefusal } from '~/permissions/delegation.server'
import { functionLabel } from '~/permissions/menu.server'
import { issue } from '~/utils/form.server'

/**
 * Roles and their grants: the list, create/edit/delete (never a built-in role), and the permission
 * matrix (functions × actions) saved as a whole. Knows nothing of HTTP.
 */

export const ROLE_LIMITS = { code: 50, name: 100, description: 500 } as const
const ROLE_CODE = /^[a-z][a-z0-9_-]*$/

export const roleSchema = formObject({
	code: requiredText(ROLE_LIMITS.code).refine((value) => ROLE_CODE.test(value), issue('admin.roles.errors.codeFormat')),
	name: requiredText(ROLE_LIMITS.name),
	description: optionalText(ROLE_LIMITS.description, { multiline: true }),
})
export type RoleInput = z.output<typeof roleSchema>

export interface RoleRow {
	id: number
	code: string
	name: string
	description: string
	is_builtin: boolean
	all_access: boolean
	users: number
	grants: number
}

export async function listRoles(db: DB = getDb()): Promise<RoleRow[]> {
	const rows = await db
		.selectFrom('roles')
		.select((eb) => [
			'roles.id',
			'roles.code',
			'roles.name',
			'roles.description',
			'roles.is_builtin',
			'roles.all_access',
			eb
				.selectFrom('user_roles')
				.select((sub) => sub.fn.countAll<number | string>().as('n'))
				.whereRef('user_roles.role_id', '=', 'roles.id')
				.as('users'),
			eb
				.selectFrom('role_grants')
				.select((sub) => sub.fn.countAll<number | string>().as('n'))
				.whereRef('role_grants.role_id', '=', 'roles.id')
				.as('grants'),
		])
		.orderBy('roles.is_builtin', 'desc')
		.orderBy('roles.code')
		.execute()
	return rows.map((row) => ({
		id: Number(row.id),
		code: row.code,
		name: row.name,
		description: row.description,
		is_builtin: Boolean(row.is_builtin),
		all_access: Boolean(row.all_access),
		users: Number(row.users ?? 0),
		grants: Number(row.grants ?? 0),
	}))
}

export async function getRole(id: number, db: DB = getDb()): Promise<RoleRow | null> {
	return (await listRoles(db)).find((role) => role.id === id) ?? null
}

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
	return rows.map((row) => `${Number(row.function_id)}:${row.action}`).sort()
}

const audit = entityAudit('role')

async function codeTaken(db: DB, code: string, exceptId: number | null) {
	let query = db.selectFrom('roles').select('id').where('code', '=', code)
	if (exceptId !== null) query = query.where('id', '<>', exceptId)
	return Boolean(await query.executeTakeFirst())
}

/** The delegation rule said no: nothing changed, the refusal is audited. */
export type Refused = { ok: false; reason: 'delegation'; refusal: DelegationRefusal }

/**
 * Why the actor may not change the role, or null when they may: one they hold themselves or a built-in
 * one, unless they hold all access. (Grants they do not hold stay untouched: see saveRoleGrants.)
 */
export async function roleEditRefusal(
	actorId: number,
	role: { id: number; is_builtin: number | boolean },
	db: DB = getDb(),
): Promise<DelegationRefusal | null> {
	const holding = await userHolding(db, actorId)
	if (holding.all) return null
	if (role.is_builtin) return 'builtinRole'
	if (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', actorId).where('role_id', '=', role.id).executeTakeFirst())
		return 'ownRole'
	return null
}

async function refuseRoleEdit(
	trx: DB,
	actor: Actor,
	role: { id: number; is_builtin: number | boolean },
	attempted: string,
): Promise<Refused | null> {
	const refusal = await roleEditRefusal(actor.id, role, trx)
	if (refusal === null) return null
	await auditRefusal(trx, actor, refusal, { entity: 'role', id: role.id }, { attempted })
	return { ok: false, reason: 'delegation', refusal }
}

/** The grants the actor holds (`functionId:action`), or null when they hold all access. */
export async function heldGrants(actorId: number, db: DB = getDb()): Promise<string[] | null> {
	const holding = await userHolding(db, actorId)
	return holding.all ? null : [...holding.grants]
}

export type RoleWriteResult =
	{ ok: true; id: number; changed: boolean } | { ok: false; reason: 'notFound' | 'builtin' | 'codeTaken' } | Refused

export async function createRole(input: RoleInput, actor: Actor, db: DB = getDb()): Promise<RoleWriteResult> {
	return db.transaction().execute(async (trx): Promise<RoleWriteResult> => {
		if (await codeTaken(trx, input.code, null)) return { ok: false, reason: 'codeTaken' }
		const now = Date.now()
		const row = await trx
			.insertInto('roles')
			.values({
				code: input.code,
				name: input.name,
				description: input.description ?? '',
				is_builtin: 0,
				all_access: 0,
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		const id = Number(row.id)
		await audit(trx, 'role.created', actor, id, {
			code: input.code,
			changes: {
				code: { from: '', to: input.code },
				name: { from: '', to: input.name },
				description: { from: '', to: input.description ?? '' },
			},
		})
		return { ok: true, id, changed: true }
	})
}

export async function updateRole(id: number, input: RoleInput, actor: Actor, db: DB = getDb()): Promise<RoleWriteResult> {
	return db.transaction().execute(async (trx): Promise<RoleWriteResult> => {
		const before = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
		if (!before) return { ok: false, reason: 'notFound' }
		if (before.is_builtin) return { ok: false, reason: 'builtin' }
		const refused = await refuseRoleEdit(trx, actor, { id, is_builtin: before.is_builtin }, 'updateRole')
		if (refused) return refused
		if (await codeTaken(trx, input.code, id)) return { ok: false, reason: 'codeTaken' }
		const after = { code: input.code, name: input.name, description: input.description ?? '' }
		const changes: Record<string, { from: string; to: string }> = {}
		for (const field of ['code', 'name', 'description'] as const)
			if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] }
		if (Object.keys(changes).length === 0) return { ok: true, id, changed: false }
		await trx
			.updateTable('roles')
			.set({ ...after, updated_at: Date.now() })
			.where('id', '=', id)
			.execute()
		await audit(trx, 'role.updated', actor, id, { code: after.code, changes })
		return { ok: true, id, changed: true }
	})
}

export type RoleDeleteResult = { ok: true; code: string } | { ok: false; reason: 'notFound' | 'builtin' } | Refused

/** Deletes a role that is not built in; its holders lose it (their next request sees it). */
export async function deleteRole(id: number, actor: Actor, db: DB = getDb()): Promise<RoleDeleteResult> {
	return db.transaction().execute(async (trx): Promise<RoleDeleteResult> => {
		const role = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
		if (!role) return { ok: false, reason: 'notFound' }
		if (role.is_builtin) return { ok: false, reason: 'builtin' }
		const refused = await refuseRoleEdit(trx, actor, { id, is_builtin: role.is_builtin }, 'deleteRole')
		if (refused) return refused
		// Deleting takes the role's grants from everyone holding it: only for one the actor could rebuild.
		if (!covers(await userHolding(trx, actor.id), await roleHolding(trx, id))) {
			await auditRefusal(trx, actor, 'roleBeyondActor', { entity: 'role', id }, { attempted: 'deleteRole' })
			return { ok: false, reason: 'delegation', refusal: 'roleBeyondActor' }
		}
		const holders = await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', id).execute()
		await trx.deleteFrom('role_grants').where('role_id', '=', id).execute()
		await trx.deleteFrom('user_roles').where('role_id', '=', id).execute()
		await trx.deleteFrom('roles').where('id', '=', id).execute()
		await audit(trx, 'role.deleted', actor, id, {
			code: role.code,
			holders: holders.length,
			changes: { code: { from: role.code, to: '' }, name: { from: role.name, to: '' } },
		})
		return { ok: true, code: role.code }
	})
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

const GRANT_INSERT_BATCH = 1000

export type GrantsResult = { ok: true; changed: boolean } | { ok: false; reason: 'notFound' | 'allAccess' | 'unknownFunction' } | Refused

/** Replaces the role's grants with `grants`, in one transaction. */
export async function saveRoleGrants(
	id: number,
	grants: { functionId: number; action: Action }[],
	actor: Actor,
	db: DB = getDb(),
): Promise<GrantsResult> {
	return db.transaction().execute(async (trx): Promise<GrantsResult> => {
		const role = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
		if (!role) return { ok: false, reason: 'notFound' }
		if (role.all_access) return { ok: false, reason: 'allAccess' }
		const functions = await trx.selectFrom('functions').select(['id', 'code']).execute()
		const codeOf = new Map(functions.map((fn) => [Number(fn.id), fn.code]))
		if (grants.some((grant) => !codeOf.has(grant.functionId))) return { ok: false, reason: 'unknownFunction' }
		const refused = await refuseRoleEdit(trx, actor, { id, is_builtin: role.is_builtin }, 'saveGrants')
		if (refused) return refused
		const before = await roleGrants(id, trx)
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
		const name = (key: string) => {
			const [fid, action] = key.split(':')
			return `${codeOf.get(Number(fid)) ?? fid}:${action}`
		}
		const afterSet = new Set(after)
		const added = after.filter((key) => !beforeSet.has(key)).map(name)
		const removed = before.filter((key) => !afterSet.has(key)).map(name)
		if (added.length === 0 && removed.length === 0) return { ok: true, changed: false }
		await trx.deleteFrom('role_grants').where('role_id', '=', id).execute()
		// SQLite takes at most 32,766 parameters a statement: a full matrix of 2,000 functions has 12,000 rows.
		for (let start = 0; start < after.length; start += GRANT_INSERT_BATCH) {
			const batch = after.slice(start, start + GRANT_INSERT_BATCH).map((key) => key.split(':') as [string, Action])
			await trx
				.insertInto('role_grants')
				.values(batch.map(([functionId, action]) => ({ role_id: id, function_id: Number(functionId), action })))
				.execute()
		}
		await trx.updateTable('roles').set({ updated_at: Date.now() }).where('id', '=', id).execute()
		await audit(trx, 'role.grantsChanged', actor, id, { code: role.code, added, removed })
		return { ok: true, changed: true }
	})
}
