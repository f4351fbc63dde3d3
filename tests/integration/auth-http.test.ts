import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { setUserLocked } from '~/users/users.server'
import { TestClient, location } from '../support/client'
import { controlValue, errorSummary, formWith, hrefs, parseHtml } from '../support/html'
import { expectSecurityHeaders } from '../support/security-headers'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser, signedInUser } from '../support/users'

let server: RunningServer
const METRICS_TOKEN = 'auth-http-metrics-token-0123'

beforeAll(async () => {
	server = await startServer({ METRICS_TOKEN })
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

function sessionCookieName(client: TestClient) {
	return [...client.cookies.keys()].find((name) => name.endsWith('sp_session'))
}

async function signedIn(prefix = 'user') {
	const account = await createTestUser({ prefix })
	const client = new TestClient(server.url)
	const response = await client.signIn(account.email, account.password)
	expect(response.status).toBe(302)
	return { ...account, client }
}

describe('sign-in', () => {
	test('a right password starts a session and returns to redirectTo', async () => {
		const { email, password } = await createTestUser()
		const client = new TestClient(server.url)
		const response = await client.signIn(email, password, '/dashboard')
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/dashboard')
		const dashboard = await client.get('/dashboard')
		expect(dashboard.status).toBe(200)
	})

	test('unknown email and wrong password get the same answer: no user enumeration', async () => {
		const { email } = await createTestUser()
		const unknown = await new TestClient(server.url).signIn('nobody-here@example.com', 'Some password 1')
		const wrong = await new TestClient(server.url).signIn(email, 'Wrong password 1')
		expect(unknown.status).toBe(400)
		expect(wrong.status).toBe(400)
		const message = (html: string) => errorSummary(html)?.items.join(' ')
		const [unknownText, wrongText] = [await unknown.text(), await wrong.text()]
		expect(message(unknownText)).toBe('Email hoặc mật khẩu không đúng.')
		expect(message(wrongText)).toBe(message(unknownText))
	})

	test('password fields are masked and accept a password manager', async () => {
		const response = await new TestClient(server.url).get('/account/login')
		const password = formWith(await response.text(), 'password').querySelector('input[name="password"]')
		expect(password?.getAttribute('type')).toBe('password')
		expect(password?.getAttribute('autocomplete')).toBe('current-password')
	})

	test('the email typed is kept after a failure, the password is not', async () => {
		const response = await new TestClient(server.url).signIn('kept@example.com', 'Not the password 9')
		const html = await response.text()
		expect(html).toContain('value="kept@example.com"')
		expect(html).not.toContain('Not the password 9')
	})

	test('a new session id at every sign-in; the old one stops working', async () => {
		const { email, password, client } = await signedIn()
		const name = sessionCookieName(client)!
		const first = client.cookies.get(name)
		const oldJar = client.copy()
		const again = await client.signIn(email, password)
		expect(again.status).toBe(302)
		const second = client.cookies.get(name)
		expect(second).toBeTruthy()
		expect(second).not.toBe(first)
		expect((await client.get('/dashboard')).status).toBe(200)
		expect(location(await oldJar.get('/dashboard'))).toMatch(/^\/account\/login/)
	})

	test('session cookie is HttpOnly, SameSite=Lax, carries only a signed random id', async () => {
		const { email, password } = await createTestUser()
		const response = await new TestClient(server.url).signIn(email, password)
		const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sp_session='))!
		expect(cookie).toMatch(/HttpOnly/i)
		expect(cookie).toMatch(/SameSite=Lax/i)
		expect(cookie).not.toMatch(/Secure/i)
		expect(cookie).not.toContain(email)
		expect(cookie).not.toContain(encodeURIComponent(email))
	})
})

describe('sign-out', () => {
	test('is a POST: a GET asks and signs nobody out', async () => {
		const { client } = await signedIn()
		const page = await client.get('/account/logout')
		expect(page.status).toBe(200)
		expect((await client.get('/dashboard')).status).toBe(200)
	})

	test('deletes the session on the server: a copied cookie stops working', async () => {
		const { client } = await signedIn()
		const thief = client.copy()
		const response = await client.post('/account/logout', {})
		expect(location(response)).toBe('/account/login?reason=signed-out')
		expect(location(await thief.get('/dashboard'))).toMatch(/^\/account\/login/)
	})
})

describe('password change', () => {
	test('signs out the other browser but not this one', async () => {
		const { email, password, client } = await signedIn()
		const other = new TestClient(server.url)
		await other.signIn(email, password)
		expect((await other.get('/dashboard')).status).toBe(200)

		const response = await client.post('/account/change-password', {
			currentPassword: password,
			newPassword: 'A brand new passphrase',
			confirmPassword: 'A brand new passphrase',
		})
		expect(response.status).toBe(302)
		expect((await client.get('/dashboard')).status).toBe(200)
		expect(location(await other.get('/dashboard'))).toBe('/account/login?redirectTo=%2Fdashboard&reason=expired')
		const relogin = await new TestClient(server.url).signIn(email, 'A brand new passphrase')
		expect(relogin.status).toBe(302)
	})

	test('bad input gets 400 with the specific error and changes nothing', async () => {
		const { email, password, client } = await signedIn()
		const cases = [
			[
				{ currentPassword: 'wrong one here', newPassword: 'Another good one 1', confirmPassword: 'Another good one 1' },
				'Mật khẩu hiện tại không đúng.',
			],
			[{ currentPassword: password, newPassword: 'short', confirmPassword: 'short' }, 'Mật khẩu phải có ít nhất 8 ký tự.'],
			[
				{ currentPassword: password, newPassword: 'password123', confirmPassword: 'password123' },
				'Mật khẩu này quá phổ biến. Hãy chọn mật khẩu khác.',
			],
			[
				{ currentPassword: password, newPassword: 'Another good one 1', confirmPassword: 'Another good one 2' },
				'Hai mật khẩu mới không khớp nhau.',
			],
			[
				{ currentPassword: password, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
				'Mật khẩu chỉ được tối đa 128 ký tự.',
			],
		] as const
		for (const [fields, message] of cases) {
			const response = await client.post('/account/change-password', fields)
			expect(response.status).toBe(400)
			expect(await response.text()).toContain(message)
		}
		expect((await new TestClient(server.url).signIn(email, password)).status).toBe(302)
	})

	test('a forced change comes before any other page, then the user goes on', async () => {
		const account = await createTestUser({ mustChangePassword: true })
		const client = new TestClient(server.url)
		const signIn = await client.signIn(account.email, account.password, '/dashboard')
		expect(location(signIn)).toBe('/account/change-password')
		expect(location(await client.get('/dashboard'))).toBe('/account/change-password')
		const changed = await client.post('/account/change-password', {
			currentPassword: account.password,
			newPassword: 'My own passphrase 7',
			confirmPassword: 'My own passphrase 7',
		})
		// Straight to the landing page (not through `/`), where the success message is shown.
		expect(location(changed)).toBe('/dashboard')
		const landing = await client.get('/dashboard')
		expect(landing.status).toBe(200)
		expect(await landing.text()).toContain('Đã đổi mật khẩu.')
	})
})

describe('session lifetime', () => {
	test('an idle session expires and the user is told so', async () => {
		const { user, client } = await signedIn()
		await getDb()
			.updateTable('sessions')
			.set({ last_seen_at: Date.now() - 31 * 60_000 })
			.where('user_id', '=', user.id)
			.execute()
		const response = await client.get('/dashboard')
		expect(location(response)).toBe('/account/login?redirectTo=%2Fdashboard&reason=expired')
		const login = await client.get(location(response)!)
		expect(await login.text()).toContain('Phiên làm việc đã hết hạn. Vui lòng đăng nhập lại.')
	})

	test('activity extends the idle timeout', async () => {
		const { user, client } = await signedIn()
		const nearlyIdle = Date.now() - 29 * 60_000
		await getDb().updateTable('sessions').set({ last_seen_at: nearlyIdle }).where('user_id', '=', user.id).execute()
		const activity = await client.request('/api/activity', { method: 'POST' })
		expect(activity.status).toBe(200)
		const session = await getDb().selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
		expect(session.last_seen_at).toBeGreaterThan(nearlyIdle)
	})

	test('a session ends at its absolute lifetime even when active', async () => {
		const { user, client } = await signedIn()
		await getDb()
			.updateTable('sessions')
			.set({ expires_at: Date.now() - 1 })
			.where('user_id', '=', user.id)
			.execute()
		expect(location(await client.get('/dashboard'))).toMatch(/reason=expired/)
		const rows = await getDb().selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()
		expect(rows).toEqual([])
	})

	test("a locked user's sessions die at once", async () => {
		const { user, client } = await signedIn()
		await setUserLocked(user.id, true)
		expect(location(await client.get('/dashboard'))).toMatch(/^\/account\/login/)
	})
})

describe('redirectTo never leaves the site', () => {
	test.each(['//evil.example', '/\\evil.example', '/\t/evil.example', 'https://evil.example', 'javascript:alert(1)'])(
		'%j sends the user to / instead',
		async (target) => {
			const { email, password } = await createTestUser()
			const response = await new TestClient(server.url).signIn(email, password, target)
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe('/')
		},
	)

	test.each(['//evil.example', '/.//evil.example', '/./%2e//evil.example', '/%2f/evil.example'])(
		'the sign-in page does not echo the foreign target %j into its form',
		async (target) => {
			const response = await new TestClient(server.url).get(`/account/login?redirectTo=${encodeURIComponent(target)}`)
			expect(response.status).toBe(200)
			expect(controlValue(formWith(await response.text(), 'password'), 'redirectTo')).toBe('/')
		},
	)

	describe('a dot-segment target (/.//evil.example) is refused by every form that redirects', () => {
		const target = '/.//evil.example'
		const stays = (response: Response, fallback: string) => {
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe(fallback)
		}

		test('sign-in', async () => {
			const { email, password } = await createTestUser()
			const response = await new TestClient(server.url).signIn(email, password, target)
			await response.text()
			stays(response, '/')
		})

		test('language, layout and notifications', async () => {
			const { client } = await signedIn()
			const language = await client.post('/settings/language', { lang: 'en', redirectTo: target })
			await language.text()
			stays(language, '/')
			const layout = await client.post('/settings/layout', { mode: 'dark', redirectTo: target })
			await layout.text()
			stays(layout, '/')
			const notifications = await client.post('/notifications', { intent: 'mark-all-read', redirectTo: target })
			await notifications.text()
			stays(notifications, '/notifications')
		})
	})
})

describe('the CSRF token is renewed when the user changes', () => {
	test('at sign-in and at sign-out a token learnt before no longer works', async () => {
		const { email, password } = await createTestUser()
		const client = new TestClient(server.url)
		await (await client.get('/account/login')).text()
		const anonymousToken = await client.csrfToken()
		await (await client.signIn(email, password)).text()
		const signedInToken = await client.csrfToken()
		expect(signedInToken).not.toBe(anonymousToken)
		const stale = await client.post('/settings/layout', { mode: 'dark', redirectTo: '/', csrf: anonymousToken })
		await stale.text()
		expect(stale.status).toBe(403)

		const signOut = await client.post('/account/logout', {})
		await signOut.text()
		expect(location(signOut)).toBe('/account/login?reason=signed-out')
		expect(await client.csrfToken()).not.toBe(signedInToken)
		const afterSignOut = await client.post('/settings/layout', { mode: 'dark', redirectTo: '/', csrf: signedInToken })
		await afterSignOut.text()
		expect(afterSignOut.status).toBe(403)
	})
})

describe('cross-site requests', () => {
	test('a form post from another origin is refused', async () => {
		const { client } = await signedIn()
		const response = await client.post('/account/logout', {}, { headers: { Origin: 'https://evil.example' } })
		expect(response.status).toBe(403)
		expect((await client.get('/dashboard')).status).toBe(200)
	})

	test('a post the browser marks cross-site is refused', async () => {
		const response = await new TestClient(server.url).post(
			'/account/login',
			{ email: 'a@example.com', password: 'whatever 123' },
			{ headers: { 'Sec-Fetch-Site': 'cross-site' } },
		)
		expect(response.status).toBe(403)
	})

	test('a form without the right token is refused', async () => {
		const { client } = await signedIn()
		const missing = await client.post('/account/logout', {}, { csrf: false })
		expect(missing.status).toBe(403)
		const forged = await client.post('/account/logout', { csrf: 'forged-token' })
		expect(forged.status).toBe(403)
		expect(await forged.text()).toContain('Biểu mẫu đã hết hạn')
		expect((await client.get('/dashboard')).status).toBe(200)
	})
})

describe('headers', () => {
	test('every page carries the security headers and no X-Powered-By', async () => {
		const response = await new TestClient(server.url).get('/account/login')
		const csp = response.headers.get('Content-Security-Policy')!
		const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!
		expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/)
		expect(scriptSrc).not.toContain('unsafe-inline')
		expect(csp).toContain("frame-ancestors 'none'")
		expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
		expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
		expect(response.headers.get('X-Powered-By')).toBeNull()
		const html = await response.text()
		const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]
		const inlineScripts = parseHtml(html).querySelectorAll('script:not([src])')
		expect(inlineScripts.length).toBeGreaterThan(0)
		for (const script of inlineScripts) expect(script.getAttribute('nonce'), script.toString().slice(0, 80)).toBe(nonce)
	})

	test('authenticated pages are not cacheable', async () => {
		const { client } = await signedIn()
		const response = await client.get('/dashboard')
		expect(response.headers.get('Cache-Control')).toBe('no-store')
	})

	test('built assets are cached for a year as immutable', async () => {
		const html = await (await new TestClient(server.url).get('/account/login')).text()
		const asset = hrefs(html, 'link[rel="stylesheet"][href^="/build/"]').find((href) => href.endsWith('.css'))
		expect(asset).toBeDefined()
		const response = await new TestClient(server.url).get(asset!)
		expect(response.status).toBe(200)
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
		await response.text()
	})

	test('built assets are compressed once and served as the client accepts, with an ETag that answers 304', async () => {
		const html = await (await new TestClient(server.url).get('/account/login')).text()
		const script = parseHtml(html).querySelector('link[rel="modulepreload"][href^="/build/"]')!.getAttribute('href')!
		const raw = (headers: Record<string, string>) =>
			new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
				http
					.get(new URL(script, server.url), { headers }, (response) => {
						const chunks: Buffer[] = []
						response.on('data', (chunk: Buffer) => chunks.push(chunk))
						response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
					})
					.on('error', reject)
			})
		const plain = await raw({})
		expect(plain.status).toBe(200)
		expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8')
		expect(plain.headers['content-encoding']).toBeUndefined()
		const br = await raw({ 'Accept-Encoding': 'gzip, deflate, br' })
		expect(br.headers['content-encoding']).toBe('br')
		expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
		const gzip = await raw({ 'Accept-Encoding': 'gzip' })
		expect(gzip.headers['content-encoding']).toBe('gzip')
		expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true)
		const etag = plain.headers.etag!
		expect(etag).toMatch(/^"[\w-]+"$/)
		const again = await raw({ 'If-None-Match': etag })
		expect(again.status).toBe(304)
		expect(again.body.length).toBe(0)
	})

	test('static files are served without session work: no cookie or request id, still with the security headers', async () => {
		const html = await (await new TestClient(server.url).get('/account/login')).text()
		const script = parseHtml(html).querySelector('link[rel="modulepreload"][href^="/build/"]')!.getAttribute('href')!
		for (const path of [script, '/favicon.svg']) {
			const response = await fetch(new URL(path, server.url), { headers: { 'Accept-Encoding': 'gzip' } })
			expect((await response.arrayBuffer()).byteLength, path).toBeGreaterThan(0)
			expect(response.status, path).toBe(200)
			expect(response.headers.get('Set-Cookie'), path).toBeNull()
			expect(response.headers.get('X-Request-Id'), path).toBeNull()
			expectSecurityHeaders(response.headers, path)
		}
	})

	test('every kind of answer carries the security headers (the 503 of load shedding: overload-shutdown.test.ts)', async () => {
		const anonymous = new TestClient(server.url)
		const [admin, viewer] = await Promise.all([signedInUser(server, ['admin']), signedInUser(server, ['viewer'])])
		const page = await anonymous.get('/account/login')
		const script = parseHtml(await page.clone().text())
			.querySelector('link[rel="modulepreload"][href^="/build/"]')!
			.getAttribute('href')!
		const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
			fetch(new URL(path, server.url), { method: 'POST', body, headers, redirect: 'manual' })

		const throttledEmail = `throttled-${Date.now()}@example.com`
		let throttled: Response | null = null
		for (let attempt = 1; attempt <= 6; attempt++) {
			await throttled?.arrayBuffer()
			throttled = await anonymous.signIn(throttledEmail, `Wrong password ${attempt}`)
		}

		const answers: [string, number, Response][] = [
			['page', 200, page],
			['redirect to sign-in', 302, await anonymous.get('/dashboard')],
			['permanent redirect of a route', 301, await anonymous.get('/login')],
			['redirect to the first page', 302, await admin.client.get('/')],
			['not found', 404, await anonymous.get('/no/such/page')],
			['forbidden page', 403, await viewer.client.get('/admin/users')],
			[
				'cross-site refusal',
				403,
				await anonymous.post('/account/login', { email: 'a@example.com', password: 'x' }, { headers: { Origin: 'https://evil.example' } }),
			],
			['form error', 400, await anonymous.signIn('nobody@example.com', 'wrong password 1')],
			['malformed body', 400, await post('/account/login', 'x', { 'Content-Type': 'multipart/form-data' })],
			['method not allowed', 405, await fetch(new URL('/account/login', server.url), { method: 'PUT' })],
			[
				'too large',
				413,
				await post('/account/login', `email=${'a'.repeat(1100 * 1024)}`, { 'Content-Type': 'application/x-www-form-urlencoded' }),
			],
			['throttled sign-in', 429, throttled!],
			['static file', 200, await fetch(new URL('/favicon.svg', server.url))],
			['built asset', 200, await fetch(new URL(script, server.url))],
			['missing built asset', 404, await fetch(new URL('/build/missing.js', server.url))],
			['health', 200, await fetch(new URL('/healthz', server.url))],
			['readiness', 200, await fetch(new URL('/readyz', server.url))],
			['metrics', 200, await fetch(new URL('/metrics', server.url), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })],
			['metrics without the token', 401, await fetch(new URL('/metrics', server.url))],
			['JSON API', 200, await admin.client.get('/api/QuanTri/FunctionGetByUser')],
			['JSON API without a token', 401, await anonymous.get('/api/users')],
			['JSON API refusal', 405, await fetch(new URL('/api/version', server.url), { method: 'PATCH' })],
			['public JSON', 200, await anonymous.get('/assets/config.json')],
			['CSV export', 200, await admin.client.get('/danhmuc/tram/export.csv')],
		]
		for (const [what, status, response] of answers) {
			expect(response.status, what).toBe(status)
			await response.arrayBuffer()
			expectSecurityHeaders(response.headers, what)
		}
		const refused = answers.find(([what]) => what === 'cross-site refusal')![2]
		expect(refused.headers.get('Cache-Control')).toBe('no-store')
	})
})

