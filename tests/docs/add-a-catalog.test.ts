// docs/development.md "Add a catalog", followed as a newcomer follows it, in a copy of the checkout: the example
// catalog (tests/catalog-example: gauges) written where the guide's steps say, the guide's commands run, then
// the copy built and started, and every page, export and import of the new catalog used over HTTP by an
// administrator. Each numbered step of the guide is one edit below: a step this test does not know, or one it
// knows and the guide no longer has, fails the first test, so the guide and this test change together.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { copyCheckout, fencedBlocks } from '../support/checkout'
import { TestClient } from '../support/client'
import { parseHtml } from '../support/html'
import { startServerCommand, type RunningServer } from '../support/server'
import TEXTS from '../catalog-example/gauges/texts.json'
import { LANGUAGE_COOKIE } from '~/i18n/languages'

const GUIDE = fs.readFileSync('docs/development.md', 'utf8')
const SECTION = GUIDE.slice(GUIDE.indexOf('## Add a catalog'), GUIDE.indexOf('\n## ', GUIDE.indexOf('## Add a catalog') + 3))
const EXAMPLE = 'tests/catalog-example'
const [NAME, ONE] = ['gauges', 'gauge']
const PREFIX = 'danhmuc/dongho'
const FUNCTION = 'DANHMUC_DONGHO'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-add-a-catalog-'))
const inCopy = (file: string) => path.join(root, file)

/** This process's environment without its NODE_ENV (`test`): a build in it would be a development build. */
const execFileAsync = promisify(execFile)

const BUILD_ENV: Record<string, string | undefined> = { ...process.env, NODE_ENV: undefined, CI: 'true' }

/**
 * Runs a command in the copy; its output, or the test fails with it and the exit code. Not synchronously: a
 * type check or a build takes many seconds, and the worker must keep answering Vitest meanwhile.
 */
async function run(command: string, args: string[]): Promise<string> {
	try {
		const { stdout } = await execFileAsync(command, args, { cwd: root, env: BUILD_ENV as NodeJS.ProcessEnv, maxBuffer: 64 * 1024 * 1024 })
		return stdout
	} catch (error) {
		const failed = error as { code: number | null; stdout: string; stderr: string }
		throw new Error(
			`${command} ${args.join(' ')} exited with ${failed.code}:\n${failed.stdout.slice(-3000)}\n${failed.stderr.slice(-3000)}`,
		)
	}
}

/** The files of the copy the current step has changed or written. */
const touched = new Set<string>()

/** Inserts `text` into a file of the copy right after `anchor` (which must be there, once). */
function insertAfter(file: string, anchor: string, text: string) {
	touched.add(file)
	const source = fs.readFileSync(inCopy(file), 'utf8')
	expect(source.split(anchor).length - 1, `${file} has "${anchor}" once`).toBe(1)
	fs.writeFileSync(inCopy(file), source.replace(anchor, anchor + text))
}

/**
 * Adds a folder's line to one of the lists of app/catalogs, as the step writes it in backticks (with `<key>` and
 * `<name>` in it): the step must show the line, and the list must hold lines of that form already.
 */
