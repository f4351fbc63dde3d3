import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { answerApi, apiMessage, type ApiMethods } from '~/utils/api.server'

export const handle = routeHandle({ public: "the API's not-found answer" }, '/api/no-such-call')

/** Any `/api` path no API route claims: a translated JSON 404, not the HTML not-found page. */
const notFound = ({ request }: { request: Request }) => apiMessage(request, 'api.notFound', { status: 404 })

export const methods = { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound } satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
