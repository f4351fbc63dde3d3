// How the bench signs in and builds its requests, as a browser would.
import { csvLine } from '~/catalogs/csv'
import { minorToDecimalString } from '~/catalogs/decimal'
import { demoStations } from '~/catalogs/demo-stations'
import { COORDINATE_SCALE, STATION_FIELDS } from '~/catalogs/stations/stations'
import { parseHtml } from '../tests/support/html'
import type { BenchRequest } from './bench-load'

export const PASSWORD = 'Bench password 2026 correct horse'
export const USERS = {
	admin: 'bench-admin@example.com',
	operator: 'bench-operator@example.com',
	scoped: 'bench-scoped@example.com',
	wide: 'bench-wide@example.com',
} as const

export async function signIn(base: string, email: string) {
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

export async function apiToken(base: string, email: string) {
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
export async function staticAsset(base: string) {
	const html = await (await fetch(new URL('/account/login', base))).text()
	const script = parseHtml(html)
		.querySelectorAll('link[rel="modulepreload"], script[src]')
		.map((element) => element.getAttribute('href') ?? element.getAttribute('src'))
		.find((href) => href?.startsWith('/build/'))
	if (!script) throw new Error('no script under /build/ on the sign-in page')
	return script
}

/** The station import form's request for a file of `importRows` new stations. */
export async function importRequest(base: string, session: { cookie: string; csrf: string }, importRows: number): Promise<BenchRequest> {
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
