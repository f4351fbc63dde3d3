import { getConfig } from '~/config.server'
import { requestContext } from '~/utils/logger.server'

/**
 * The origin to put in links sent by email. PUBLIC_URL when set; otherwise the request's own origin only
 * when the client is on this machine (development; see `clientOnLoopback`): a Host header from anywhere
 * else could point a reset link at another site. Null means "do not send".
 */
export function publicOrigin(
	request: Request,
	configured: string | undefined = getConfig().publicUrl,
	clientOnLoopback: boolean = requestContext.getStore()?.clientOnLoopback ?? false,
): string | null {
	if (configured) return configured
	return clientOnLoopback ? new URL(request.url).origin : null
}
