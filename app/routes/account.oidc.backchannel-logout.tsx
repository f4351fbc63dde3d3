import type { ActionFunctionArgs } from '@remix-run/node'
import { ProviderUnavailableError } from '~/auth/oidc/client.server'
import { LogoutTokenError } from '~/auth/oidc/logout-token.server'
import { backChannelLogout, getOidcSettings } from '~/auth/oidc/sign-in.server'
import { routeHandle } from '~/permissions/access'
import { logger } from '~/utils/logger.server'

export const handle = routeHandle({ public: 'called by the OpenID provider, server to server; the signed logout token is the credential' })

const NO_STORE = { 'Cache-Control': 'no-store' }

function refused(status: number, error: string, headers: Record<string, string> = {}) {
	return Response.json({ error }, { status, headers: { ...NO_STORE, ...headers } })
}

/** Only the provider's POST: anything else is not this endpoint's. */
export function loader() {
	return refused(405, 'invalid_request', { Allow: 'POST' })
}

/** Back-channel logout (OpenID Connect Back-Channel Logout 1.0): exempt from the CSRF checks (server.ts), authenticated by the token. */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') return refused(405, 'invalid_request', { Allow: 'POST' })
	const settings = getOidcSettings()
	if (!settings) return refused(404, 'not_found')
	if (!(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
		return refused(400, 'invalid_request')
	let token: FormDataEntryValue | null
	try {
		token = (await request.formData()).get('logout_token')
	} catch {
		return refused(400, 'invalid_request')
	}
	if (typeof token !== 'string' || token.length === 0 || token.length > 16_384) return refused(400, 'invalid_request')
	try {
		await backChannelLogout(settings, token)
	} catch (error) {
		if (error instanceof ProviderUnavailableError) return refused(503, 'temporarily_unavailable')
		if (!(error instanceof LogoutTokenError)) throw error
		logger.warn('oidc.logout_token_refused', { reason: error.message })
		return refused(400, 'invalid_request')
	}
	return new Response(null, { status: 200, headers: NO_STORE })
}
