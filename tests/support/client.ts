import http from 'node:http'
import zlib from 'node:zlib'
import { parseHtml } from './html'

/**
 * A minimal browser for HTTP-level tests: keeps cookies, follows no redirects by itself,
 * and fills the CSRF field the way a rendered form would.
 */
export class TestClient {
	readonly cookies = new Map<string, string>()

	constructor(
		readonly baseUrl: string,
		private readonly defaultHeaders: Record<string, string> = {},
		/** Added to every fetch: an undici `dispatcher` that trusts a test certificate, say. */
		private readonly fetchOptions: Record<string, unknown> = {},
	) {}

	/** A second client with this one's cookies: a stolen or copied cookie jar. */
	copy(): TestClient {
		const twin = new TestClient(this.baseUrl, this.defaultHeaders, this.fetchOptions)
		for (const [name, value] of this.cookies) twin.cookies.set(name, value)
		return twin
	}

	cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	async request(path: string, init: RequestInit = {}): Promise<Response> {
		const headers = new Headers({ ...this.defaultHeaders, ...(init.headers as Record<string, string> | undefined) })
		if (this.cookies.size > 0 && !headers.has('Cookie')) headers.set('Cookie', this.cookieHeader())
		const response = await fetch(new URL(path, this.baseUrl), { ...this.fetchOptions, ...init, headers, redirect: 'manual' } as RequestInit)
		for (const cookie of response.headers.getSetCookie()) {
			const [pair] = cookie.split(';')
			const index = pair!.indexOf('=')
			const name = pair!.slice(0, index).trim()
			const value = pair!.slice(index + 1).trim()
			if (value === '' || /max-age=0/i.test(cookie) || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		return response
	}

	get(path: string, headers: Record<string, string> = {}) {
		return this.request(path, { headers })
	}

	/** The CSRF token a rendered page would put in its forms (the unsigned part of the CSRF cookie). */
	async csrfToken(): Promise<string> {
		const cookie = [...this.cookies].find(([name]) => name.endsWith('sp_csrf'))?.[1]
		if (cookie) return decodeURIComponent(cookie).split('.')[0]!
		const response = await this.get('/account/login')
		const page = await response.text()
		const token = parseHtml(page).querySelector('input[name="csrf"]')?.getAttribute('value')
		if (!token) throw new Error(`no CSRF field on the sign-in page (${response.status}): ${page.slice(0, 300)}`)
		return token
	}

	/** A form post; a field given a list is sent once per value, as checkboxes are. */
	async post(
		path: string,
		fields: Record<string, string | readonly string[]>,
		{ csrf = true, headers = {} as Record<string, string> } = {},
	) {
		const body = new URLSearchParams()
		for (const [name, value] of Object.entries(fields))
			for (const one of typeof value === 'string' ? [value] : value) body.append(name, one)
		if (csrf && !body.has('csrf')) body.set('csrf', await this.csrfToken())
		return this.request(path, {
			method: 'POST',
			body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
		})
	}

	/**
	 * A GET with this client's cookies through node:http, which, unlike fetch, neither asks for nor decodes
	 * a compressed answer by itself: the answer's encoding as sent, and its body decoded by hand.
	 */
	rawGet(path: string, acceptEncoding: string): Promise<RawAnswer> {
		return new Promise((resolve, reject) => {
			const request = http.get(
				new URL(path, this.baseUrl),
				{ headers: { Cookie: this.cookieHeader(), 'Accept-Encoding': acceptEncoding } },
				(response) => {
					const chunks: Buffer[] = []
					response.on('data', (chunk: Buffer) => chunks.push(chunk))
					response.on('error', reject)
					response.on('end', () => {
						const raw = Buffer.concat(chunks)
						const encoding = response.headers['content-encoding']
						try {
							const body = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
							resolve({
								status: response.statusCode ?? 0,
								headers: response.headers,
								encoding,
								sentBytes: raw.length,
								text: body.toString('utf8'),
							})
						} catch (error) {
							reject(error instanceof Error ? error : new Error(String(error)))
						}
					})
				},
			)
			request.on('error', reject)
		})
	}

	signIn(email: string, password: string, redirectTo?: string) {
		return this.post('/account/login', { email, password, ...(redirectTo === undefined ? {} : { redirectTo }) })
	}
}

export interface RawAnswer {
	status: number
	headers: http.IncomingHttpHeaders
	encoding: string | undefined
	/** The body's length as sent (compressed, if it was). */
	sentBytes: number
	text: string
}

export function location(response: Response): string | null {
	const value = response.headers.get('Location')
	if (!value) return null
	const url = new URL(value, 'http://placeholder.invalid')
	return url.origin === 'http://placeholder.invalid' ? `${url.pathname}${url.search}` : value
}

/** A bearer token from `POST /api/users/authenticate`, as an API client signs in. */
export async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
	const response = await fetch(new URL('/api/users/authenticate', baseUrl), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email, password }),
	})
	const body = (await response.json()) as { token?: string }
	if (response.status !== 200 || !body.token) throw new Error(`authenticate answered ${response.status}`)
	return body.token
}
