import { sql } from 'kysely'
import { recordAudit } from '~/audit/audit.server'
import { hashPassword } from '~/auth/password.server'
import { getDatabase, type DatabaseHandle, type DB } from '~/db/db.server'
import { insertRole } from '~/permissions/roles.server'
import { toEmail } from './email.server'
import { userSearchText } from './search-text'
import { demoStaff, demoStaffRoles, type DemoStaffMember } from './demo-staff'

/** Rows per INSERT: well inside both databases' limits on bound parameters. */
const BATCH = 500

export interface StaffSeedResult {
	created: number
	existing: number
	roles: number
}

/**
 * Writes demo staff 1…count that do not exist yet, and the roles they hold. Their password is the one
 * given, hashed once: where the portal keeps passwords they can sign in; where Firebase does, they are
 * volume only.
 */
export async function seedDemoStaff(
	{ count, password, now = Date.now() }: { count: number; password: string; now?: number },
	handle: DatabaseHandle = getDatabase(),
): Promise<StaffSeedResult> {
	const db = handle.db
	const roleIds = await ensureStaffRoles(db, now)
	const passwordHash = await hashPassword(password)
	let created = 0
	let batch: DemoStaffMember[] = []
	const flush = async () => {
		if (batch.length === 0) return
		created += await writeStaff(db, batch, roleIds, passwordHash, now)
		batch = []
		// Lets a server that seeds at start-up (the bench) keep answering between batches.
		await new Promise((resolve) => setImmediate(resolve))
	}
	for (const member of demoStaff(count, now)) {
		batch.push(member)
		if (batch.length === BATCH) await flush()
	}
	await flush()
	if (created > 0) {
		await recordAudit({ action: 'user.demo_seeded', actorEmail: 'cli', entity: 'user', details: { users: created } }, db)
		await (handle.dialect === 'postgres' ? sql`vacuum analyze users, user_roles, user_role_scopes` : sql`analyze`).execute(db)
	}
	return { created, existing: count - created, roles: roleIds.size }
}

async function ensureStaffRoles(db: DB, now: number): Promise<Map<string, number>> {
	const roles = demoStaffRoles()
	const functions = new Map((await db.selectFrom('functions').select(['id', 'code']).execute()).map((row) => [row.code, row.id]))
	return db.transaction().execute(async (trx) => {
		const ids = new Map<string, number>()
		for (const role of roles) {
			const existing = await trx.selectFrom('roles').select('id').where('code', '=', role.code).executeTakeFirst()
			if (existing) {
				ids.set(role.code, existing.id)
				continue
			}
			const id = await insertRole(trx, role, now)
			ids.set(role.code, id)
			const grants = role.grants.flatMap(({ functionCode, action }) => {
				const functionId = functions.get(functionCode)
				return functionId === undefined ? [] : [{ role_id: id, function_id: functionId, action }]
			})
			if (grants.length > 0) await trx.insertInto('role_grants').values(grants).execute()
		}
		return ids
	})
}

/** Inserts the members not there yet with their assignments; answers how many were new. */
async function writeStaff(
	db: DB,
	members: readonly DemoStaffMember[],
	roleIds: ReadonlyMap<string, number>,
	passwordHash: string,
	now: number,
): Promise<number> {
	return db.transaction().execute(async (trx) => {
		const inserted = await trx
			.insertInto('users')
			.values(
				members.map((member) => {
					const names = {
						email: toEmail(member.email),
						display_name: member.displayName,
						first_name: member.firstName,
						last_name: member.lastName,
					}
					return {
						...names,
						email_normalized: names.email,
						search_text: userSearchText(names),
						password_hash: passwordHash,
						password_changed_at: now,
						last_sign_in_at: member.lastSignInAt,
						created_at: now,
						updated_at: now,
					}
				}),
			)
			.onConflict((conflict) => conflict.column('email_normalized').doNothing())
			.returning(['id', 'email'])
			.execute()
		if (inserted.length === 0) return 0
		const byEmail = new Map(members.map((member) => [member.email, member]))
		const assignments = inserted.flatMap((user) =>
			byEmail
				.get(user.email)!
				.assignments.map((assignment) => ({ user, roleId: roleIds.get(assignment.roleCode)!, provinces: assignment.provinces })),
		)
		await trx
			.insertInto('user_roles')
			.values(assignments.map(({ user, roleId }) => ({ user_id: user.id, role_id: roleId })))
			.execute()
		const scopes = assignments.flatMap(({ user, roleId, provinces }) =>
			provinces.map((province) => ({ user_id: user.id, role_id: roleId, province })),
		)
		for (let start = 0; start < scopes.length; start += BATCH) {
			await trx
				.insertInto('user_role_scopes')
				.values(scopes.slice(start, start + BATCH))
				.execute()
		}
		return inserted.length
	})
}
