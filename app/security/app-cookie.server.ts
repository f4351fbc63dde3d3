import { createCookie, type Cookie } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { singleton } from '~/utils/singleton.server'

/**
 * One of the portal's own cookies, each made the same way: signed with the session secrets, HttpOnly,
 * SameSite=Lax, for the whole site; behind HTTPS (`COOKIE_SECURE`) also `Secure`, and named with the
 * `__Host-` prefix, which ties it to this host. Made once per process; `maxAgeSeconds` omitted, it ends
 * with the browser session.
 */
export function appCookie(name: string, { maxAgeSeconds }: { maxAgeSeconds?: number } = {}): Cookie {
	return singleton(`cookie:${name}`, () => {
		const config = getConfig()
		return createCookie(config.cookieSecure ? `__Host-${name}` : name, {
			httpOnly: true,
			sameSite: 'lax',
			secure: config.cookieSecure,
			path: '/',
			...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
			secrets: config.sessionSecrets,
		})
	})
}
