import { getConfig } from '~/config.server'

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/

/**
 * The origin to put in links sent by email. PUBLIC_URL when set; otherwise the request's own origin
 * only when it is a loopback address (development): a Host header from anywhere else could point
 * a reset link at another site. Null means "do not send".
 */
export function publicOrigin(request: Request, configured: string | undefined = getConfig().publicUrl): string | null {
	if (configured) return configured
	const url = new URL(request.url)
	return LOOPBACK.test(url.hostname) ? url.origin : null
}
