// Catalog list timings (search + filter + sort + page) on the database DATABASE_URL names, e.g. after
// `npm run cli -- db:seed-demo --stations 100000`:
//
//   npx tsx scripts/bench-catalogs.ts [--runs 30]
//       the list queries in this process (no HTTP, no rendering): p50/p95 per list state
//   npx tsx scripts/bench-catalogs.ts --url http://127.0.0.1:3000 --email E --password P [--runs 30]
//       the whole list page from a running server (`npm start`), as a browser asks for it
//
// Numbers only: no thresholds (PRODUCT.md: catalog lists over 100,000 rows in ≤ 25 ms p95).
import { parseArgs } from 'node:util'
import { STATION_LIST } from '~/catalogs/stations'
import { listStations } from '~/catalogs/stations.server'
import { TOOL_LIST } from '~/catalogs/tools'
import { listTools, resolveStation } from '~/catalogs/tools.server'
import { getDatabase } from '~/db/db.server'
import { parseListState } from '~/lists/list-query'

/** Typical views and the hard ones: common words, short words, deep pages, filters that disagree with the sort. */
const STATES = [
	'/danhmuc/tram',
	'/danhmuc/tram?page=2',
	'/danhmuc/tram?sort=name',
	'/danhmuc/tram?sort=name&dir=desc&size=100',
	'/danhmuc/tram?status=maintenance&sort=name',
	'/danhmuc/tram?status=inactive&type=pumping&sort=commissionedAt&dir=desc',
	'/danhmuc/tram?type=bts&province=da-nang&sort=commissionedAt&dir=desc',
	'/danhmuc/tram?status=active&sort=province&page=40',
	'/danhmuc/tram?q=tram',
	'/danhmuc/tram?q=tram&status=maintenance&sort=name',
	'/danhmuc/tram?q=cau+giay',
	'/danhmuc/tram?q=cau+giay+12&province=ha-noi',
	'/danhmuc/tram?q=bien+ap+da+nang&status=active&sort=commissionedAt',
	'/danhmuc/tram?q=hn-00012',
	'/danhmuc/tram?q=Tr%E1%BA%A1m+%C4%90%C3%A0+L%E1%BA%A1t&sort=province',
	'/danhmuc/tram?q=%27%3B+DROP+TABLE+stations%3B+--',
	'/danhmuc/tram?q=zq',
	'/danhmuc/tram?q=bts&type=weather',
	'/congcu/list',
	'/congcu/list?q=fluke&sort=value&dir=desc',
	'/congcu/list?stationId=1',
	'/congcu/list?status=repair&province=hue',
	'/congcu/list?category=vehicle&sort=purchaseDate&dir=desc&page=20',
]

const { values } = parseArgs({
	options: { runs: { type: 'string', default: '30' }, url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
})
const runs = Number(values.runs)

function percentile(samples: number[], p: number) {
	const sorted = [...samples].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function measure(label: string, run: () => Promise<string>) {
	for (let i = 0; i < 3; i++) await run()
	const samples: number[] = []
	let note = ''
	for (let i = 0; i < runs; i++) {
		const started = performance.now()
		note = await run()
		samples.push(performance.now() - started)
	}
	console.log(`p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms  ${note.padEnd(14)} ${label}`)
	return samples
}

async function inProcess() {
	const handle = getDatabase()
	const all: number[] = []
	for (const path of STATES) {
		const url = new URL(path, 'http://bench.invalid')
		all.push(
			...(await measure(path, async () => {
				if (url.pathname.startsWith('/danhmuc')) {
					const result = await listStations(parseListState(url.searchParams, STATION_LIST), handle)
					return `${result.rows.length} of ${result.exact ? '' : '>'}${result.total}`
				}
				const state = parseListState(url.searchParams, TOOL_LIST)
				const station = state.filters.stationId === undefined ? undefined : await resolveStation(state.filters.stationId, handle.db)
				const result = await listTools(state, station, handle)
				return `${result.rows.length} of ${result.exact ? '' : '>'}${result.total}`
			})),
		)
	}
	console.log(`all states: p50 ${percentile(all, 50).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms (${all.length} runs, ${handle.dialect}, in process)`)
	await handle.close()
}

async function overHttp(base: string, email: string, password: string) {
	const cookies = new Map<string, string>()
	const send = async (path: string, init: RequestInit = {}) => {
		const headers = new Headers(init.headers)
		headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
		const response = await fetch(new URL(path, base), { ...init, headers, redirect: 'manual' })
		for (const cookie of response.headers.getSetCookie()) {
			const [pair] = cookie.split(';')
			const index = pair!.indexOf('=')
			cookies.set(pair!.slice(0, index), pair!.slice(index + 1))
		}
		return response
	}
	const login = await (await send('/account/login')).text()
	const csrf = /name="csrf" value="([^"]+)"/.exec(login)?.[1] ?? ''
	const signIn = await send('/account/login', { method: 'POST', body: new URLSearchParams({ email, password, csrf }) })
	if (signIn.status !== 302) throw new Error(`sign-in failed: ${signIn.status}`)
	const all: number[] = []
	for (const path of STATES) {
		all.push(
			...(await measure(path, async () => {
				const response = await send(path)
				await response.arrayBuffer()
				return String(response.status)
			})),
		)
	}
	console.log(`all states: p50 ${percentile(all, 50).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms (${all.length} requests, whole pages over HTTP)`)
}

if (values.url) {
	if (!values.email || !values.password) throw new Error('--url needs --email and --password')
	await overHttp(values.url, values.email, values.password)
} else {
	await inProcess()
}
