import { routeHandle } from '~/permissions/access'
import { getBuildInfo } from '~/version.server'

export const handle = routeHandle({ public: 'the build version the client compares with its own (the seed version check)' })

/** `{version, buildDate, commit}` of the running build. */
export function loader() {
	return Response.json(getBuildInfo(), { headers: { 'Cache-Control': 'no-store' } })
}
