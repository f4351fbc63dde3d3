import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { en, vn } from '~/i18n/messages'
import { csvLine } from '~/catalogs/csv'
import { apiToken, location, TestClient } from '../support/client'
import { createTestDatabase, testDatabaseKind } from '../support/database'
import { parseHtml } from '../support/html'
import { startServer } from '../support/server'
import { until } from '../support/wait'

const ADMIN = { ADMIN_EMAIL: 'faults-admin@example.com', ADMIN_PASSWORD: 'Fault test password 2026 correct horse' }

type ProxyMode = 'forward' | 'refuse' | 'freeze'

/**
 * A TCP proxy between the app and PostgreSQL that can refuse every connection (a database that is
 * down) or freeze them (a database that accepts and then answers nothing), and forward again.
 */
async function databaseProxy(target: URL) {
	let mode: ProxyMode = 'forward'
	const pairs = new Set<{ client: net.Socket; upstream: net.Socket; held: [net.Socket, Buffer][] }>()
	const server = net.createServer((client) => {
		if (mode === 'refuse') return client.destroy()
		const upstream = net.connect(Number(target.port), target.hostname)
		const pair = { client, upstream, held: [] as [net.Socket, Buffer][] }
		pairs.add(pair)
		const relay = (to: net.Socket) => (data: Buffer) => (mode === 'freeze' ? pair.held.push([to, data]) : to.write(data))
		client.on('data', relay(upstream))
		upstream.on('data', relay(client))
		const end = () => {
			pairs.delete(pair)
			client.destroy()
			upstream.destroy()
		}
		client.on('close', end).on('error', end)
		upstream.on('close', end).on('error', end)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as net.AddressInfo
	const url = new URL(target)
	url.host = `127.0.0.1:${port}`
	return {
		url: url.toString(),
		set(next: ProxyMode) {
			mode = next
			if (next === 'refuse') for (const pair of pairs) pair.client.destroy()
			if (next === 'forward') {
				for (const pair of pairs) for (const [to, data] of pair.held.splice(0)) to.write(data)
			}
		},
		close: () => {
			for (const pair of pairs) pair.client.destroy()
			return new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}

/** A request that gives up after 10 s: a probe or page that hangs on the database fails the test. */
function get(client: TestClient, pathname: string, headers: Record<string, string> = {}) {
	return client.request(pathname, { headers, signal: AbortSignal.timeout(10_000) })
}

async function expectUnavailablePage(response: Response, message: string) {
	expect(response.status).toBe(503)
	expect(response.headers.get('retry-after')).toBe('5')
	expect(parseHtml(await response.text()).querySelector('h1')?.text).toBe(message)
}

const kind = testDatabaseKind()

describe('database faults', () => {
	if (kind === 'postgres') {
		test('PostgreSQL down, then frozen: /readyz says 503 without hanging, pages and the API answer a translated 503 with Retry-After, and all comes back without a restart', async () => {
			const database = await createTestDatabase('postgres')
			const proxy = await databaseProxy(new URL(database.url))
			const server = await startServer({
				DATABASE_URL: proxy.url,
				DATA_DIR: database.dataDir,
				...ADMIN,
				PG_CONNECT_TIMEOUT_MS: '1000',
				PG_STATEMENT_TIMEOUT_MS: '1000',
			})
			try {
				const browser = new TestClient(server.url)
				expect(location(await browser.signIn(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD))).toBe('/')
				const token = await apiToken(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
				const api = new TestClient(server.url, { Authorization: `Bearer ${token}` })
				expect((await get(browser, '/danhmuc/tram')).status).toBe(200)

				for (const mode of ['refuse', 'freeze'] as const) {
					proxy.set(mode)
					const ready = await get(browser, '/readyz')
					expect(ready.status).toBe(503)
					expect(await ready.json()).toEqual({ status: 'unavailable', database: 'postgres', reason: 'unreachable' })
					await expectUnavailablePage(await get(browser, '/danhmuc/tram'), vn.errors.request.unavailable)
					await expectUnavailablePage(
						await get(browser, '/danhmuc/tram', { Cookie: `${browser.cookieHeader()}; lang=en` }),
						en.errors.request.unavailable,
					)
					const answer = await get(api, '/api/QuanTri/FunctionGetByUser')
					expect(answer.status).toBe(503)
					expect(answer.headers.get('retry-after')).toBe('5')
					expect(await answer.json()).toEqual({ message: vn.errors.request.unavailable })
					// The process itself is fine.
					expect((await get(browser, '/healthz')).status).toBe(200)

					proxy.set('forward')
					await until(async () => (await get(browser, '/readyz')).status === 200, 'ready again')
					// The same session goes on: nothing was lost while the database was away.
					await until(async () => (await get(browser, '/danhmuc/tram')).status === 200, 'the list again')
					expect((await get(api, '/api/QuanTri/FunctionGetByUser')).status).toBe(200)
				}
				expect(await server.logged((entry) => entry.event === 'db.unavailable')).toBeTruthy()
			} finally {
				proxy.set('forward')
				expect(await server.stop()).toBe(0)
				await proxy.close()
				await database.drop()
			}
		})
	} else {
		test('SQLite on a full file system: /readyz says 503, an import fails with a translated message and writes nothing; with room again it goes through', async () => {
			const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-full-'))
			// A small file system of its own (root may mount one; the test script runs as root, as CI does).
			execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dataDir])
			const filler = path.join(dataDir, 'filler')
			const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, 'portal.db')}`, ...ADMIN })
			try {
				const browser = new TestClient(server.url)
				expect(location(await browser.signIn(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD))).toBe('/')
				expect((await get(browser, '/readyz')).status).toBe(200)
				const header = 'code,name,type,province,address,latitude,longitude,status,commissionedAt,note'
				const rows = Array.from({ length: 4_000 }, (_, i) =>
					csvLine([
						`FULL-${String(i).padStart(5, '0')}`,
						`Trạm đầy ${i}`,
						'bts',
						'ha-noi',
						`${i} Đường Láng, Hà Nội`,
						'21.0285',
						'105.8542',
						'active',
						'2020-01-31',
						'x'.repeat(200),
					]),
				)
				const csv = [header, ...rows].join('\r\n')
				const upload = async () => {
					const form = new FormData()
					form.set('csrf', await browser.csrfToken())
					form.set('file', new Blob([csv], { type: 'text/csv' }), 'stations.csv')
					return browser.request('/danhmuc/tram/import', { method: 'POST', body: form })
				}
				const stationCount = async () => {
					const page = parseHtml(await (await get(browser, '/danhmuc/tram?q=full-')).text())
					return page.querySelectorAll('tbody tr').filter((row) => row.text.includes('FULL-')).length
				}

				// Fill the file system to the last byte.
				const chunk = Buffer.alloc(1024 * 1024)
				const fd = fs.openSync(filler, 'w')
				try {
					for (;;) fs.writeSync(fd, chunk)
				} catch (error) {
					expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC')
				} finally {
					fs.closeSync(fd)
				}

				const ready = await get(browser, '/readyz')
				expect(ready.status).toBe(503)
				expect(await ready.json()).toEqual({ status: 'unavailable', database: 'sqlite', reason: 'storage' })
				const refused = await upload()
				expect(refused.status).toBe(503)
				expect(parseHtml(await refused.text()).querySelector('h1')?.text).toBe(vn.errors.request.storageUnavailable)
				// Reading still works, and nothing of the import was written.
				expect(await stationCount()).toBe(0)

				fs.rmSync(filler)
				await until(async () => (await get(browser, '/readyz')).status === 200, 'ready again')
				const imported = await upload()
				expect(imported.status).toBeLessThan(400)
				await imported.arrayBuffer()
				expect(await stationCount()).toBeGreaterThan(0)
			} finally {
				expect(await server.stop()).toBe(0)
				execFileSync('umount', [dataDir])
				fs.rmSync(dataDir, { recursive: true, force: true })
			}
		})
	}
})
