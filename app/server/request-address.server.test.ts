import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clientOnLoopback, isLoopbackAddress, requestHost, requestUrl } from './request-address.server'

/** What the functions make of a request, answered by an Express app with `trust proxy` set as TRUST_PROXY would. */
function appTrusting(trustProxy: boolean | string) {
	const app = express()
	app.set('trust proxy', trustProxy)
	app.get('*', (req, res) => {
		res.json({ host: requestHost(req), url: requestUrl(req)?.href ?? null, local: clientOnLoopback(req) })
	})
	return app
}

const servers: http.Server[] = []
const urls = new Map<boolean | string, string>()

beforeAll(async () => {
	for (const trust of [false, 'loopback', '10.0.0.1']) {
		const server = http.createServer(appTrusting(trust))
		servers.push(server)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		urls.set(trust, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
	}
})

afterAll(async () => {
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

/** One GET through node:http, which, unlike fetch, sends the Host header it is given. */
function ask(
	trust: boolean | string,
	headers: Record<string, string>,
): Promise<{ host: string | null; url: string | null; local: boolean }> {
	const base = new URL(urls.get(trust)!)
	return new Promise((resolve, reject) => {
		http
			.get({ host: base.hostname, port: base.port, path: '/account/forgot-password?x=1', headers }, (response) => {
				let body = ''
				response.on('data', (chunk: Buffer) => (body += chunk.toString()))
				response.on('end', () => resolve(JSON.parse(body) as { host: string | null; url: string | null; local: boolean }))
			})
			.on('error', reject)
	})
}

const FORWARDED = { 'X-Forwarded-Host': 'evil.example:4444', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' }

describe('forwarded headers count only through TRUST_PROXY', () => {
	test('without TRUST_PROXY the Host header and the connection decide; a forwarded request has no local client', async () => {
		expect(await ask(false, { Host: 'portal.test:3000' })).toEqual({
			host: 'portal.test:3000',
			url: 'http://portal.test:3000/account/forgot-password?x=1',
			local: true,
		})
		expect(await ask(false, { Host: 'portal.test:3000', ...FORWARDED })).toEqual({
			host: 'portal.test:3000',
			url: 'http://portal.test:3000/account/forgot-password?x=1',
			local: false,
		})
		expect(await ask(false, { Host: 'localhost', 'X-Forwarded-For': '127.0.0.1' })).toMatchObject({ local: false })
	})

	test('a trusted proxy names the host, scheme and client', async () => {
		expect(await ask('loopback', { Host: 'portal.test:3000', ...FORWARDED })).toEqual({
			host: 'evil.example:4444',
			url: 'https://evil.example:4444/account/forgot-password?x=1',
			local: false,
		})
		expect(await ask('loopback', { Host: 'localhost:3000', 'X-Forwarded-For': '127.0.0.1' })).toMatchObject({ local: true })
		expect(await ask('loopback', { Host: 'localhost:3000', 'X-Forwarded-For': '203.0.113.7, 127.0.0.1' })).toMatchObject({ local: false })
		expect(await ask('loopback', { Host: 'localhost:3000', 'X-Forwarded-Host': 'a.example, b.example' })).toMatchObject({
			host: 'a.example',
		})
	})

	test('a proxy TRUST_PROXY does not name is not believed', async () => {
		expect(await ask('10.0.0.1', { Host: 'portal.test', ...FORWARDED })).toEqual({
			host: 'portal.test',
			url: 'http://portal.test/account/forgot-password?x=1',
			local: false,
		})
	})

	test.each([
		['credentials', 'user@portal.test'],
		['credentials and a password', 'user:pass@portal.test:3000'],
		['a path', 'portal.test/x'],
		['a space', 'portal .test'],
		['a backslash', 'portal.test\\x'],
		['a port that is no number', 'portal.test:x'],
		['an unbracketed IPv6 address', '::1:3000'],
	])('a Host header with %s is no host', async (_name, host) => {
		expect(await ask(false, { Host: host })).toEqual({ host: null, url: null, local: true })
	})

	test('a trusted X-Forwarded-Host is checked alike, and a bad X-Forwarded-Proto makes no URL', async () => {
		expect(await ask('loopback', { Host: 'portal.test', 'X-Forwarded-Host': 'user@evil.example' })).toMatchObject({ host: null, url: null })
		expect(await ask('loopback', { Host: 'portal.test', 'X-Forwarded-Proto': 'javascript' })).toMatchObject({
			host: 'portal.test',
			url: null,
		})
	})
})

describe('loopback addresses', () => {
	test.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is on this machine', (address) => {
		expect(isLoopbackAddress(address)).toBe(true)
	})

	test.each(['203.0.113.7', '10.0.0.1', '::ffff:10.0.0.1', 'fe80::1', '128.0.0.1', 'localhost', '127.0.0.1.evil.example', '', undefined])(
		'%s is not',
		(address) => {
			expect(isLoopbackAddress(address)).toBe(false)
		},
	)
})
