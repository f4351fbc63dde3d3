import type { ServerBuild } from '@remix-run/node'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'

/** Distinct paths whose route id is remembered (ids in paths make many; the oldest are forgotten). */
const REMEMBERED_PATHS = 2_000

/**
 * The id of the Remix route that answers a path (`routes/danhmuc.tram.$id`), for logs and metrics: a
 * label of bounded cardinality, unlike the path. A single-fetch data path (`/x.data`, `/_root.data`)
 * counts as its page. `unmatched` when no route answers.
 */
export function routeIdentifier(build: Pick<ServerBuild, 'routes'>): (pathname: string) => string {
	const routes = Object.values(build.routes)
	const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
		routes
			.filter((route) => route.parentId === parentId)
			.map((route) =>
				route.index
					? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive }
					: { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
			)
	const root = tree(undefined)
	const remembered = new Map<string, string>()
	return (pathname) => {
		const known = remembered.get(pathname)
		if (known) return known
		const page = pathname === '/_root.data' ? '/' : pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
		const id = matchRoutes(root, page)?.at(-1)?.route.id ?? 'unmatched'
		if (remembered.size >= REMEMBERED_PATHS) remembered.delete(remembered.keys().next().value!)
		remembered.set(pathname, id)
		return id
	}
}
