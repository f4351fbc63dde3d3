import type SQLite from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

const MAX_STATEMENTS = 500

/**
 * Kysely prepares every query anew, and better-sqlite3 compiles the SQL each time. Here each distinct
 * SQL text is compiled once and kept (the 500 most recently used). A statement still being iterated
 * (a streamed query) is never handed out a second time: that call gets a fresh one.
 */
export function withStatementCache(client: SQLite.Database): SqliteDatabase {
	const statements = new Map<string, SQLite.Statement>()
	return {
		close: () => client.close(),
		prepare(sql: string) {
			const cached = statements.get(sql)
			if (cached && !cached.busy) {
				// Most recently used last: the first entry is the one to drop when full.
				statements.delete(sql)
				statements.set(sql, cached)
				return cached
			}
			const statement = client.prepare(sql)
			if (!cached) {
				if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string)
				statements.set(sql, statement)
			}
			return statement
		},
	}
}
