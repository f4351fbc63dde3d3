import { getDb, isSqlite, type DB } from '~/db/db.server'
import type { ReferenceListDefinition } from './definition'

/** The codes a list holds, which a record's listed column may take (a list is small: one indexed query). */
export async function listedCodes(list: ReferenceListDefinition, db: DB = getDb()): Promise<string[]> {
	return (await db.selectFrom('reference_items').select('code').where('list_key', '=', list.key).execute()).map((row) => row.code)
}

/**
 * Inside a write transaction: whether the list holds `code`, its row then kept from being deleted until
 * the transaction ends. On PostgreSQL that is a share lock (the item's delete locks the row for update
 * first, so a delete and a record taking the code are one after the other); SQLite's write transactions
 * already are, one at a time.
 */
export async function holdListedCode(list: ReferenceListDefinition, code: string, trx: DB): Promise<boolean> {
	const query = trx.selectFrom('reference_items').select('id').where('list_key', '=', list.key).where('code', '=', code)
	return (await (isSqlite(trx) ? query : query.forShare()).executeTakeFirst()) !== undefined
}

/** listedCodes inside a write transaction, every row held as holdListedCode holds one (the CSV import's batches). */
export async function holdListedCodes(list: ReferenceListDefinition, trx: DB): Promise<string[]> {
	const query = trx.selectFrom('reference_items').select('code').where('list_key', '=', list.key)
	return (await (isSqlite(trx) ? query : query.forShare()).execute()).map((row) => row.code)
}
