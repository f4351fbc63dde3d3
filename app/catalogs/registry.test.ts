import fs from 'node:fs'
import path from 'node:path'
// The function Remix itself hands the option (its package's index would load Vite too).
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import { describe, expect, test } from 'vitest'
import config from '../../remix.config.js'
import * as FOLDER_ENTRIES from './folder-entries.js'
import * as FOLDER_PARTS from './folder-parts'
import * as FOLDER_TEXTS from './folder-texts'
import { catalogAt } from './routes/catalog-at'
import { CATALOGS, MENU_SECTIONS, type CatalogEntry } from './registry'

/** The catalogs' part of the route manifest, as Remix builds it from remix.config.js's `routes` option. */
async function generatedRoutes() {
	const manifest = await config.routes!(defineRoutes)
	return Object.values(manifest)
		.filter((route) => route.id !== 'routes/_app')
		.map((route) => `${route.parentId === 'routes/_app' ? '_app ' : 'root '}/${route.path}${route.index ? ' (index)' : ''} ${route.file}`)
		.sort()
}

describe('the routes generated from the catalog registry (decision 0070)', () => {
	test('are the URLs the route files answered, pages in the signed-in frame and downloads beside it', async () => {
		const builtIn = [
			['danhmuc/tram', true],
			['danhmuc/loaitram', false],
			['congcu/list', true],
			['congcu/nhom', false],
		] as const
		// A catalog added since (docs/development.md "Add a catalog") gets the same URLs under its own prefix.
		const added = Object.values(CATALOGS as Record<string, CatalogEntry>)
			.filter((entry) => !builtIn.some(([prefix]) => prefix === entry.prefix))
			.map((entry) => [entry.prefix, entry.kinds.includes('labels')] as const)
		const expected = [...builtIn, ...added].flatMap(([prefix, labels]) => [
			`_app /${prefix} (index) catalogs/routes/list.tsx`,
			`_app /${prefix}/:id catalogs/routes/record.tsx`,
			`_app /${prefix}/new catalogs/routes/new.tsx`,
			`_app /${prefix}/import catalogs/routes/import.tsx`,
			`_app /${prefix}/bulk-delete catalogs/routes/bulk-delete.tsx`,
			...(labels ? [`_app /${prefix}/labels catalogs/routes/labels.tsx`] : []),
			`root /${prefix}/export.csv catalogs/routes/export.csv.ts`,
			`root /${prefix}/export-selected.csv catalogs/routes/export-selected.csv.ts`,
			`root /${prefix}/import/template.csv catalogs/routes/import-template.csv.ts`,
		])
		expect(await generatedRoutes()).toEqual(expected.sort())
	})

	test('keep the ids the route files had, and the signed-in frame as its file defines it', async () => {
		const manifest = await config.routes!(defineRoutes)
		expect(manifest['routes/_app']).toEqual({ id: 'routes/_app', parentId: 'root', file: 'routes/_app.tsx' })
		expect(manifest['routes/_app.danhmuc.tram.$id']?.path).toBe('danhmuc/tram/:id')
		expect(manifest['routes/_app.congcu.nhom._index']?.index).toBe(true)
		expect(manifest['routes/congcu.list.import.template[.]csv']?.parentId).toBe('root')
	})

	test('each URL of a catalog finds its catalog, whose function is the one its grants are checked on', () => {
		expect(catalogAt('/danhmuc/tram').functionCode).toBe('DANHMUC_TRAM')
		expect(catalogAt('/danhmuc/tram/12').key).toBe('stations')
		expect(catalogAt('/danhmuc/loaitram/export.csv').functionCode).toBe('DANHMUC_LOAITRAM')
		expect(catalogAt('/congcu/list/import/template.csv').functionCode).toBe('CONGCU_LIST')
		expect(catalogAt('/congcu/nhom/new').functionCode).toBe('CONGCU_NHOM')
		expect(Object.values(CATALOGS).map((catalog) => catalogAt(`/${catalog.prefix}/1`).key)).toEqual(Object.keys(CATALOGS))
	})

	test('a path of no catalog is a defect, said loudly', () => {
		expect(() => catalogAt('/danhmuc/tramx')).toThrow('No catalog in the registry answers /danhmuc/tramx')
		expect(() => catalogAt('/danhmuc')).toThrow()
	})
})

