import type { DB } from '~/db/db.server'

/** The catalog version (migration 0008): the database moves it with every write to stations and tools. */
export async function readCatalogVersion(db: DB): Promise<number> {
	const row = await db.selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()
	return Number(row.version)
}
