import { expect, test } from 'vitest'
import { migrations } from '~/db/migrations'
import { freshDatabase } from '../support/fresh-database'
import { dumpSchema, schemaChange, type Schema } from '../support/schema-dump'

/**
 * Landed migrations have run on deployed databases: what each does must not change, or a fresh database
 * would differ from an old one. The migrations share code (app/db/migrations/helpers.ts: `idColumn`,
 * `searchIndex`, the catalog table's columns), so a change to a helper would silently rewrite history;
 * this test catches it. It migrates a fresh database one migration at a time and compares what each one
 * added, changed and dropped, as the database reports it, with the committed record of that database.
 * A new migration adds its section: check the new text and run with `-u` to record it.
 */
test('each migration changes the schema exactly as recorded', { timeout: 120_000 }, async () => {
	const { handle, migrator, drop } = await freshDatabase()
	try {
		const sections: string[] = []
		let before: Schema = await dumpSchema(handle.db, handle.dialect)
		for (const name of Object.keys(migrations(handle.dialect))) {
			const { error } = await migrator.migrateTo(name)
			if (error) throw error
			const after = await dumpSchema(handle.db, handle.dialect)
			sections.push([`== ${name}`, ...schemaChange(before, after)].join('\n'))
			before = after
		}
		await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(`schema/${handle.dialect}.txt`)
	} finally {
		await drop()
	}
})
