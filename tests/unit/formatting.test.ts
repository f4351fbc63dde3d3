import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'

const projectRoot = path.resolve(import.meta.dirname, '..', '..')
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-format-'))

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }))

// `npm run format`, as docs/development.md gives it, in a copy of the project's settings (decision 0068).
test('npm run format writes the project style into source files and leaves the build alone', () => {
	for (const file of ['package.json', '.prettierrc.json', '.prettierignore'])
		fs.copyFileSync(path.join(projectRoot, file), path.join(folder, file))
	fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(folder, 'node_modules'), 'dir')
	const unformatted = 'export const greeting = (name: string) => { return "Xin chào, " + name; };\n'
	fs.mkdirSync(path.join(folder, 'app'))
	fs.writeFileSync(path.join(folder, 'app', 'greeting.ts'), unformatted)
	fs.mkdirSync(path.join(folder, 'build'))
	fs.writeFileSync(path.join(folder, 'build', 'index.js'), unformatted)

	const run = spawnSync('npm', ['run', 'format'], { cwd: folder, encoding: 'utf8' })
	expect(run.status, run.stderr).toBe(0)
	expect(fs.readFileSync(path.join(folder, 'app', 'greeting.ts'), 'utf8')).toBe(
		"export const greeting = (name: string) => {\n\treturn 'Xin chào, ' + name\n}\n",
	)
	expect(fs.readFileSync(path.join(folder, 'build', 'index.js'), 'utf8'), 'the build is not the source').toBe(unformatted)
})
