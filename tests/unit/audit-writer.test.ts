import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const APP = path.resolve(import.meta.dirname, '..', '..', 'app')

function sources(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return sources(file)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
	})
}

test('only app/audit/audit.server.ts writes the audit log (one writer, one shape of entry)', () => {
	const writers = sources(APP)
		.filter((file) => /insertInto\(\s*['"]audit_log['"]\s*\)/.test(fs.readFileSync(file, 'utf8')))
		.map((file) => path.relative(APP, file))
	expect(writers).toEqual([path.join('audit', 'audit.server.ts')])
})
