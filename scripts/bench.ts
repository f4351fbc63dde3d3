/**
 * `npm run bench`: the brief's performance budgets, measured on data of the brief's size, over HTTP as a
 * browser asks (keep-alive, `Accept-Encoding: gzip, br`), with the load generator and the health probe
 * in their own processes (scripts/bench-load.ts). Loopback only; every phase is bounded in requests and
 * time. See docs/performance.md.
 *
 *   npm run bench                          # SQLite, 100,000 stations and 1,000,000 tools
 *   npm run bench -- --db postgres         # the same on a throwaway PostgreSQL (or TEST_POSTGRES_URL's)
 *   npm run bench -- --rows 20000          # 20,000 stations and 200,000 tools
 *   npm run bench -- --users 10000         # 10,000 demo staff (default 50,000)
 *   npm run bench -- --audit 1000000       # 1,000,000 audit entries (default 10,000,000)
 *   npm run bench -- --quick               # a small smoke run: every phase answers, no budgets, no file
 *
 * Writes bench/results/<date>-<db>.json and .md (not with --quick); exits 1 when a budget is missed or a
 * request fails.
 */
import { execFileSync, fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { parseArgs } from 'node:util'
import { csvLine } from '~/catalogs/csv'
import { minorToDecimalString } from '~/catalogs/decimal'
import { demoStations } from '~/catalogs/demo-data'
import { COORDINATE_SCALE, STATION_FIELDS } from '~/catalogs/stations/stations'
import { DEFAULT_PAGE_SIZE } from '~/lists/list-query'
import { parseHtml } from '../tests/support/html'
import { createTestDatabase, type TestDatabase } from '../tests/support/database'
import { BENCH_FACTS, type BenchFacts } from './bench-facts'
import { auditPhases } from './bench-audit'
import { measureRender } from './bench-render'
import { measureStaff } from './bench-staff'
import { measureWorkers } from './bench-workers'
import { measurePurge, type PurgeMeasured } from './bench-purge'
import { loadPhase, percentile, singlePhase, type Phase } from './bench-phase'
import type { BenchRequest, LoadJob, LoadResult } from './bench-load'
import { SERVER_ENTRY, serverNodeFlags, serverProcessEnv } from './server-command.mjs'

const { values: args } = parseArgs({
	options: {
		db: { type: 'string', default: 'sqlite' },
		rows: { type: 'string' },
		users: { type: 'string' },
		audit: { type: 'string' },
		quick: { type: 'boolean', default: false },
		out: { type: 'string', default: 'bench/results' },
	},
})
if (args.db !== 'sqlite' && args.db !== 'postgres') throw new Error('--db is sqlite or postgres')
const database = args.db
const quick = args.quick
const stations = Number(args.rows ?? (quick ? 1_000 : 100_000))
const tools = stations * 10
const staff = Number(args.users ?? (quick ? 500 : 50_000))
const auditEntries = Number(args.audit ?? (quick ? 20_000 : 10_000_000))
const importRows = quick ? 1_000 : 100_000
/** Requests behind each percentile, and the longest a phase may take. */
const REQUESTS = quick ? 40 : 2_000
const PHASE_SECONDS = quick ? 20 : 90
const CONCURRENCY = 8

const PASSWORD = 'Bench password 2026 correct horse'
const USERS = {
	admin: 'bench-admin@example.com',
	operator: 'bench-operator@example.com',
	scoped: 'bench-scoped@example.com',
	wide: 'bench-wide@example.com',
} as const

// PostgreSQL: without TEST_POSTGRES_URL, run again inside a throwaway cluster (scripts/lib/postgres.sh).
if (database === 'postgres' && !process.env.TEST_POSTGRES_URL) {
	const script = 'source scripts/lib/postgres.sh && trap stop_test_postgres EXIT && start_test_postgres >&2 && "$@"'
	const child = spawn('bash', ['-c', script, 'bash', process.execPath, '--import', 'tsx', 'scripts/bench.ts', ...process.argv.slice(2)], {
		stdio: 'inherit',
	})
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
	process.exit(code ?? 1)
}

interface Budget {
	name: string
	value: string
	budget: string
	ok: boolean
}

const phases: Phase[] = []
const budgets: Budget[] = []
const failures: string[] = []

function rssMb(pid: number) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** One worker process; `run` sends a job and waits for its answer. */
function startWorker() {
	const child = fork('scripts/bench-load.ts', [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' })
	const waiting: Array<(message: { ok: boolean; result?: LoadResult; error?: string }) => void> = []
	child.on('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => waiting.shift()?.(message))
	return {
		child,
		run(job: LoadJob): Promise<LoadResult> {
			return new Promise((resolve, reject) => {
				waiting.push((message) => (message.ok ? resolve(message.result!) : reject(new Error(message.error))))
				child.send(job)
			})
		},
	}
}

async function main() {
	if (!fs.existsSync(SERVER_ENTRY)) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
	const testDatabase: TestDatabase = await createTestDatabase(database)
	const env = {
		...process.env,
		NODE_ENV: 'production' as const,
		DATA_DIR: testDatabase.dataDir,
		DATABASE_URL: testDatabase.url,
		SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789',
		ADMIN_EMAIL: USERS.admin,
		ADMIN_PASSWORD: PASSWORD,
		// As in production: one log line per request (read and dropped here).
		LOG_LEVEL: 'info',
		HOST: '127.0.0.1',
		PORT: '0',
		BENCH_STATIONS: String(stations),
		BENCH_TOOLS: String(tools),
		BENCH_USERS: String(staff),
		BENCH_AUDIT: String(auditEntries),
		BENCH_PASSWORD: PASSWORD,
		// Kept whole while the phases read it: the default retention (365 days) would purge half of the two
		// years' log a minute after start-up. The purge has a phase of its own, last (scripts/bench-purge.ts).
		AUDIT_RETENTION_DAYS: '0',
		// The quick run checks that every phase answers, beside other suites on the same cores (npm test): a
		// late event loop there is theirs, and shedding load would turn answers into 503s. The full run keeps
		// the production setting; tests/integration/overload-shutdown.test.ts tests the shedding itself.
		...(quick ? { MAX_EVENT_LOOP_DELAY_MS: '0' } : {}),
	}
	console.log(
		`Bench on ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${stations.toLocaleString('en')} stations, ${tools.toLocaleString('en')} tools, ${staff.toLocaleString('en')} staff, ${auditEntries.toLocaleString('en')} audit entries${quick ? ' (quick: no budgets)' : ''}.`,
	)
	const setupStarted = Date.now()
	execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-setup.ts'], { env, stdio: 'inherit' })
	console.log(`Data written in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s.`)
	const facts = JSON.parse(fs.readFileSync(path.join(testDatabase.dataDir, BENCH_FACTS), 'utf8')) as BenchFacts

	const load = startWorker()
	const probe = startWorker()
	try {
		// Every phase against one process, so that its RSS is the server's; then workers against one.
		const single = await startServer({ ...env, WEB_CONCURRENCY: '1' })
		try {
			await measureEverything(single.base, single.pid, load.run, probe.run, facts)
		} finally {
			await single.stop()
		}
		await measureWorkers({
			start: (workers) => startServer({ ...env, WEB_CONCURRENCY: String(workers) }),
			run: load.run,
			signIn: (base) => signIn(base, USERS.operator),
			requests: REQUESTS,
			maxSeconds: PHASE_SECONDS,
			concurrency: CONCURRENCY,
			record: (entry) => phases.push(entry),
			check,
			quick,
			failures,
		})
		const purge = await measurePurge({
			start: (extra, onLine) => startServer({ ...env, WEB_CONCURRENCY: '1', ...extra }, onLine),
			probe: probe.run,
			rssMb,
			entries: auditEntries,
		})
		phases.push(purge.entry)
		if ('failed' in purge.entry.statuses) failures.push(`${purge.entry.name}: the purge did not finish`)
		else if (!quick) checkPurge(purge)
	} finally {
		load.child.disconnect()
		probe.child.disconnect()
		await testDatabase.drop()
	}
	report()
}

/** Starts the built server as `npm start` does and waits until it listens; `stop` ends it with SIGTERM. */
async function startServer(env: NodeJS.ProcessEnv, onLine: (line: string) => void = () => {}) {
	const server = spawn(process.execPath, [...serverNodeFlags(), SERVER_ENTRY], {
		env: serverProcessEnv(env),
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	const exited = new Promise<number | null>((resolve) => server.on('exit', resolve))
	const stop = async () => {
		server.kill('SIGTERM')
		const code = await exited
		if (code !== 0) failures.push(`the server (WEB_CONCURRENCY=${env.WEB_CONCURRENCY}) exited with ${code} on SIGTERM`)
	}
	try {
		const base = await new Promise<string>((resolve, reject) => {
			readline.createInterface({ input: server.stdout! }).on('line', (line) => {
				onLine(line)
				if (line.includes('"server.listening"')) resolve((JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1'))
			})
			void exited.then((code) => reject(new Error(`server exited with ${code}`)))
		})
		return { base, pid: server.pid!, stop }
	} catch (error) {
		await stop()
		throw error
	}
}

type Run = (job: LoadJob) => Promise<LoadResult>

async function measureEverything(base: string, pid: number, run: Run, probe: Run, facts: BenchFacts) {
	const sessions = {
		admin: await signIn(base, USERS.admin),
		operator: await signIn(base, USERS.operator),
		scoped: await signIn(base, USERS.scoped),
		wide: await signIn(base, USERS.wide),
	}
	const tokens = { operator: await apiToken(base, USERS.operator), wide: await apiToken(base, USERS.wide) }
	const asset = await staticAsset(base)
	const page = (path: string, session: { cookie: string }): BenchRequest => ({ path, headers: { Cookie: session.cookie } })

	async function phase(name: string, requests: BenchRequest[], { concurrency = 1, count = REQUESTS } = {}) {
		let peak = rssMb(pid)
		const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100)
		const result = await run({ kind: 'load', base, requests, count, concurrency, maxSeconds: PHASE_SECONDS })
		clearInterval(sampler)
		const entry = loadPhase(name, result, { peakRssMb: Math.max(peak, rssMb(pid)), rssAfterMb: rssMb(pid) })
		phases.push(entry)
		const bad = Object.entries(result.statuses).filter(([status]) => status !== '200')
		if (bad.length > 0)
			failures.push(`${name}: answers ${JSON.stringify(result.statuses)}${result.failure ? `, e.g. ${result.failure.slice(0, 300)}` : ''}`)
		console.log(
			`${name.padEnd(34)} ${entry.requests.toString().padStart(5)} req ${entry.rps.toFixed(0).padStart(6)} req/s  p50 ${entry.p50.toFixed(1).padStart(6)}  p95 ${entry.p95.toFixed(1).padStart(6)}  p99 ${entry.p99.toFixed(1).padStart(6)} ms  ${entry.kbPerAnswer.toFixed(1).padStart(6)} KB  RSS ${entry.peakRssMb.toFixed(0)} MB`,
		)
		return entry
	}

	/** A long request (export, import) with the health probe running beside it. */
	async function withProbe(name: string, request: BenchRequest, untilDone?: (result: LoadResult) => Promise<void>) {
		let peak = rssMb(pid)
		const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100)
		await probe({ kind: 'probe', base, path: '/healthz', intervalMs: 20 })
		const started = performance.now()
		const result = await run({ kind: 'download', base, request })
		await untilDone?.(result)
		result.elapsedMs = performance.now() - started
		const health = await probe({ kind: 'stop-probe' })
		clearInterval(sampler)
		const sorted = [...health.latencies].sort((a, b) => a - b)
		const entry = singlePhase(name, result.elapsedMs, {
			kbPerAnswer: result.bytes / 1024,
			peakRssMb: Math.max(peak, rssMb(pid)),
			rssAfterMb: rssMb(pid),
			statuses: result.statuses,
			firstByteMs: result.firstByteMs,
			healthzP99: percentile(sorted, 0.99),
			healthzMax: sorted.at(-1),
			healthzRequests: sorted.length,
		})
		phases.push(entry)
		const status = Object.keys(result.statuses)[0]
		if (status !== '200' && status !== '303' && status !== '302')
			failures.push(`${name}: answered ${status}${result.failure ? `: ${result.failure.slice(0, 300)}` : ''}`)
		console.log(
			`${name.padEnd(34)} ${status} in ${(result.elapsedMs / 1000).toFixed(1)} s, first byte ${result.firstByteMs?.toFixed(0)} ms, ${(result.bytes / 1024 / 1024).toFixed(1)} MB; /healthz p99 ${entry.healthzP99?.toFixed(1)} ms (max ${entry.healthzMax?.toFixed(0)}, ${sorted.length} probes); RSS ${entry.peakRssMb.toFixed(0)} MB`,
		)
		return { entry, result }
	}

	// Warm-up: the first answers compile templates and fill caches; they are not what users wait for.
	for (const session of Object.values(sessions))
		await run({ kind: 'load', base, requests: [page('/dashboard', session)], count: 5, concurrency: 1, maxSeconds: 30 })

	const signInPage = await phase('sign-in page (reference)', [{ path: '/account/login' }], { concurrency: CONCURRENCY })
	const dashboards = {
		admin: await phase('dashboard, administrator', [page('/dashboard', sessions.admin)], { concurrency: CONCURRENCY }),
		operator: await phase('dashboard, operator', [page('/dashboard', sessions.operator)], { concurrency: CONCURRENCY }),
		scoped: await phase('dashboard, operator in two provinces', [page('/dashboard', sessions.scoped)], { concurrency: CONCURRENCY }),
		wide: await phase('dashboard, 2,000 functions', [page('/dashboard', sessions.wide)], { concurrency: CONCURRENCY }),
	}
	const staticFile = await phase(`static asset (${asset})`, [{ path: asset }], { concurrency: CONCURRENCY, count: REQUESTS * 5 })
	const menu = {
		few: await phase('menu API, operator', [
			{ path: '/api/QuanTri/FunctionGetByUser', headers: { Authorization: `Bearer ${tokens.operator}` } },
		]),
		wide: await phase('menu API, 2,000 functions', [
			{ path: '/api/QuanTri/FunctionGetByUser', headers: { Authorization: `Bearer ${tokens.wide}` } },
		]),
	}
	const deepPage = Math.max(1, Math.floor(stations / DEFAULT_PAGE_SIZE))
	const scopedDeepPage = Math.max(1, Math.floor(facts.scopedStations / DEFAULT_PAGE_SIZE))
	const lists = {
		first: await phase('stations, first page', [page('/danhmuc/tram', sessions.operator)]),
		deep: await phase(`stations, page ${deepPage}`, [page(`/danhmuc/tram?page=${deepPage}`, sessions.operator)]),
		search: await phase('stations, search + filter + sort', [
			page('/danhmuc/tram?q=tram+ha&status=active&sort=name', sessions.operator),
			page('/danhmuc/tram?q=bien+ap&type=substation&sort=commissionedAt&dir=desc', sessions.operator),
			page('/danhmuc/tram?q=hn-0001&sort=province', sessions.operator),
			page('/danhmuc/tram?status=maintenance&province=da-nang&sort=name&dir=desc', sessions.operator),
		]),
		toolsFirst: await phase('tools, first page', [page('/congcu/list', sessions.operator)]),
		toolsDeep: await phase(`tools, page ${deepPage}`, [page(`/congcu/list?page=${deepPage}`, sessions.operator)]),
		toolsSearch: await phase('tools, search + filter + sort', [
			page('/congcu/list?q=fluke&sort=value&dir=desc', sessions.operator),
			page('/congcu/list?status=repair&province=hue&sort=name', sessions.operator),
			page('/congcu/list?category=vehicle&sort=purchaseDate&dir=desc', sessions.operator),
			page('/congcu/list?q=may+do&status=in_use', sessions.operator),
		]),
		// The same lists for an operator in two provinces (of 34): the pages of their scope.
		scopedFirst: await phase('stations, first page, two provinces', [page('/danhmuc/tram', sessions.scoped)]),
		scopedDeep: await phase(`stations, page ${scopedDeepPage}, two provinces`, [
			page(`/danhmuc/tram?page=${scopedDeepPage}`, sessions.scoped),
		]),
		scopedSearch: await phase('stations, search + filter + sort, two provinces', [
			page('/danhmuc/tram?q=tram&status=active&sort=name', sessions.scoped),
			page('/danhmuc/tram?q=bien+ap&type=substation&sort=commissionedAt&dir=desc', sessions.scoped),
			page('/danhmuc/tram?status=maintenance&province=an-giang&sort=name&dir=desc', sessions.scoped),
		]),
		scopedTools: await phase('tools, first page, two provinces', [page('/congcu/list', sessions.scoped)]),
	}
	// Issue 36 point 6: each page's HTML against its data, and the station list's bytes (their budgets are checked there).
	await measureRender({
		base,
		cookie: sessions.operator.cookie,
		// The quick run only checks that each page answers: ten requests each keep it short.
		phase: (name, requests) => phase(name, requests, { count: quick ? 10 : REQUESTS }),
		check,
		quick,
	})
	const exported = await withProbe(`export, ${tools.toLocaleString('en')} tools`, page('/congcu/list/export.csv', sessions.admin))
	const upload = await importRequest(base, sessions.admin)
	// A large file is imported in the background: its progress page is followed until it leads to the list.
	const imported = await withProbe(`import, ${importRows.toLocaleString('en')} stations`, upload, async (result) => {
		if (result.statuses['303'] !== 1) return
		const progress = new URL(String(result.headers?.location), base)
		for (;;) {
			const answer = await fetch(progress, { redirect: 'manual', headers: { Cookie: sessions.admin.cookie } })
			await answer.arrayBuffer()
			if (answer.status !== 200) {
				if (answer.status !== 302) failures.push(`import progress page answered ${answer.status}`)
				return
			}
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
	})

	const staffMeasured = await measureStaff({
		base,
		admin: sessions.admin,
		facts: facts.staff,
		phase: (name, requests) => phase(name, requests),
		withProbe: (name, request) => withProbe(name, request),
		signIn: (email) => signIn(base, email),
		single: (name, elapsedMs, status) =>
			phases.push(singlePhase(name, elapsedMs, { peakRssMb: rssMb(pid), rssAfterMb: rssMb(pid), statuses: { [status]: 1 } })),
		failures,
	})
	const auditRequests = auditPhases({ cookie: sessions.admin.cookie, now: facts.audit.now, staff, stationId: facts.audit.stationId })
	const entries = auditEntries.toLocaleString('en')
	const audit = [
		await phase(`audit log, first page (${entries})`, auditRequests.first),
		await phase('audit log, by actor', auditRequests.actor),
		await phase('audit log, by event', auditRequests.event),
		await phase('audit log, by record', auditRequests.record),
		await phase('audit log, a date range', auditRequests.range),
		await phase('a station with its history', auditRequests.history),
	]
	const { entry: monthExport } = await withProbe('audit export, one month', auditRequests.monthExport)

	if (quick) return
	for (const entry of audit) check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, '≤ 60 ms', entry.p95 <= 60)
	check(
		`${monthExport.name}: first byte`,
		`${monthExport.firstByteMs?.toFixed(0)} ms`,
		'≤ 250 ms',
		(monthExport.firstByteMs ?? Infinity) <= 250,
	)
	check(
		`${monthExport.name}: /healthz p99`,
		`${monthExport.healthzP99?.toFixed(1)} ms`,
		'≤ 100 ms',
		(monthExport.healthzP99 ?? Infinity) <= 100,
	)
	for (const entry of staffMeasured.lists) check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, '≤ 40 ms', entry.p95 <= 40)
	const grantsExport = staffMeasured.grantsExport
	check(
		`${grantsExport.name}: first byte`,
		`${grantsExport.firstByteMs?.toFixed(0)} ms`,
		'≤ 250 ms',
		(grantsExport.firstByteMs ?? Infinity) <= 250,
	)
	check(
		`${grantsExport.name}: /healthz p99`,
		`${grantsExport.healthzP99?.toFixed(1)} ms`,
		'≤ 100 ms',
		(grantsExport.healthzP99 ?? Infinity) <= 100,
	)
	check(`${grantsExport.name}: RSS`, `${grantsExport.peakRssMb.toFixed(0)} MB`, '≤ 250 MB', grantsExport.peakRssMb <= 250)
	const { save } = staffMeasured
	check(
		`role matrix save, ${facts.staff.bigRole.members.toLocaleString('en')} holders`,
		`${save.elapsedMs.toFixed(0)} ms`,
		'≤ 1,000 ms',
		save.elapsedMs <= 1000,
	)
	check('a holder’s next request after the save', save.seen ? 'sees the new grant' : 'does not see it', 'sees it', save.seen)
	const ratio = (a: Phase, b: Phase) => a.rps / b.rps
	for (const [who, entry] of Object.entries(dashboards)) {
		const share = ratio(entry, signInPage)
		check(
			`dashboard (${who}) vs sign-in page`,
			`${(share * 100).toFixed(0)} % (${entry.rps.toFixed(0)} / ${signInPage.rps.toFixed(0)} req/s)`,
			'≥ 50 %',
			share >= 0.5,
		)
	}
	check('static asset vs sign-in page', `${ratio(staticFile, signInPage).toFixed(1)}×`, '≥ 5×', ratio(staticFile, signInPage) >= 5)
	check('menu API p95, 2,000 functions', `${menu.wide.p95.toFixed(1)} ms`, '≤ 5 ms', menu.wide.p95 <= 5)
	const listBudget = database === 'sqlite' ? 25 : 40
	for (const entry of [lists.first, lists.deep, lists.search, lists.scopedFirst, lists.scopedDeep, lists.scopedSearch])
		check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, `≤ ${listBudget} ms`, entry.p95 <= listBudget)
	for (const entry of [lists.toolsFirst, lists.toolsDeep, lists.toolsSearch, lists.scopedTools])
		check(`${entry.name} p95`, `${entry.p95.toFixed(1)} ms`, '≤ 60 ms', entry.p95 <= 60)
	for (const { entry } of [exported, imported]) {
		check(`${entry.name}: first byte`, `${entry.firstByteMs?.toFixed(0)} ms`, '≤ 250 ms', (entry.firstByteMs ?? Infinity) <= 250)
		check(`${entry.name}: /healthz p99`, `${entry.healthzP99?.toFixed(1)} ms`, '≤ 100 ms', (entry.healthzP99 ?? Infinity) <= 100)
		check(`${entry.name}: RSS`, `${entry.peakRssMb.toFixed(0)} MB`, '≤ 250 MB', entry.peakRssMb <= 250)
	}
	const steady = phases.filter((entry) => entry.firstByteMs === undefined)
	const worst = steady.reduce((a, b) => (b.peakRssMb > a.peakRssMb ? b : a))
	check('RSS during every other phase', `${worst.peakRssMb.toFixed(0)} MB (${worst.name})`, '≤ 200 MB', worst.peakRssMb <= 200)
	const thin = phases.filter((entry) => entry.firstByteMs === undefined && entry.requests > 1 && entry.requests < 2_000)
	check(
		'requests behind every p95',
		thin.length === 0 ? '≥ 2,000' : thin.map((entry) => `${entry.name}: ${entry.requests}`).join('; '),
		'≥ 2,000',
		thin.length === 0,
	)
}

function checkPurge({ entry, deleted, expected }: PurgeMeasured) {
	check(
		'audit purge: the expired entries',
		`${deleted.toLocaleString('en')} deleted`,
		`≥ ${Math.floor(expected * 0.99).toLocaleString('en')}`,
		deleted >= expected * 0.99,
	)
	check(`${entry.name}: /healthz p99`, `${entry.healthzP99?.toFixed(1)} ms`, '≤ 100 ms', (entry.healthzP99 ?? Infinity) <= 100)
}

function check(name: string, value: string, budget: string, ok: boolean) {
	budgets.push({ name, value, budget, ok })
}

async function signIn(base: string, email: string) {
	const login = await fetch(new URL('/account/login', base))
	const html = await login.text()
	const csrf = parseHtml(html).querySelector('input[name="csrf"]')?.getAttribute('value')
	if (!csrf) throw new Error('no CSRF field on the sign-in page')
	const jar = new Map<string, string>()
	const keep = (response: Response) => {
		for (const cookie of response.headers.getSetCookie()) {
			const [pair] = cookie.split(';')
			const index = pair!.indexOf('=')
			jar.set(pair!.slice(0, index), pair!.slice(index + 1))
		}
	}
	keep(login)
	const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
	const response = await fetch(new URL('/account/login', base), {
		method: 'POST',
		redirect: 'manual',
		headers: { Cookie: cookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ email, password: PASSWORD, csrf }),
	})
	await response.text()
	if (response.status !== 302) throw new Error(`sign-in as ${email} answered ${response.status}`)
	keep(response)
	// Signing in renews the CSRF token: a rendered form now carries the unsigned part of the new cookie.
	const renewed = [...jar].find(([name]) => name.endsWith('sp_csrf'))?.[1]
	if (!renewed) throw new Error('no CSRF cookie after sign-in')
	return { cookie: cookie(), csrf: decodeURIComponent(renewed).split('.')[0]! }
}

async function apiToken(base: string, email: string) {
	const response = await fetch(new URL('/api/users/authenticate', base), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email, password: PASSWORD }),
	})
	const body = (await response.json()) as { token?: string }
	if (!body.token) throw new Error(`authenticate as ${email} answered ${response.status}`)
	return body.token
}

