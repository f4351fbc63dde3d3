import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import remixConfig from '../../remix.config.js'

const root = path.resolve(import.meta.dirname, '../..')

test('the README stays a front page: at most 150 lines, the rest in docs/ (issue 37)', () => {
	const lines = fs.readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n')
	expect(lines.length).toBeLessThanOrEqual(150)
})

test('every Remix future flag the classic compiler takes is on; the one left needs Vite (decision 0061)', () => {
	const declared = fs.readFileSync(path.join(root, 'node_modules/@remix-run/dev/dist/config.d.ts'), 'utf8')
	const futureBlock = /interface FutureConfig \{([^}]*)\}/.exec(declared)?.[1] ?? ''
	const flags = [...futureBlock.matchAll(/^\s*(v3_\w+): boolean;/gm)].map((match) => match[1]!)
	expect(flags.length).toBeGreaterThan(4)
	const on = Object.entries(remixConfig.future ?? {})
		.filter(([, value]) => value === true)
		.map(([flag]) => flag)
	expect(flags.filter((flag) => !on.includes(flag))).toEqual(['v3_routeConfig'])
})

test('decision 0061’s migration path says what becomes of every file the install patches', async () => {
	const { DEPENDENCY_PATCHES } = await import('../../scripts/patch-dependencies.mjs')
	const decision = fs.readFileSync(path.join(root, 'docs/decisions/0061-remix-2-end-of-life.md'), 'utf8')
	const migrationPath = decision.slice(decision.indexOf('**The path.**'), decision.indexOf('**The trigger.**'))
	const files = DEPENDENCY_PATCHES.map((patch) => patch.file.replace(/^node_modules\//, ''))
	expect(files.length).toBeGreaterThan(5)
	expect(files.filter((file) => !migrationPath.includes(`\`${file}\``))).toEqual([])
})
