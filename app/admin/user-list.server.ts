import { sql, type SelectQueryBuilder } from 'kysely'
import { getDatabase, getDb, type DB } from '~/db/db.server'
import type { Database } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { search } from '~/lists/list-search.server'
import { equals, largestId, type ListResult, type ListSource, type SortColumn } from '~/lists/list.server'
import { readPage } from '~/lists/list-page.server'
import { assignableRoleCodes } from '~/permissions/delegation.server'
import { getRoleAssignments, readAssignments, type NamedAssignment } from '~/users/role-assignments.server'
import { type USER_LIST, type UserSort } from './users'

/** The users administration reads: the list, the roles an administrator may assign, one user's record. */

export interface UserListRow {
	id: number
	email: string
	display_name: string
	first_name: string
	last_name: string
	locked: number
	created_at: number
	/** 0: never signed in. */
	last_sign_in_at: number
	roles: string[]
	/** Each role everywhere (`provinces: null`) or in those provinces. */
	assignments: NamedAssignment[]
}

const SORTS: Record<(typeof USER_LIST.sorts)[number], SortColumn> = {
	email: { column: 'users.email_normalized', unique: true },
	name: { column: 'users.display_name' },
	createdAt: { column: 'users.created_at' },
	lastSignIn: { column: 'users.last_sign_in_at' },
}

type UsersQuery = SelectQueryBuilder<Database, 'users', object>

/** What the list pattern reads for a users list state. */
export async function userListSource(state: ListState<'role' | 'state', UserSort>, db: DB = getDb()): Promise<ListSource> {
	const dialect = getDatabase().dialect
	let filtered: UsersQuery = db.selectFrom('users')
	const { condition: searched, atLeast } = await search(db, dialect, 'users', state.q)
	if (searched) filtered = filtered.where(searched)
	if (state.filters.state)
		filtered = filtered.where(equals(dialect, 'users.locked', state.filters.state === 'locked' ? 1 : 0, { selective: true }))
	const role = state.filters.role
	const members = role ? roleMembers(db, filtered, role) : null
	return {
		table: 'users',
		idColumn: 'users.id',
		filtered: members?.filtered ?? filtered,
		...(members && {
			filteredByFilter: members.filteredByFilter,
			tableRows: members.filteredByFilter && (() => largestId(db, 'users')),
			// Each assignment is one user's (the pair is unique, the account exists): a role alone counts its assignments.
			counted: !searched && !state.filters.state ? members.assignments : undefined,
		}),
		columns: (query) =>
			query.select([
				'users.id',
				'users.email',
				'users.display_name',
				'users.first_name',
				'users.last_name',
				'users.locked',
				'users.created_at',
				'users.last_sign_in_at',
			]),
		sort: SORTS[state.sort],
		searchMatchesAtLeast: atLeast,
	}
}

/**
 * A role's members, `users` narrowed by `base`. Their list order is the users' sort index: a page may walk
 * it, asking each account whether it holds the role (the first pages of a role of 20,000 at once), or read
 * the members and sort them (a deep page, or a role of few); list-page.server.ts chooses by the count. Both
 * databases get the choice: PostgreSQL plans the one query from the average role's size, and joined and
 * sorted a large role whole for its first page.
 */
function roleMembers(db: DB, base: UsersQuery, role: string) {
	const assignments = db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').where('roles.code', '=', role)
	const byRole = base.where('users.id', 'in', assignments.select('user_roles.user_id'))
	const inOrder = base.where(({ exists, selectFrom }) =>
		exists(
			selectFrom('user_roles')
				.select(sql<number>`1`.as('one'))
				.whereRef('user_roles.user_id', '=', 'users.id')
				.where('user_roles.role_id', '=', selectFrom('roles').select('roles.id').where('roles.code', '=', role)),
		),
	)
	return { filtered: inOrder, filteredByFilter: byRole, assignments }
}

export async function listAdminUsers(state: ListState<'role' | 'state', UserSort>, db: DB = getDb()): Promise<ListResult<UserListRow>> {
	const page = await readPage<Omit<UserListRow, 'roles' | 'assignments'>>(db, getDatabase().dialect, await userListSource(state, db), state)
	const assigned = await readAssignments(
		db,
		page.rows.map((row) => Number(row.id)),
	)
	return {
		...page,
		rows: page.rows.map((row) => {
			const assignments = assigned.get(Number(row.id)) ?? []
			return {
				...row,
				id: Number(row.id),
				created_at: Number(row.created_at),
				last_sign_in_at: Number(row.last_sign_in_at),
				roles: assignments.map((a) => a.code),
				assignments,
			}
		}),
	}
}

export interface RoleOption {
	code: string
	name: string
	is_builtin: number
	assignable: boolean
}

/** Every role, each marked with whether `actorId` may assign it (the delegation rule). */
export async function listRoleOptions(actorId: number, db: DB = getDb()): Promise<RoleOption[]> {
	const [roles, assignable] = await Promise.all([
		db.selectFrom('roles').select(['code', 'name', 'is_builtin']).orderBy('is_builtin', 'desc').orderBy('code').execute(),
		assignableRoleCodes(db, actorId),
	])
	return roles.map((role) => ({ ...role, assignable: assignable.has(role.code) }))
}

export interface AdminUserRecord {
	id: number
	email: string
	display_name: string
	first_name: string
	last_name: string
	locked: boolean
	must_change_password: boolean
	created_at: number
	updated_at: number
	roles: string[]
	assignments: NamedAssignment[]
	sessions: number
}

export async function getAdminUser(id: number, db: DB = getDb()): Promise<AdminUserRecord | null> {
	const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
	if (!user) return null
	const [assignments, sessions] = await Promise.all([
		getRoleAssignments(id, db),
		db
			.selectFrom('sessions')
			.select((eb) => eb.fn.countAll<number | string>().as('n'))
			.where('user_id', '=', id)
			.where('expires_at', '>', Date.now())
			.executeTakeFirstOrThrow(),
	])
	return {
		id: Number(user.id),
		email: user.email,
		display_name: user.display_name,
		first_name: user.first_name,
		last_name: user.last_name,
		locked: Boolean(user.locked),
		must_change_password: Boolean(user.must_change_password),
		created_at: Number(user.created_at),
		updated_at: Number(user.updated_at),
		roles: assignments.map((assignment) => assignment.code),
		assignments,
		sessions: Number(sessions.n),
	}
}
