import { sql, type Kysely } from 'kysely'
import { userSearchText } from '~/users/search-text'
import { searchIndex, type Dialect } from './helpers'

/** Rows filled per statement: well under SQLite's limit of bound parameters. */
const BATCH = 500

/**
 * The users list's search (issue 36): `users.search_text` holds the accent- and case-free email and names,
 * written by the application like the catalogs' (migration 0003), searched through the same index, so a
 * search no longer reads every account into the process.
 */
export function userSearch(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			const column = dialect === 'postgres' ? sql`varchar(700) collate "C" not null default ''` : sql`varchar(700) not null default ''`
			await sql`alter table users add column search_text ${column}`.execute(db)
			const users = db as unknown as Kysely<{
				users: { id: number; email: string; display_name: string; first_name: string; last_name: string; search_text: string }
			}>
			for (let after = 0; ;) {
				const rows = await users
					.selectFrom('users')
					.select(['id', 'email', 'display_name', 'first_name', 'last_name'])
					.where('id', '>', after)
					.orderBy('id')
					.limit(BATCH)
					.execute()
				if (rows.length === 0) break
				for (const row of rows)
					await users
						.updateTable('users')
						.set({ search_text: userSearchText(row) })
						.where('id', '=', row.id)
						.execute()
				after = Number(rows.at(-1)!.id)
			}
			await searchIndex(db, dialect, 'users')
		},
	}
}
