import { Migrator, type MigrationProvider } from 'kysely'
import { openDatabase } from '~/db/db.server'
import { migrations } from '~/db/migrations'
import { createTestDatabase } from './database'

/** A database of its own (of the kind the suite runs on), not migrated yet, with its migrator. */
export async function freshDatabase() {
	const database = await createTestDatabase()
	const handle = openDatabase(
		database.kind === 'sqlite'
			? { dialect: 'sqlite', file: database.url.slice('file:'.length) }
			: { dialect: 'postgres', url: database.url, timeouts: { connectMs: 5000, statementMs: 30_000, idleInTransactionMs: 30_000 } },
	)
	const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) }
	const drop = async () => {
		await handle.close()
		await database.drop()
	}
	return { handle, migrator: new Migrator({ db: handle.db, provider }), drop }
}
