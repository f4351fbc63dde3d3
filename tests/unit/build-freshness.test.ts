import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { buildIsCurrent, recordPackages, SOURCES } from '../../scripts/build-freshness.mjs'

// What `npm start` (build first) and `npm run cli` (the built CLI, else the sources) decide on.
describe('whether the build is current', () => {
	let root: string
	/** Writes `file` modified at `at` (seconds); the folders it created or changed keep an old time. */
	const write = (file: string, at: number, text = file) => {
		const full = path.join(root, file)
		fs.mkdirSync(path.dirname(full), { recursive: true })
		fs.writeFileSync(full, text)
		fs.utimesSync(full, at, at)
		for (let folder = path.dirname(full); folder.startsWith(root); folder = path.dirname(folder)) fs.utimesSync(folder, 1_000, 1_000)
	}

	beforeEach(() => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-freshness-'))
	})
	afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

	test('never built: not current', () => {
		write('app/cli/main.ts', 1_000)
		expect(buildIsCurrent('build/cli.js', root, ['app'])).toBe(false)
	})

	test('built after every source: current', () => {
		write('app/cli/main.ts', 1_000)
		write('app/routes/a.tsx', 1_500)
		write('build/cli.js', 2_000)
		expect(buildIsCurrent('build/cli.js', root, ['app', 'package.json'])).toBe(true)
	})

	test('a source changed after the build, however deep: not current', () => {
		write('build/cli.js', 2_000)
		write('app/routes/deep/er/a.tsx', 1_000)
		expect(buildIsCurrent('build/cli.js', root, ['app'])).toBe(true)
		const file = path.join(root, 'app/routes/deep/er/a.tsx')
		fs.utimesSync(file, 3_000, 3_000)
		expect(buildIsCurrent('build/cli.js', root, ['app'])).toBe(false)
	})

	test('packages installed after the build (the server bundles them): not current', () => {
		const lockfile = (packages: Record<string, object>) => JSON.stringify({ lockfileVersion: 3, packages })
		write('app/root.tsx', 1_000)
		write('package-lock.json', 1_000, lockfile({ '': { name: 'portal' }, 'node_modules/pg': { version: '8.1.0' } }))
		write('node_modules/.package-lock.json', 1_000, lockfile({ 'node_modules/pg': { version: '8.1.0' } }))
		write('build/index.js', 2_000)
		recordPackages(root)
		expect(buildIsCurrent('build/index.js', root, SOURCES)).toBe(true)
		write('node_modules/.package-lock.json', 3_000, lockfile({ 'node_modules/pg': { version: '8.2.0' } }))
		expect(buildIsCurrent('build/index.js', root, SOURCES)).toBe(false)
		write('build/index.js', 4_000)
		recordPackages(root)
		expect(buildIsCurrent('build/index.js', root, SOURCES)).toBe(true)
		write('package-lock.json', 5_000, lockfile({ '': { name: 'portal' }, 'node_modules/pg': { version: '8.3.0' } }))
		expect(buildIsCurrent('build/index.js', root, SOURCES)).toBe(false)
	})

	test('a build without its record of packages (made before it was kept): not current', () => {
		write('package-lock.json', 1_000, JSON.stringify({ packages: {} }))
		write('build/index.js', 2_000)
		expect(buildIsCurrent('build/index.js', root, ['package-lock.json'])).toBe(false)
	})

	// docs/deploy.md builds, then removes what only the build and the tests need: the build stays current, so
	// that `npm start` does not try to build again without the build's tools.
	test('development packages removed after the build (npm prune --omit=dev): still current', () => {
		const full = {
			'': { name: 'portal', devDependencies: { esbuild: '0.17.6' } },
			'node_modules/pg': { version: '8.1.0' },
			'node_modules/esbuild': { version: '0.17.6', dev: true },
		}
		const pruned = { '': full[''], 'node_modules/pg': full['node_modules/pg'] }
		write('package-lock.json', 1_000, JSON.stringify({ packages: full }))
		write('node_modules/.package-lock.json', 1_000, JSON.stringify({ packages: full }))
		write('build/index.js', 2_000)
		recordPackages(root)
		write('package-lock.json', 3_000, JSON.stringify({ packages: full }, null, 2))
		write('node_modules/.package-lock.json', 3_000, JSON.stringify({ packages: pruned }))
		expect(buildIsCurrent('build/index.js', root, SOURCES)).toBe(true)
	})

	test('the browser assets the build writes into public/ do not make it stale', () => {
		write('public/favicon.svg', 1_000)
		write('build/cli.js', 2_000)
		write('public/build/entry.client.js', 3_000)
		expect(buildIsCurrent('build/cli.js', root, ['public'])).toBe(true)
		write('public/favicon.svg', 3_000)
		expect(buildIsCurrent('build/cli.js', root, ['public'])).toBe(false)
	})
})
