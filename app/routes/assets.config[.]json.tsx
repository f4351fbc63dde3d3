import { routeHandle } from '~/permissions/access'
import { getPublicConfig } from '~/public-config.server'

export const handle = routeHandle({ public: 'the runtime configuration a client reads before signing in (the seed client start-up)' })

/** `/assets/config.json`: the public runtime configuration (app/public-config.server.ts), cached briefly. */
export function loader() {
	return Response.json(getPublicConfig(), { headers: { 'Cache-Control': 'public, max-age=60' } })
}