/** The first script the sign-in page loads. */
async function staticAsset(base: string) {
	const html = await (await fetch(new URL('/account/login', base))).text()
	const script = parseHtml(html)
		.querySelectorAll('link[rel="modulepreload"], script[src]')
		.map((element) => element.getAttribute('href') ?? element.getAttribute('src'))
		.find((href) => href?.startsWith('/build/'))
	if (!script) throw new Error('no script under /build/ on the sign-in page')
	return script
}

/** The station import form's request for a file of `importRows` new stations. */
async function importRequest(base: string, session: { cookie: string; csrf: string }): Promise<BenchRequest> {
	let csv = csvLine(STATION_FIELDS.filter((field) => field !== 'version'))
	let index = 0
	for (const station of demoStations(importRows)) {
		index++
		csv += csvLine([
			`IMP-${String(index).padStart(7, '0')}`,
			station.name,
			station.type,
			station.province,
			station.address,
			minorToDecimalString(station.latitudeE6, COORDINATE_SCALE),
			minorToDecimalString(station.longitudeE6, COORDINATE_SCALE),
			station.status,
			station.commissionedAt ?? '',
			station.note ?? '',
		])
	}
	const form = new FormData()
	form.set('csrf', session.csrf)
	form.set('file', new Blob([csv], { type: 'text/csv' }), 'stations.csv')
	const request = new Request(new URL('/danhmuc/tram/import', base), { method: 'POST', body: form })
	return {
		path: '/danhmuc/tram/import',
		method: 'POST',
		headers: { Cookie: session.cookie, 'Content-Type': request.headers.get('Content-Type')! },
		body: new Uint8Array(await request.arrayBuffer()),
	}
}

