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
 * Writes bench/results/<date>-<db>.json and .md (`-2`… for another run that day; not with --quick); exits 1 when a budget is missed or a
 * request fails.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_PAGE_SIZE } from '~/lists/list-query'
import { createTestDatabase, type TestDatabase } from '../tests/support/database'
import { BENCH_FACTS, type BenchFacts } from './bench-facts'
import { auditPhases } from './bench-audit'
import { checkBudgets, checkPurge } from './bench-budgets'
import { apiToken, importRequest, PASSWORD, signIn, staticAsset, USERS } from './bench-client'
import { rssMb, startServer, startWorker } from './bench-processes'
import { report, type Budget } from './bench-report'
import { measureRender } from './bench-render'
import { measureStaff } from './bench-staff'
import { measureWorkers } from './bench-workers'
import { measurePurge } from './bench-purge'
import { singlePhase, type Phase } from './bench-phase'
import { phaseRunners, serverWarmUpCount, type Run } from './bench-phase-run'
import type { BenchRequest } from './bench-load'
import { SERVER_ENTRY } from './server-command.mjs'

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

// PostgreSQL: without TEST_POSTGRES_URL, run again inside a throwaway cluster (scripts/lib/postgres.sh).
if (database === 'postgres' && !process.env.TEST_POSTGRES_URL) {
	const script = 'source scripts/lib/postgres.sh && trap stop_test_postgres EXIT && start_test_postgres >&2 && "$@"'
	const child = spawn('bash', ['-c', script, 'bash', process.execPath, '--import', 'tsx', 'scripts/bench.ts', ...process.argv.slice(2)], {
		stdio: 'inherit',
	})
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
	process.exit(code ?? 1)
}

const phases: Phase[] = []
const budgets: Budget[] = []
const failures: string[] = []

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
		const single = await startServer({ ...env, WEB_CONCURRENCY: '1' }, failures)
		try {
			await measureEverything(single.base, single.pid, load.run, probe.run, facts)
		} finally {
			await single.stop()
		}
		await measureWorkers({
			start: (workers) => startServer({ ...env, WEB_CONCURRENCY: String(workers) }, failures),
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
			start: (extra, onLine) => startServer({ ...env, WEB_CONCURRENCY: '1', ...extra }, failures, onLine),
			probe: probe.run,
			rssMb,
			entries: auditEntries,
		})
		phases.push(purge.entry)
		if ('failed' in purge.entry.statuses) failures.push(`${purge.entry.name}: the purge did not finish`)
		else if (!quick) checkPurge(purge, check)
	} finally {
		load.child.disconnect()
		probe.child.disconnect()
		await testDatabase.drop()
	}
	report({
		database,
		quick,
		out: args.out!,
		rows: { stations, tools, imported: importRows, staff, audit: auditEntries },
		concurrency: CONCURRENCY,
		phases,
		budgets,
		failures,
	})
}

/** Starts the built server as `npm start` does and waits until it listens; `stop` ends it with SIGTERM. */

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

	const { phase, withProbe } = phaseRunners({
		base,
		pid,
		run,
		probe,
		count: REQUESTS,
		maxSeconds: PHASE_SECONDS,
		phases,
		failures,
	})

	// Warm-up: the first answers compile the code and fill caches; they are not what users wait for.
	const warmUp = [{ path: '/account/login' }, ...Object.values(sessions).map((session) => page('/dashboard', session))]
	await run({ kind: 'load', base, requests: warmUp, count: serverWarmUpCount(REQUESTS), concurrency: CONCURRENCY, maxSeconds: 120 })

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
	const upload = await importRequest(base, sessions.admin, importRows)
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
	checkBudgets(
		{ database, facts, phases, signInPage, dashboards, staticFile, menu, lists, exported, imported, staffMeasured, audit, monthExport },
		check,
	)
}

function check(name: string, value: string, budget: string, ok: boolean) {
	budgets.push({ name, value, budget, ok })
}

await main()
