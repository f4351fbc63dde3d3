import type { Insertable } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Database } from '~/db/schema'
import { newSecretToken } from './secret-token.server'

/**
 * Short-lived rows that a browser names by a secret key in a cookie: a form posted after its session ended
 * (kept-form.server.ts), a sign-in waiting for its second factor (mfa/pending-sign-in.server.ts). A row holds
 * the key's hash (`id_hash`), never the key, and is over at `expires_at`.
 */
export type KeyedRowTable = 'kept_forms' | 'mfa_pending_sign_ins'

/**
 * Stores `row` under a new secret key and returns the key, for the browser's cookie. The table's rows that
 * expired by `now` are deleted first, so that it holds no more than the live ones.
 */
export async function insertUnderNewKey<Table extends KeyedRowTable>(
	db: DB,
	table: Table,
	row: Omit<Insertable<Database[Table]>, 'id_hash'>,
	now: number,
): Promise<string> {
	const { token: key, hash } = newSecretToken()
	// Kysely cannot type a query on a table named by a type parameter: `row` is checked above, per table.
	const rows = table as KeyedRowTable
	await db.deleteFrom(rows).where('expires_at', '<=', now).execute()
	await db
		.insertInto(rows)
		.values({ ...row, id_hash: hash } as Insertable<Database[KeyedRowTable]>)
		.execute()
	return key
}