describe('the catalog folders (decision 0081)', () => {
	const folders = fs.readdirSync('app/catalogs').filter((folder) => fs.existsSync(path.join('app/catalogs', folder, 'catalog.js')))
	const listed = (list: object) => Object.keys(list).sort()

	test('each folder with a catalog.js is a line of each list, named by its key: its entry, its parts and its texts', async () => {
		expect(folders.length).toBeGreaterThanOrEqual(4)
		const keys: string[] = []
		for (const folder of folders) {
			const file = (name: string) => path.resolve('app/catalogs', folder, name)
			const entry = ((await import(file('catalog.js'))) as { default: { key: string } }).default
			keys.push(entry.key)
			expect(FOLDER_ENTRIES[entry.key as keyof typeof FOLDER_ENTRIES], `folder-entries.js lists ${folder} as ${entry.key}`).toBe(entry)
			const parts = (await import(file('parts.ts'))) as object
			expect(FOLDER_PARTS[entry.key as keyof typeof FOLDER_PARTS], `folder-parts.ts lists ${folder} as ${entry.key}`).toBe(parts)
			const texts = ((await import(file('texts.json'))) as { default: object }).default
			expect(FOLDER_TEXTS[entry.key as keyof typeof FOLDER_TEXTS], `folder-texts.ts lists ${folder} as ${entry.key}`).toBe(texts)
		}
		expect([listed(FOLDER_ENTRIES), listed(FOLDER_PARTS), listed(FOLDER_TEXTS)]).toEqual([keys.sort(), keys.sort(), keys.sort()])
		expect(listed(CATALOGS)).toEqual(keys.sort())
	})

	test('give the registry its catalogs in the menu\u2019s order, with the labels page for a catalog whose records carry one', () => {
		const builtIn = ['stations', 'stationTypes', 'tools', 'toolCategories']
		expect(Object.keys(CATALOGS).filter((key) => builtIn.includes(key))).toEqual(builtIn)
		const places = Object.values(CATALOGS).map((entry) => [
			MENU_SECTIONS.findIndex((section) => section.code === entry.menu.parent),
			entry.menu.sortOrder,
		])
		expect(places.every(([section]) => section! >= 0)).toBe(true)
		expect(places).toEqual([...places].sort(([sectionA, orderA], [sectionB, orderB]) => sectionA! - sectionB! || orderA! - orderB!))
		expect(CATALOGS.stations.kinds).toContain('labels')
		expect(CATALOGS.stationTypes.kinds).not.toContain('labels')
		expect(CATALOGS.stationTypes.kinds).toHaveLength(8)
	})
})

describe('the development guide\u2019s "Add a catalog" (docs/development.md)', () => {
	const guide = fs.readFileSync(path.resolve('docs/development.md'), 'utf8')
	const block = /```text catalog-files\n([\s\S]*?)```/.exec(guide)?.[1] ?? ''
	const files = block
		.split('\n')
		.map((line) => line.split(/\s+/)[0] ?? '')
		.filter((file) => file.length > 0)

	test('lists the files of a catalog\u2019s folder', () => {
		expect(files.length).toBeGreaterThanOrEqual(7)
		expect(files.every((file) => file.startsWith('app/catalogs/<name>/'))).toBe(true)
	})

	test.each([
		['stations', 'station'],
		['tools', 'tool'],
	])('%s have every file it lists, and a registry entry', (name, one) => {
		const missing = files.map((file) => file.replaceAll('<name>', name).replaceAll('<one>', one)).filter((file) => !fs.existsSync(file))
		expect(missing).toEqual([])
		expect(Object.keys(CATALOGS)).toContain(name)
	})
})
