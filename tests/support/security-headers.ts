import type http from 'node:http'
import { expect } from 'vitest'

/** A response's headers, from fetch or from node:http. */
type AnyHeaders = Headers | http.IncomingHttpHeaders

function header(headers: AnyHeaders, name: string): string | null {
	if (headers instanceof Headers) return headers.get(name)
	const value = headers[name.toLowerCase()]
	return Array.isArray(value) ? value.join(', ') : (value ?? null)
}

/** The security headers every answer carries, whatever answered it (server.ts sets them first). */
export function expectSecurityHeaders(headers: AnyHeaders, what: string) {
	const csp = header(headers, 'Content-Security-Policy') ?? ''
	expect(csp, `${what}: Content-Security-Policy`).toContain("default-src 'self'")
	expect(csp, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'")
	expect(csp, `${what}: Content-Security-Policy`).toContain("object-src 'none'")
	expect(csp, `${what}: Content-Security-Policy`).not.toContain('unsafe-inline')
	expect(header(headers, 'X-Frame-Options'), `${what}: X-Frame-Options`).toBe('DENY')
	expect(header(headers, 'X-Content-Type-Options'), `${what}: X-Content-Type-Options`).toBe('nosniff')
	expect(header(headers, 'Referrer-Policy'), `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin')
	expect(header(headers, 'Permissions-Policy'), `${what}: Permissions-Policy`).toMatch(/camera=\(\)/)
	expect(header(headers, 'Cross-Origin-Opener-Policy'), `${what}: Cross-Origin-Opener-Policy`).toBe('same-origin')
	expect(header(headers, 'Cross-Origin-Resource-Policy'), `${what}: Cross-Origin-Resource-Policy`).toBe('same-origin')
	expect(header(headers, 'X-Powered-By'), `${what}: X-Powered-By`).toBeNull()
}