describe('pages and endpoints', () => {
	test('anonymous visitors are sent to sign-in with the page they wanted', async () => {
		expect(location(await new TestClient(server.url).get('/dashboard'))).toBe('/account/login?redirectTo=%2Fdashboard')
		expect(location(await new TestClient(server.url).get('/'))).toBe('/account/login')
	})

	test('/login redirects to /account/login with its query', async () => {
		expect(location(await new TestClient(server.url).get('/login?redirectTo=%2Fdashboard&x=1'))).toBe(
			'/account/login?redirectTo=%2Fdashboard&x=1',
		)
	})

	test('an unknown path is the translated 404 page', async () => {
		const response = await new TestClient(server.url).get('/no/such/page')
		expect(response.status).toBe(404)
		expect(await response.text()).toContain('Không tìm thấy trang')
	})

	test('health and readiness', async () => {
		const client = new TestClient(server.url)
		expect(await (await client.get('/healthz')).json()).toEqual({ status: 'ok' })
		const ready = await client.get('/readyz')
		expect(ready.status).toBe(200)
		expect(await ready.json()).toMatchObject({ status: 'ready' })
	})
})

describe('languages', () => {
	test('Vietnamese by default, with <html lang="vi">', async () => {
		const html = await (await new TestClient(server.url).get('/account/login')).text()
		expect(html).toContain('<html lang="vi"')
		expect(html).toContain('Đăng nhập Cổng nhân viên')
	})

	test('POST /settings/language sets the plain lang cookie and returns to the page', async () => {
		const client = new TestClient(server.url)
		const response = await client.post('/settings/language', { lang: 'en', redirectTo: '/account/login?reason=expired' })
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/account/login?reason=expired')
		expect(response.headers.getSetCookie().some((c) => c.startsWith('lang=en;'))).toBe(true)
		const html = await (await client.get('/account/login')).text()
		expect(html).toContain('<html lang="en"')
		expect(html).toContain('Sign in to Staff Portal')
	})

	test('an unknown language is refused with 400 and the cookie left alone', async () => {
		const client = new TestClient(server.url)
		const response = await client.post('/settings/language', { lang: 'xx', redirectTo: '/' })
		expect(response.status).toBe(400)
		expect(client.cookies.has('lang')).toBe(false)
	})

	test.each(['vn', 'en', 'es', 'de', 'it', 'ru'])('/assets/i18n/%s.json serves the translations', async (code) => {
		const response = await new TestClient(server.url).get(`/assets/i18n/${code}.json`)
		expect(response.status).toBe(200)
		const body = (await response.json()) as { login: { title: string } }
		expect(body.login.title.length).toBeGreaterThan(0)
	})

	test('a cookie naming an unknown language falls back to Vietnamese', async () => {
		const html = await (await new TestClient(server.url).get('/account/login', { Cookie: 'lang=xx' })).text()
		expect(html).toContain('<html lang="vi"')
	})
})
