import { isIPv4 } from 'node:net'
import type { Request as ExpressRequest } from 'express'

/**
 * Where a request was sent and who sent it, read as Express reads them: the forwarded headers
 * (`X-Forwarded-Host`, `X-Forwarded-Proto`, `X-Forwarded-For`) count only when TRUST_PROXY (Express's
 * `trust proxy`) trusts the peer that sent them; otherwise the `Host` header and the connection do.
 * Nothing else in the portal reads these headers.
 */

type TrustProxy = (address: string | undefined, hop: number) => boolean

/** Whether TRUST_PROXY trusts the connection's peer (Express's own test for `req.hostname` and `req.protocol`). */
function trustsPeer(req: ExpressRequest): boolean {
	return (req.app.get('trust proxy fn') as TrustProxy)(req.socket.remoteAddress, 0)
}

/** A host with an optional port: a name or an IPv4 address, or an IPv6 address in brackets; no credentials, path or spaces. */
const HOST = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The host (and port) the client addressed: the first `X-Forwarded-Host` when the peer is a trusted proxy,
 * else `Host`. Null when there is none or it is not a host (`user@host`, a path, spaces).
 */
export function requestHost(req: ExpressRequest): string | null {
	const forwarded = trustsPeer(req) ? req.get('X-Forwarded-Host')?.split(',', 1)[0]?.trim() : undefined
	const host = forwarded || req.get('Host')
	return host && HOST.test(host) ? host : null
}

/**
 * The address the client asked for, as the portal's pages and links see it (`request.url`): scheme and host
 * as above, the path as sent. Null when they make no URL of this site's kind (the answer is a 400).
 */
export function requestUrl(req: ExpressRequest): URL | null {
	const host = requestHost(req)
	if (!host || (req.protocol !== 'http' && req.protocol !== 'https') || !req.originalUrl.startsWith('/')) return null
	try {
		return new URL(`${req.protocol}://${host}${req.originalUrl}`)
	} catch {
		return null
	}
}

/** Whether an address is the machine's own (127.0.0.0/8, ::1, or IPv4 loopback written as IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
	if (!address) return false
	const ip = address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address
	return isIPv4(ip) ? ip.startsWith('127.') : ip === '::1'
}

/**
 * Whether the client is on this machine: the request's resolved address (`req.ip`: the peer, or the
 * `X-Forwarded-For` entry TRUST_PROXY leads to) is a loopback address. A request that a proxy TRUST_PROXY
 * does not trust says it forwarded (`X-Forwarded-For`, `Forwarded`) has a client nobody knows: not local.
 * So a proxy on this machine makes no client local, trusted or not.
 */
export function clientOnLoopback(req: ExpressRequest): boolean {
	if (!trustsPeer(req) && (req.get('X-Forwarded-For') !== undefined || req.get('Forwarded') !== undefined)) return false
	return isLoopbackAddress(req.ip)
}
