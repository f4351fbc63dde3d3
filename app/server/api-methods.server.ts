import type { ServerBuild } from '@remix-run/node'
import { allowedMethods, type ApiMethods } from '~/utils/api.server'

/**
 * The methods the API route answering a path takes, from the table it exports (`methods`, see
 * `answerApi`): the request guard's `Allow` for methods Remix does not hand to routes. Null for a path
 * whose route has no table.
 */
export function apiMethodsByPath(build: Pick<ServerBuild, 'routes'>, routeId: (path: string) => string) {
	return (path: string): readonly string[] | null => {
		const methods = (build.routes[routeId(path)]?.module as { methods?: unknown } | undefined)?.methods
		return methods && typeof methods === 'object' ? allowedMethods(methods as ApiMethods) : null
	}
}
