import { randomBytes } from 'node:crypto'
import SQLite from '../../app/db/sqlite-driver.server'
import { Kysely, PostgresDialect } from 'kysely'
import { immediateSqliteDialect } from '../../app/db/sqlite-dialect.server'
import pg from 'pg'
import type { Database } from '../../app/db/schema'
import { toEmail } from '../../app/users/email.server'
import { serverEnv } from './env.mjs'

/**
 * Direct access to the e2e server's database, for what neither the UI nor the CLI can set up quickly
 * (a function tree, many notifications). The same typed Kysely code runs on SQLite and PostgreSQL, like the
 * app's own queries. Each call opens and closes its own connection, so nothing outlives the test.
 */
async function withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
	const url = serverEnv.DATABASE_URL
	const db = url.startsWith('file:')
		? new Kysely<Database>({
				dialect: immediateSqliteDialect({
					database: () => {
						const client = new SQLite(url.slice('file:'.length))
						// The server holds the same WAL database open: wait for its writes instead of failing.
						client.pragma('busy_timeout = 5000')
						client.pragma('foreign_keys = ON')
						return Promise.resolve(client)
					},
				}),
			})
		: new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) })
	try {
		return await work(db)
	} finally {
		await db.destroy()
	}
}

async function userId(db: Kysely<Database>, email: string): Promise<number> {
	const row = await db.selectFrom('users').select('id').where('email_normalized', '=', toEmail(email)).executeTakeFirstOrThrow()
	return Number(row.id)
}

export interface MenuSection {
	/** The code of the role that grants the section; give it to a user with `grantRole`. */
	role: string
	/** The codes of its functions (the section first). */
	codes: string[]
	/** The section's label (the same in every language). */
	label: string
	/** The labels of its entries, in menu order. */
	entries: string[]
}

/**
 * A new top-level menu section with `size` entries (each a page under /e2e/…, `view` granted), and a role
 * granting exactly these functions. Labels carry a random tag so that parallel tests never see each other's.
 *
 * The function tree is shared: an administrator (all access) sees every function, this section included,
 * until `removeMenuSection` takes it away again. Remove it as soon as the test is done with it.
 */
