import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { answerApi, type ApiMethods } from '~/utils/api.server'
import { getBuildInfo } from '~/version.server'

export const handle = routeHandle({ public: 'the build version the client compares with its own (the seed version check)' })

/** `{version, buildDate, commit}` of the running build. */
export const methods = {
	GET: () => Response.json(getBuildInfo(), { headers: { 'Cache-Control': 'no-store' } }),
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
