// Issue 36 point 6, run by scripts/bench.ts: what rendering a page costs over the data it shows. For each
// catalog list and the dashboard, the route's `.data` request (what a client-side navigation fetches with
// `v3_singleFetch`: the page's path + `.data`, no `_routes` since no route opts out of revalidating) and the
// HTML page, one client each, back to back; and the station list's first page in bytes as it is rendered.
import type { BenchRequest } from './bench-load'

interface Measured {
	name: string
	p50: number
}

export interface RenderBench {
	base: string
	/** The operator's session: the pages as the people who use the catalogs see them. */
	cookie: string
	phase: (name: string, requests: BenchRequest[]) => Promise<Measured>
	check: (name: string, value: string, budget: string, ok: boolean) => void
	/** At --quick the phases run and nothing is checked. */
	quick: boolean
}

export const RENDERED_PAGES = [
	{ name: 'stations', path: '/danhmuc/tram' },
	{ name: 'tools', path: '/congcu/list' },
	{ name: 'station types', path: '/danhmuc/loaitram' },
	{ name: 'tool groups', path: '/congcu/nhom' },
	{ name: 'dashboard', path: '/dashboard' },
] as const

/** The single-fetch address of a page's data: `/danhmuc/tram?page=2` → `/danhmuc/tram.data?page=2`. */
export function dataPath(path: string) {
	const url = new URL(path, 'http://bench.invalid')
	return `${url.pathname.replace(/\/$/, '')}.data${url.search}`
}

/** The budget of issue 36 point 6: the HTML page costs at most twice its data (p50). */
export const RENDER_RATIO_BUDGET = 2
/** The station list's first page, uncompressed, in bytes. */
export const LIST_PAGE_BYTES_BUDGET = 40 * 1024

export async function measureRender(bench: RenderBench) {
	const request = (path: string): BenchRequest => ({ path, headers: { Cookie: bench.cookie } })
	for (const { name, path } of RENDERED_PAGES) {
		const data = await bench.phase(`${name}, data (${dataPath(path)})`, [request(dataPath(path))])
		const html = await bench.phase(`${name}, HTML page`, [request(path)])
		const ratio = html.p50 / data.p50
		if (!bench.quick)
			bench.check(
				`${name}: HTML p50 vs data p50`,
				`${ratio.toFixed(2)}× (${html.p50.toFixed(1)} / ${data.p50.toFixed(1)} ms)`,
				`≤ ${RENDER_RATIO_BUDGET}×`,
				ratio <= RENDER_RATIO_BUDGET,
			)
	}
	// fetch() decodes the compressed answer: these are the bytes the browser parses.
	const answer = await fetch(new URL(RENDERED_PAGES[0].path, bench.base), { headers: { Cookie: bench.cookie } })
	const bytes = (await answer.arrayBuffer()).byteLength
	if (answer.status !== 200) throw new Error(`the station list answered ${answer.status}`)
	console.log(`stations, first page: ${bytes.toLocaleString('en')} bytes of HTML`)
	if (!bench.quick)
		bench.check(
			'station list, first page: HTML',
			`${(bytes / 1024).toFixed(1)} KB`,
			`≤ ${LIST_PAGE_BYTES_BUDGET / 1024} KB`,
			bytes <= LIST_PAGE_BYTES_BUDGET,
		)
}