export function createMenuSection({ size, name }: { size: number; name: string }): Promise<MenuSection> {
	const tag = randomBytes(3).toString('hex').toUpperCase()
	const label = `${name} ${tag}`
	const entries = Array.from({ length: size }, (_unused, index) => `${name} ${tag} · ${String(index + 1).padStart(2, '0')}`)
	const codeOf = (suffix: string) => `E2E_${tag}_${suffix}`
	const labels = (text: string) => JSON.stringify({ vn: text, en: text, es: text, de: text, it: text, ru: text })
	return withDatabase((db) =>
		db.transaction().execute(async (trx) => {
			const now = Date.now()
			const base = {
				label_key: null,
				param: null,
				is_title: 0,
				is_hidden: 0,
				badge_text: null,
				badge_variant: null,
				enabled: 1,
				created_at: now,
				updated_at: now,
			}
			const section = await trx
				.insertInto('functions')
				.values({
					...base,
					code: codeOf('SECTION'),
					parent_id: null,
					sort_order: 9_000,
					labels: labels(label),
					icon: 'bx-layer',
					path: null,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			const children = await trx
				.insertInto('functions')
				.values(
					entries.map((entry, index) => ({
						...base,
						code: codeOf(String(index + 1)),
						parent_id: Number(section.id),
						sort_order: index + 1,
						labels: labels(entry),
						icon: null,
						path: `/e2e/${tag.toLowerCase()}/${index + 1}`,
					})),
				)
				.returning('id')
				.execute()
			const role = `e2e-${tag.toLowerCase()}`
			const created = await trx
				.insertInto('roles')
				.values({
					code: role,
					name: `E2E ${label}`,
					description: 'Created by the end-to-end tests',
					is_builtin: 0,
					all_access: 0,
					created_at: now,
					updated_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			await trx
				.insertInto('role_grants')
				.values([section, ...children].map((fn) => ({ role_id: Number(created.id), function_id: Number(fn.id), action: 'view' })))
				.execute()
			return { role, codes: [codeOf('SECTION'), ...entries.map((_entry, index) => codeOf(String(index + 1)))], label, entries }
		}),
	)
}

/** Deletes the section's functions and its role (with the role's grants and assignments). */
export function removeMenuSection(section: MenuSection): Promise<void> {
	return withDatabase((db) =>
		db.transaction().execute(async (trx) => {
			await trx.deleteFrom('roles').where('code', '=', section.role).execute()
			// Children first: the tree's parent links must never point at a deleted row.
			await trx.deleteFrom('functions').where('code', 'in', section.codes.slice(1)).execute()
			await trx.deleteFrom('functions').where('code', '=', section.codes[0]!).execute()
		}),
	)
}

/** Gives the user (by email) one more role. */
export function grantRole(email: string, role: string): Promise<void> {
	return withDatabase(async (db) => {
		const roleRow = await db.selectFrom('roles').select('id').where('code', '=', role).executeTakeFirstOrThrow()
		await db
			.insertInto('user_roles')
			.values({ user_id: await userId(db, email), role_id: Number(roleRow.id) })
			.execute()
	})
}

/**
 * `count` unread notifications for the user, oldest first, each telling "Your roles now: <roles>" with
 * roles `R-01`, `R-02`, … so that every one is recognisable on the page. Returns those texts, newest first.
 */
export function addNotifications(email: string, count: number): Promise<string[]> {
	return withDatabase(async (db) => {
		const user = await userId(db, email)
		const start = Date.now() - count * 60_000
		const roles = Array.from({ length: count }, (_unused, index) => `R-${String(index + 1).padStart(2, '0')}`)
		await db
			.insertInto('notifications')
			.values(
				roles.map((role, index) => ({
					user_id: user,
					type: 'roles_changed',
					title_key: 'notifications.rolesChanged.title',
					body_key: 'notifications.rolesChanged.body',
					params: JSON.stringify({ roles: role }),
					link: '/contacts/profile',
					created_at: start + index * 60_000,
					read_at: null,
				})),
			)
			.execute()
		return roles.reverse()
	})
}

/** The idle timeout passes for every session of the user (by email): their next request finds it ended. */
export function endSessionsByIdleTimeout(email: string): Promise<void> {
	return withDatabase(async (db) => {
		await db
			.updateTable('sessions')
			.set({ last_seen_at: Date.now() - 24 * 60 * 60_000 })
			.where('user_id', '=', await userId(db, email))
			.execute()
	})
}

/** Stations named `name` with these codes (active BTS in Hà Nội, version 1), as a catalog test's fixture. */
export function addStations(codes: readonly string[], name: string): Promise<void> {
	return withDatabase(async (db) => {
		const now = Date.now()
		const key = name
			.normalize('NFD')
			.replace(/\p{M}+/gu, '')
			.replace(/[đĐ]/g, 'd')
			.toLowerCase()
		await db
			.insertInto('stations')
			.values(
				codes.map((code) => ({
					code,
					name,
					name_key: key,
					search_text: `${code.toLowerCase()} ${key}`,
					type: 'bts',
					province: 'ha-noi',
					status: 'active',
					created_at: now,
					updated_at: now,
					version: 1,
				})),
			)
			.execute()
	})
}

/** Items of a reference list (`stationTypes`, `toolCategories`), labelled in Vietnamese and English, version 1, as a list test's fixture. */
export function addReferenceItems(
	listKey: 'stationTypes' | 'toolCategories',
	items: readonly { code: string; labelVn: string; labelEn: string }[],
): Promise<void> {
	return withDatabase(async (db) => {
		const now = Date.now()
		await db
			.insertInto('reference_items')
			.values(
				items.map((item, index) => ({
					list_key: listKey,
					code: item.code,
					label_vn: item.labelVn,
					label_en: item.labelEn,
					sort_order: 500 + index,
					created_at: now,
					updated_at: now,
					version: 1,
				})),
			)
			.execute()
	})
}
