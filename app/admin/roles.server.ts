import { type z } from 'zod'
import { entityAudit, type Actor } from '~/audit/audit.server'
import { formObject, optionalText, requiredText } from '~/catalogs/fields.server'
import { getDb, type DB } from '~/db/db.server'
import { auditRefusal, covers, roleHolding, userHolding, type DelegationRefusal } from '~/permissions/delegation.server'
import { insertRole } from '~/permissions/roles.server'
import { issue } from '~/utils/form.server'
import { updateIfChanged } from './audited-update.server'

/**
 * Roles: the list, create/edit/delete (never a built-in role) and who may change one. Their grants (the
 * permission matrix): roles-matrix.server.ts. Knows nothing of HTTP.
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

function roleRows(db: DB) {
	return db.selectFrom('roles').select((eb) => [
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
}

type RoleQueryRow = Awaited<ReturnType<ReturnType<typeof roleRows>['executeTakeFirstOrThrow']>>

function toRoleRow(row: RoleQueryRow): RoleRow {
	return {
		id: Number(row.id),
		code: row.code,
		name: row.name,
		description: row.description,
		is_builtin: Boolean(row.is_builtin),
		all_access: Boolean(row.all_access),
		users: Number(row.users ?? 0),
		grants: Number(row.grants ?? 0),
	}
}

export async function listRoles(db: DB = getDb()): Promise<RoleRow[]> {
	const rows = await roleRows(db).orderBy('roles.is_builtin', 'desc').orderBy('roles.code').execute()
	return rows.map(toRoleRow)
}

/** One role, counting only its own members and grants (a role's page: not every role's). */
export async function getRole(id: number, db: DB = getDb()): Promise<RoleRow | null> {
	const row = await roleRows(db).where('roles.id', '=', id).executeTakeFirst()
	return row ? toRoleRow(row) : null
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

export async function refuseRoleEdit(
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

/** The role `id` when the actor may edit it (it exists, is not built in, and delegation allows), else why not (refusals audited). */
async function editableRole(trx: DB, id: number, actor: Actor, attempted: string) {
	const role = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst()
	if (!role) return { ok: false, reason: 'notFound' } as const
	if (role.is_builtin) return { ok: false, reason: 'builtin' } as const
	const refused = await refuseRoleEdit(trx, actor, { id, is_builtin: role.is_builtin }, attempted)
	return refused ?? ({ ok: true, role } as const)
}

export type RoleWriteResult =
	{ ok: true; id: number; changed: boolean } | { ok: false; reason: 'notFound' | 'builtin' | 'codeTaken' } | Refused

export async function createRole(input: RoleInput, actor: Actor, db: DB = getDb()): Promise<RoleWriteResult> {
	return db.transaction().execute(async (trx): Promise<RoleWriteResult> => {
		if (await codeTaken(trx, input.code, null)) return { ok: false, reason: 'codeTaken' }
		const now = Date.now()
		const id = await insertRole(trx, { code: input.code, name: input.name, description: input.description ?? '' }, now)
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
		const editable = await editableRole(trx, id, actor, 'updateRole')
		if (!editable.ok) return editable
		const before = editable.role
		if (await codeTaken(trx, input.code, id)) return { ok: false, reason: 'codeTaken' }
		const after = { code: input.code, name: input.name, description: input.description ?? '' }
		const audited = { write: audit, action: 'role.updated', actor }
		const changed = await updateIfChanged(trx, { table: 'roles', id, before, after, audit: audited })
		return { ok: true, id, changed }
	})
}

export type RoleDeleteResult = { ok: true; code: string } | { ok: false; reason: 'notFound' | 'builtin' } | Refused

/** Deletes a role that is not built in; its holders lose it (their next request sees it). */
export async function deleteRole(id: number, actor: Actor, db: DB = getDb()): Promise<RoleDeleteResult> {
	return db.transaction().execute(async (trx): Promise<RoleDeleteResult> => {
		const editable = await editableRole(trx, id, actor, 'deleteRole')
		if (!editable.ok) return editable
		const { role } = editable
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
