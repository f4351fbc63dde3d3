import { isUniqueViolation } from '~/catalogs/catalog.server'
import { getDb, type DB } from '~/db/db.server'
import { MAX_VIEWS_PER_LIST } from './list-views'

/**
 * A user's own settings of one list, named by its key: the optional columns they hid and their saved
 * views. Kept in the database with the account (not in a cookie), so they follow the user to any
 * browser and outlast a sign-out. Every read and write is scoped to the user: nobody reaches another
 * user's views.
 */

export interface SavedView {
	id: number
	name: string
	query: string
}

/** The folded name two views of one list may not share ("Hà Nội" and "hà nội" are one name). */
export function viewNameKey(name: string): string {
	return name.normalize('NFC').toLocaleLowerCase('und')
}

export async function getHiddenColumns(userId: number, listKey: string, db: DB = getDb()): Promise<string[]> {
	const row = await db
		.selectFrom('list_columns')
		.select('hidden')
		.where('user_id', '=', userId)
		.where('list_key', '=', listKey)
		.executeTakeFirst()
	if (!row) return []
	try {
		const hidden: unknown = JSON.parse(row.hidden)
		return Array.isArray(hidden) ? hidden.filter((name): name is string => typeof name === 'string') : []
	} catch {
		return []
	}
}

export async function setHiddenColumns(
	userId: number,
	listKey: string,
	hidden: readonly string[],
	{ now = Date.now(), db = getDb() }: { now?: number; db?: DB } = {},
) {
	const values = {
		hidden: JSON.stringify([...new Set(hidden)]),
		updated_at: now,
	}
	await db
		.insertInto('list_columns')
		.values({ user_id: userId, list_key: listKey, ...values })
		.onConflict((conflict) => conflict.columns(['user_id', 'list_key']).doUpdateSet(values))
		.execute()
}

/** Back to the list's own columns. */
export async function resetColumns(userId: number, listKey: string, db: DB = getDb()) {
	await db.deleteFrom('list_columns').where('user_id', '=', userId).where('list_key', '=', listKey).execute()
}

/** The user's saved views of the list, oldest first. */
export function getSavedViews(userId: number, listKey: string, db: DB = getDb()): Promise<SavedView[]> {
	return db
		.selectFrom('list_views')
		.select(['id', 'name', 'query'])
		.where('user_id', '=', userId)
		.where('list_key', '=', listKey)
		.orderBy('id')
		.execute()
}

export type SaveViewResult = { ok: true; id: number } | { ok: false; reason: 'nameTaken' | 'tooMany' }

/** Saves `query` under `name` (already validated), unless the name is taken or the list has MAX_VIEWS_PER_LIST views. */
export async function saveView(
	userId: number,
	listKey: string,
	view: { name: string; query: string },
	{ now = Date.now(), db = getDb() }: { now?: number; db?: DB } = {},
): Promise<SaveViewResult> {
	const name = view.name.normalize('NFC')
	try {
		return await db.transaction().execute(async (trx) => {
			const existing = await trx
				.selectFrom('list_views')
				.select('name_key')
				.where('user_id', '=', userId)
				.where('list_key', '=', listKey)
				.execute()
			const key = viewNameKey(name)
			if (existing.some((row) => row.name_key === key)) return { ok: false, reason: 'nameTaken' } as const
			if (existing.length >= MAX_VIEWS_PER_LIST) return { ok: false, reason: 'tooMany' } as const
			const row = await trx
				.insertInto('list_views')
				.values({
					user_id: userId,
					list_key: listKey,
					name,
					name_key: key,
					query: view.query,
					created_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			return { ok: true, id: Number(row.id) } as const
		})
	} catch (error) {
		// The same name saved twice at once: the unique index settles it.
		if (isUniqueViolation(error)) return { ok: false, reason: 'nameTaken' }
		throw error
	}
}

/** Deletes one of the user's own views of the list; false when they have no such view. */
export async function deleteView(userId: number, listKey: string, viewId: number, db: DB = getDb()): Promise<boolean> {
	const result = await db
		.deleteFrom('list_views')
		.where('id', '=', viewId)
		.where('user_id', '=', userId)
		.where('list_key', '=', listKey)
		.executeTakeFirst()
	return Number(result.numDeletedRows) > 0
}