function addListLine(file: string, step: string, form: RegExp) {
	touched.add(file)
	const line = [...step.matchAll(/`([^`]*)`/g)].map((quoted) => quoted[1]!).find((quoted) => form.test(quoted))
	expect(line, `the step shows the line of ${file}`).toBeDefined()
	const source = fs.readFileSync(inCopy(file), 'utf8')
	expect(source.split('\n').filter((one) => form.test(one)).length, `${file} has lines of that form`).toBeGreaterThan(0)
	fs.writeFileSync(inCopy(file), `${source}${line!.replaceAll('<key>', NAME)}\n`)
}

/** Prepends an import to a file of the copy. */
function addImport(file: string, line: string) {
	touched.add(file)
	fs.writeFileSync(inCopy(file), `${line}\n${fs.readFileSync(inCopy(file), 'utf8')}`)
}

/** The guide's numbered steps, each as this test carries it out. */
const STEPS: Record<string, (text: string) => Promise<void>> = {
	'Register it': async (text) => {
		expect(fs.existsSync(inCopy(`app/catalogs/${NAME}/catalog.js`)), 'the folder has its entry').toBe(true)
		addListLine('app/catalogs/folder-entries.js', text, /^export \{ default as \S+ \} from '\.\/\S+\/catalog\.js'$/)
		addListLine('app/catalogs/folder-parts.ts', text, /^export \* as \S+ from '\.\/\S+\/parts'$/)
		expect(SECTION).toContain('`npx remix routes` then lists')
		const listed = await run('npx', ['remix', 'routes'])
		for (const end of ['', '/:id', '/new', '/import', '/bulk-delete', '/export.csv', '/export-selected.csv', '/import/template.csv'])
			expect(listed, `npx remix routes lists ${PREFIX}${end}`).toContain(`path="${PREFIX}${end}"`)
	},
	'Its table': async () => {
		const folder = 'app/db/migrations'
		const numbers = fs.readdirSync(inCopy(folder)).flatMap((file) => /^(\d{4})_/.exec(file)?.[1] ?? [])
		const name = `${String(Math.max(...numbers.map(Number)) + 1).padStart(4, '0')}_${NAME}`
		fs.copyFileSync(path.join(EXAMPLE, 'migration.ts'), inCopy(`${folder}/${name}.ts`))
		touched.add(`${folder}/${name}.ts`)
		addImport(`${folder}/index.ts`, `import { ${NAME} } from './${name}'`)
		const index = fs.readFileSync(inCopy(`${folder}/index.ts`), 'utf8')
		const last = [...index.matchAll(/^\t\t'\d{4}_\w+': .*$/gm)].at(-1)!
		insertAfter(`${folder}/index.ts`, last[0], `\n\t\t'${name}': ${NAME}(dialect),`)
	},
	'Its texts': async (text) => {
		addListLine('app/catalogs/folder-texts.ts', text, /^export \{ default as \S+ \} from '\.\/\S+\/texts\.json'$/)
	},
	'Check it': async () => {
		const commands = fencedBlocks(SECTION)
			.filter((block) => block.info === 'sh')
			.flatMap((block) => block.text.trim().split('\n'))
		expect(commands).toEqual(['npx vitest run --project unit app/catalogs app/i18n', 'npx tsc --noEmit'])
		for (const command of commands) {
			const [program, ...args] = command.split(' ')
			await run(program!, args)
		}
	},
}

let server: RunningServer | null = null
const admin = { email: 'catalog-admin@example.com', password: 'Add a catalog 2026 correct horse' }

beforeAll(() => {
	copyCheckout(root)
	fs.symlinkSync(path.resolve('node_modules'), inCopy('node_modules'))
})

afterAll(async () => {
	if (server && server.process.exitCode === null) expect(await server.stop()).toBe(0)
	await fs.promises.rm(root, { recursive: true, force: true })
})

describe('docs/development.md "Add a catalog", followed with the example catalog in a copy of the checkout', () => {
	test('the catalog\u2019s folder: the files the guide lists, written from the example', () => {
		const listed = fencedBlocks(SECTION)
			.filter((block) => block.info === 'text catalog-files')
			.flatMap((block) => block.text.trim().split('\n'))
			.map((line) => line.split(/\s+/)[0]!.replaceAll('<name>', NAME).replaceAll('<one>', ONE))
		const example = fs.readdirSync(path.join(EXAMPLE, NAME)).sort()
		expect(listed.map((file) => path.basename(file)).sort(), 'the example has exactly the files the guide lists').toEqual(example)
		for (const file of listed) {
			expect(path.dirname(file)).toBe(`app/catalogs/${NAME}`)
			fs.mkdirSync(path.dirname(inCopy(file)), { recursive: true })
			fs.copyFileSync(path.join(EXAMPLE, NAME, path.basename(file)), inCopy(file))
		}
	})

	test('each numbered step, in order, naming every file it has the newcomer change', async () => {
		const steps = [...SECTION.matchAll(/^\d+\. \*\*([^*]+)\*\*([\s\S]*?)(?=^\d+\. \*\*|^\S)/gm)].map((match) => ({
			title: match[1]!,
			text: match[2]!.replaceAll('<name>', NAME).replaceAll('<one>', ONE),
		}))
		expect(
			steps.map((step) => step.title),
			'the guide\u2019s steps are those this test follows',
		).toEqual(Object.keys(STEPS))
		const outside = new Set<string>()
		for (const step of steps) {
			touched.clear()
			await STEPS[step.title]!(step.text)
			for (const file of touched) if (!file.startsWith('app/db/migrations/')) outside.add(file)
			const named = (file: string) =>
				step.text.includes(`\`${file}\``) ||
				step.text.includes(`\`${file.replace(/\/\d{4}_/, '/<next free number>_')}\``) ||
				(/^app\/locales\/\w+\.json$/.test(file) && step.text.includes('six locale files'))
			expect(
				[...touched].filter((file) => !named(file)),
				`step "${step.title}" names every file it changes`,
			).toEqual([])
		}
		// Decision 0081: besides its folder and its migration, a catalog is one line in each of three lists.
		expect([...outside].sort()).toEqual(['app/catalogs/folder-entries.js', 'app/catalogs/folder-parts.ts', 'app/catalogs/folder-texts.ts'])
	})

	test('the copy builds and starts, its menu leads to the catalog, and every page, export and import works', async () => {
		await run('npm', ['run', '-s', 'build'])
		const dataDir = inCopy('data')
		server = await startServerCommand([process.execPath, inCopy('build/index.js')], {
			cwd: root,
			env: {
				PATH: process.env.PATH,
				HOME: process.env.HOME,
				NODE_ENV: 'production',
				HOST: '127.0.0.1',
				PORT: '0',
				LOG_LEVEL: 'info',
				WEB_CONCURRENCY: '1',
				SHUTDOWN_DRAIN_SECONDS: '0',
				MAX_EVENT_LOOP_DELAY_MS: '0',
				DATA_DIR: dataDir,
				SESSION_SECRET: 'add-a-catalog-0123456789abcdef0123456789',
				ADMIN_EMAIL: admin.email,
				ADMIN_PASSWORD: admin.password,
			},
		})
		const client = new TestClient(server.url)
		client.cookies.set(LANGUAGE_COOKIE, 'en')
		expect((await client.signIn(admin.email, admin.password)).status).toBe(302)
		const en = TEXTS.en

		const page = async (address: string) => {
			const response = await client.get(address)
			const html = await response.text()
			expect(response.status, `GET ${address}: ${html.slice(0, 300)}`).toBe(200)
			return parseHtml(html)
		}
		const dashboard = await page('/dashboard')
		const menuLink = dashboard.querySelectorAll('nav a').find((link) => link.getAttribute('href') === `/${PREFIX}`)
		expect(menuLink?.text.trim(), 'the menu has the catalog under its function\u2019s label').toBe(en.functions[FUNCTION])

		const empty = await page(`/${PREFIX}`)
		expect(empty.querySelector('h1')?.text.trim()).toBe(en.gauges.title)
		const form = await page(`/${PREFIX}/new`)
		expect(form.querySelectorAll('select[name="kind"] option').map((option) => option.text.trim())).toEqual(
			expect.arrayContaining(Object.values(en.gauges.kinds)),
		)

		const created = await client.post(`/${PREFIX}/new`, { code: 'G-01', name: 'Inlet pressure', kind: 'pressure', capacity: '16' })
		expect(created.status, await created.text()).toBe(302)
		const recordPath = created.headers.get('Location')!
		expect(recordPath).toMatch(new RegExp(`^/${PREFIX}/\\d+$`))
		expect((await page(recordPath)).querySelector('h1')?.text).toContain('Inlet pressure')

		const template = await client.get(`/${PREFIX}/import/template.csv`)
		expect([template.status, (await template.text()).split(/\r?\n/)[0]]).toEqual([200, 'code,name,kind,capacity,version'])
		const upload = new FormData()
		upload.set('csrf', await client.csrfToken())
		upload.set(
			'file',
			new Blob(['code,name,kind,capacity\nG-02,Outlet flow,flow,250\nG-03,Tank level,level,8\n'], { type: 'text/csv' }),
			'g.csv',
		)
		const imported = await client.request(`/${PREFIX}/import`, { method: 'POST', body: upload })
		expect(imported.status, await imported.text()).toBe(302)

		const list = await page(`/${PREFIX}`)
		expect(list.querySelectorAll('tbody th a').map((link) => link.text.trim())).toEqual(['G-01', 'G-02', 'G-03'])
		const exported = await client.get(`/${PREFIX}/export.csv?kind=flow`)
		expect([exported.status, (await exported.text()).trim().split(/\r?\n/)]).toEqual([
			200,
			['code,name,kind,capacity,version', 'G-02,Outlet flow,flow,250,1'],
		])

		const id = recordPath.split('/').at(-1)!
		const selected = await client.get(`/${PREFIX}/export-selected.csv?id=${id}`)
		expect([selected.status, (await selected.text()).trim().split(/\r?\n/).length]).toEqual([200, 2])
		const confirmation = await page(`/${PREFIX}/bulk-delete?id=${id}`)
		const confirm = Object.fromEntries(
			confirmation
				.querySelectorAll('main form[method="post"] input[type="hidden"]')
				.map((input) => [input.getAttribute('name')!, input.getAttribute('value') ?? '']),
		)
		const deleted = await client.post(`/${PREFIX}/bulk-delete`, confirm)
		expect(deleted.status, await deleted.text()).toBe(302)
		expect((await client.get(recordPath)).status).toBe(404)
		expect((await client.get(`/${PREFIX}/labels`)).status, 'no labels: the example registers no `labels` kind').toBe(404)
	})
})