function commit() {
	try {
		return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
	} catch {
		return 'unknown'
	}
}

function markdown(date: string) {
	const lines = [
		`## ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${date}, commit ${commit()}`,
		'',
		`${stations.toLocaleString('en')} stations, ${tools.toLocaleString('en')} tools, ${staff.toLocaleString('en')} staff, ${auditEntries.toLocaleString('en')} audit entries; ${os.cpus().length} cores, Node ${process.version}; throughput phases with ${CONCURRENCY} concurrent clients, latency phases one at a time.`,
		'',
		'| Phase | Requests | req/s | p50 ms | p95 ms | p99 ms | KB/answer | peak RSS MB |',
		'|---|---:|---:|---:|---:|---:|---:|---:|',
		...phases.map((entry) =>
			entry.firstByteMs === undefined
				? `| ${entry.name} | ${entry.requests} | ${entry.rps.toFixed(0)} | ${entry.p50.toFixed(1)} | ${entry.p95.toFixed(1)} | ${entry.p99.toFixed(1)} | ${entry.kbPerAnswer.toFixed(1)} | ${entry.peakRssMb.toFixed(0)} |`
				: `| ${entry.name} (first byte ${entry.firstByteMs.toFixed(0)} ms; /healthz p99 ${entry.healthzP99?.toFixed(1)} ms over ${entry.healthzRequests}) | 1 | – | ${entry.p50.toFixed(0)} | – | – | ${entry.kbPerAnswer.toFixed(0)} | ${entry.peakRssMb.toFixed(0)} |`,
		),
		'',
		'| Budget | Measured | Budget | |',
		'|---|---|---|---|',
		...budgets.map((budget) => `| ${budget.name} | ${budget.value} | ${budget.budget} | ${budget.ok ? 'met' : '**missed**'} |`),
		'',
		...(failures.length > 0 ? ['Failures:', '', ...failures.map((failure) => `- ${failure.slice(0, 200).replace(/\s+/g, ' ')}`), ''] : []),
	]
	return lines.join('\n')
}

function report() {
	console.log('')
	for (const budget of budgets) console.log(`${budget.ok ? 'PASS' : 'MISS'}  ${budget.name}: ${budget.value} (budget ${budget.budget})`)
	for (const failure of failures) console.log(`FAIL  ${failure}`)
	const missed = budgets.filter((budget) => !budget.ok)
	if (!quick) {
		const date = new Date().toISOString().slice(0, 10)
		fs.mkdirSync(args.out!, { recursive: true })
		const file = path.join(args.out!, `${date}-${database}`)
		fs.writeFileSync(
			`${file}.json`,
			`${JSON.stringify({ date, commit: commit(), database, rows: { stations, tools, imported: importRows, staff, audit: auditEntries }, machine: { cores: os.cpus().length, node: process.version }, concurrency: CONCURRENCY, phases, budgets, failures }, null, '\t')}\n`,
		)
		fs.writeFileSync(`${file}.md`, markdown(date))
		console.log(`\nWritten: ${file}.json and ${file}.md`)
	}
	if (quick)
		console.log(
			failures.length === 0 ? '\nQuick run: every phase answered (no budgets checked).' : `\nQuick run: ${failures.length} failure(s).`,
		)
	else
		console.log(
			missed.length + failures.length === 0 ? '\nAll budgets met.' : `\n${missed.length} budget(s) missed, ${failures.length} failure(s).`,
		)
	process.exitCode = missed.length + failures.length === 0 ? 0 : 1
}

await main()
